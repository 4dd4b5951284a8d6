import * as z from 'zod/mini';
import { type SourceRef, instant } from '../common-schemas';
import { type AccountingEvent, buildEvent } from '../events/accounting-event';
import { newId } from '../identifiers';
import type { InvoiceNoticeType } from '../outgoing-event';
import {
  type Invoice,
  type InvoiceStatus,
  type SettableInvoiceStatus,
  dueAt,
  isReceivable,
  statusAfterPayments,
  utcDay,
} from './invoice';
import { type MinorUnits, currencyCode, fromMinorUnits, minUnits, toMinorUnits } from './money';
import type { Payment, PaymentMethod, UnappliedReason } from './payment';
import type { ChangeOrigin } from '../change-origin';

/**
 * What a change does to the customer's receivables: the amount owed on one
 * due day moves by `balanceDelta`, and a dated entry records it for
 * statements. Every change of what is owed produces exactly one.
 */
export interface ReceivableChange {
  customer_id: string;
  currency: string;
  due_day: string;
  balanceDelta: MinorUnits;
  /** +1 when an invoice becomes owed, -1 when it stops being owed. */
  openInvoicesDelta: -1 | 0 | 1;
  /**
   * When the change counts for aging as of a day: its entry's date, or the
   * invoice's issue if that is later (a payment dated before its invoice was
   * issued), so no change of an invoice counts before the invoice does.
   */
  countsAt: string;
  entry: StatementEntry;
}

export const statementEntryKinds = ['invoice', 'payment', 'void', 'write_off', 'reopen'] as const;
export type StatementEntryKind = (typeof statementEntryKinds)[number];

/** One dated movement of a customer's balance, as a statement lists it (built by the statement's schema, on first use). */
export const statementEntryObject = () =>
  z.object({
    entry_id: z.string(),
    kind: z.enum(statementEntryKinds),
    at: instant,
    currency: currencyCode,
    /** Signed: what the customer owes more (+) or less (-). */
    amount: z.number(),
    invoice_id: z.string(),
    order_id: z.string(),
    payment_id: z.optional(z.string()),
    description: z.string(),
  });
export type StatementEntry = z.infer<ReturnType<typeof statementEntryObject>>;

/** The result of a change: the invoice as it becomes, and what it records and announces. */
export interface InvoiceChange {
  invoice: Invoice;
  receivable?: ReceivableChange;
  event?: AccountingEvent;
  notice?: InvoiceNoticeType;
}

const units = (invoice: Invoice, amount: number) => toMinorUnits(amount, invoice.currency) ?? 0n;
const money = (invoice: Invoice, amount: MinorUnits) => fromMinorUnits(amount, invoice.currency);

function invoiceRefs(invoice: Invoice): SourceRef[] {
  return [
    { kind: 'invoice', id: invoice.invoice_id },
    { kind: 'order', id: invoice.order_id },
    { kind: 'customer', id: invoice.customer_id },
  ];
}

/** The instant a change dated `at` counts at for aging: `at`, or its invoice's issue if that is later. */
export function changeCountsAt(at: string, issuedAt: string | undefined): string {
  return issuedAt !== undefined && issuedAt > at ? issuedAt : at;
}

function receivable(
  invoice: Invoice,
  kind: StatementEntryKind,
  at: string,
  delta: MinorUnits,
  openInvoicesDelta: -1 | 0 | 1,
  description: string,
  now: Date,
  paymentId?: string,
): ReceivableChange {
  return {
    customer_id: invoice.customer_id,
    currency: invoice.currency,
    due_day: utcDay(invoice.due_at ?? at),
    balanceDelta: delta,
    openInvoicesDelta,
    countsAt: changeCountsAt(at, invoice.issued_at),
    entry: {
      entry_id: newId('are', now),
      kind,
      at,
      currency: invoice.currency,
      amount: money(invoice, delta),
      invoice_id: invoice.invoice_id,
      order_id: invoice.order_id,
      ...(paymentId && { payment_id: paymentId }),
      description,
    },
  };
}

function invoiceEvent(
  invoice: Invoice,
  eventType: 'invoice.issued' | 'invoice.status_changed' | 'invoice.payment_applied',
  occurredAt: string,
  amount: MinorUnits,
  reason: string,
  refs: SourceRef[],
  origin: ChangeOrigin,
): AccountingEvent {
  return buildEvent(
    {
      event_type: eventType,
      occurred_at: occurredAt,
      amount: { currency: invoice.currency, amount: money(invoice, amount) },
      ...(eventType === 'invoice.issued' && { tax_amount: { currency: invoice.currency, amount: invoice.tax_total } }),
      channel_code: invoice.channel_code,
      logical_guid: invoice.logical_guid,
      cccode: invoice.cccode,
      reason,
      source_refs: refs,
      request_context: origin.requestContext,
    },
    { orgcode: origin.orgcode, requestContext: origin.requestContext, now: origin.now },
  );
}

/**
 * Issues an invoice: it becomes `open`, dated `issued_at` (else now), due under
 * its terms, and its total becomes owed.
 */
export function issueInvoice(draft: Invoice, origin: ChangeOrigin, reason?: string, extraRefs: SourceRef[] = []): InvoiceChange {
  const issuedAt = draft.issued_at ?? origin.now.toISOString();
  const invoice: Invoice = {
    ...draft,
    status: 'open',
    issued_at: issuedAt,
    due_at: dueAt(issuedAt, draft.payment_terms),
    amount_paid: 0,
    balance_due: draft.total,
  };
  const total = units(invoice, invoice.total);
  return {
    invoice,
    notice: 'invoice.issued',
    receivable: receivable(invoice, 'invoice', issuedAt, total, 1, `Invoice ${invoice.invoice_id} for order ${invoice.order_id}`, origin.now),
    event: invoiceEvent(
      invoice,
      'invoice.issued',
      issuedAt,
      total,
      reason ?? `Invoice ${invoice.invoice_id} issued for order ${invoice.order_id}`,
      [...invoiceRefs(invoice), ...extraRefs],
      origin,
    ),
  };
}

/**
 * A status move of `/invoice/status/set` (already checked by invalidInvoiceMove).
 * Voiding or writing off takes the balance off the receivables; reopening a
 * written-off invoice puts it back, and the invoice lands in the status its
 * payments give it (`partially_paid` when some were applied).
 */
export function moveInvoiceStatus(
  current: Invoice,
  target: SettableInvoiceStatus,
  origin: ChangeOrigin,
  reason?: string,
  extraRefs: SourceRef[] = [],
): InvoiceChange {
  if (current.status === 'draft' && target === 'open') return issueInvoice({ ...current, status_reason: reason }, origin, reason, extraRefs);
  const now = origin.now.toISOString();
  const balance = units(current, current.balance_due);
  const paid = units(current, current.amount_paid);
  const status: InvoiceStatus = target === 'open' ? statusAfterPayments(paid, balance) : target;
  const invoice: Invoice = { ...current, status, ...(reason !== undefined && { status_reason: reason }) };
  const wasOwed = isReceivable(current.status);
  const description = `Invoice ${current.invoice_id} ${target === 'open' ? 'reopened' : target === 'void' ? 'voided' : 'written off'}`;
  let change: ReceivableChange | undefined;
  if (wasOwed && !isReceivable(status)) {
    change = receivable(invoice, target === 'void' ? 'void' : 'write_off', now, -balance, -1, description, origin.now);
  } else if (!wasOwed && isReceivable(status)) {
    change = receivable(invoice, 'reopen', now, balance, 1, description, origin.now);
  }
  return {
    invoice,
    notice: 'invoice.status_changed',
    receivable: change,
    event: invoiceEvent(
      invoice,
      'invoice.status_changed',
      now,
      change ? (change.balanceDelta < 0n ? -change.balanceDelta : change.balanceDelta) : 0n,
      reason ?? `${description}: ${current.status} to ${status}`,
      [...invoiceRefs(invoice), ...extraRefs],
      origin,
    ),
  };
}

export interface PaymentReceipt {
  payment_id: string;
  /** In the payment's currency, which may differ from the invoice's. */
  currency: string;
  amount: MinorUnits;
  method: PaymentMethod;
  received_at: string;
  origin: Payment['origin'];
  tender_id?: string;
  reference?: string;
  reason?: string;
  source_refs: SourceRef[];
}

/**
 * Applies what can be applied of a receipt: up to the balance of a receivable
 * invoice in the same currency. The rest stays unapplied, with the reason.
 * (A manual payment is checked beforehand, so for it the rest is always zero.)
 */
export function applyReceipt(current: Invoice, receipt: PaymentReceipt, origin: ChangeOrigin): InvoiceChange & { payment: Payment } {
  const balance = units(current, current.balance_due);
  let applied = 0n;
  let unappliedReason: UnappliedReason | undefined;
  if (receipt.currency !== current.currency) unappliedReason = 'currency_mismatch';
  else if (!isReceivable(current.status)) unappliedReason = 'invoice_not_receivable';
  else {
    applied = minUnits(receipt.amount, balance);
    if (applied < receipt.amount) unappliedReason = 'exceeds_balance';
  }
  const paid = units(current, current.amount_paid) + applied;
  const newBalance = balance - applied;
  // Even a payment of which nothing applies is a change of the invoice (its payments), so it bumps the revision.
  const invoice: Invoice =
    applied > 0n
      ? {
          ...current,
          amount_paid: money(current, paid),
          balance_due: money(current, newBalance),
          status: statusAfterPayments(paid, newBalance),
        }
      : current;
  const inCurrency = (amount: MinorUnits) => fromMinorUnits(amount, receipt.currency);
  const refs: SourceRef[] = [
    { kind: 'payment', id: receipt.payment_id },
    ...invoiceRefs(current),
    ...(receipt.tender_id ? [{ kind: 'tender', id: receipt.tender_id }] : []),
    ...receipt.source_refs,
  ];
  const payment: Payment = {
    payment_id: receipt.payment_id,
    orgcode: origin.orgcode,
    invoice_id: current.invoice_id,
    order_id: current.order_id,
    customer_id: current.customer_id,
    currency: receipt.currency,
    amount: inCurrency(receipt.amount),
    applied_amount: inCurrency(applied),
    unapplied_amount: inCurrency(receipt.amount - applied),
    ...(unappliedReason && { unapplied_reason: unappliedReason }),
    method: receipt.method,
    ...(receipt.tender_id && { tender_id: receipt.tender_id }),
    ...(receipt.reference && { reference: receipt.reference }),
    received_at: receipt.received_at,
    origin: receipt.origin,
    invoice_revision: current.revision + 1,
    source_refs: refs,
    request_context: origin.requestContext,
    created_at: origin.now.toISOString(),
  };
  const closes = applied > 0n && newBalance === 0n;
  return {
    invoice,
    payment,
    ...(closes && { notice: 'invoice.paid' as const }),
    receivable:
      applied > 0n
        ? receivable(invoice, 'payment', receipt.received_at, -applied, closes ? -1 : 0, `Payment ${receipt.payment_id} (${receipt.method})`, origin.now, receipt.payment_id)
        : undefined,
    event: invoiceEvent(
      invoice,
      'invoice.payment_applied',
      receipt.received_at,
      applied,
      receipt.reason ??
        `Payment ${receipt.payment_id} of ${inCurrency(receipt.amount)} ${receipt.currency} applied ${inCurrency(applied)} to invoice ${current.invoice_id}`,
      refs,
      origin,
    ),
  };
}

/** The change as the next revision of `before`, stamped `now`. */
export function asRevisionAfter<Change extends InvoiceChange>(change: Change, before: Invoice, now: Date): Change {
  return { ...change, invoice: { ...change.invoice, revision: before.revision + 1, updated_at: now.toISOString() } };
}
