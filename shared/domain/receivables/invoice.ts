import * as z from 'zod/mini';
import {
  builtOnFirstUse,
  cccode,
  channelCode,
  clientId,
  dateTime,
  instant,
  integer,
  logicalGuid,
  longText,
  requestContext,
  revision,
  shortText,
  sourceRef,
  sourceRefs,
} from '../common-schemas';
import { decimalFromNumber } from '../decimal';
import { InvalidStateError, type ValidationIssue } from '../errors';
import { statusListing } from '../list-statuses';
import { type MinorUnits, amountOrMoney, currencyCode, fromMinorUnits, readAmount, sumUnits, timesQuantity } from './money';

/** docs/decisions.md, Accounts receivable. `partially_paid` and `paid` follow from payments only. */
export const invoiceStatuses = ['draft', 'open', 'partially_paid', 'paid', 'void', 'written_off'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
/** Closed invoices: a written-off one may be reopened, a correction that does not make `written_off` open. */
export const terminalInvoiceStatuses: readonly InvoiceStatus[] = ['paid', 'void', 'written_off'];
export const invoiceListing = statusListing(invoiceStatuses, terminalInvoiceStatuses);
/** Statuses in which an invoice is owed: it counts in aging and balances and takes payments. */
export const receivableStatuses: readonly InvoiceStatus[] = ['open', 'partially_paid'];

export const isTerminal = (status: InvoiceStatus) => terminalInvoiceStatuses.includes(status);
export const isReceivable = (status: InvoiceStatus) => receivableStatuses.includes(status);

/** Ten years: the longest credit the service grants. */
const maxNetDays = 3650;

export const paymentTerms = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('net'), net_days: integer(0, maxNetDays) }),
    z.strictObject({ type: z.literal('due_on_receipt') }),
  ],
  {
    // The API's wording for an unknown `type`; any other issue keeps its default message.
    error: (issue) =>
      issue.code === 'invalid_union' ? "Invalid discriminator value. Expected 'net' | 'due_on_receipt'" : undefined,
  },
);
export type PaymentTerms = z.infer<typeof paymentTerms>;

/** Largest quantity on one line, a billion units: no real sale comes near it. */
const maxQuantity = 1e9;
const maxQuantityDigits = 6;

const quantity = z.number().check(
  z.positive(),
  z.maximum(maxQuantity),
  z.refine(
    (value) => decimalFromNumber(value).scale <= maxQuantityDigits,
    `must have at most ${maxQuantityDigits} decimal places`,
  ),
);

export const invoiceLineInput = z.strictObject({
  sku: z.optional(shortText),
  description: z.optional(shortText),
  quantity,
  unit_amount: amountOrMoney,
  tax_amount: z.optional(amountOrMoney),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInput>;

/** Lines an invoice may carry: it and its ledger writes stay well inside one 400 KB item. */
export const maxInvoiceLines = 250;

/** The invoice content shared by `/invoice/set` and the order-placed event. */
export const invoiceContentFields = {
  customer_id: clientId,
  currency: currencyCode,
  lines: z.array(invoiceLineInput).check(z.minLength(1), z.maxLength(maxInvoiceLines)),
  subtotal: z.optional(amountOrMoney),
  tax_total: z.optional(amountOrMoney),
  total: z.optional(amountOrMoney),
  payment_terms: paymentTerms,
  channel_code: z.optional(channelCode),
  logical_guid: z.optional(logicalGuid),
  cccode: z.optional(cccode),
};

export const invoiceSetRequest = builtOnFirstUse(() => z.strictObject({
  invoice_id: z.optional(clientId),
  order_id: clientId,
  ...invoiceContentFields,
  /** The invoice date; defaults to when the invoice is issued (opened). */
  issued_at: z.optional(dateTime),
  status: z._default(z.enum(['draft', 'open']), 'open'),
  // Optional here so that changing an existing draft without it is 428, not 400.
  expected_revision: z.optional(revision),
  memo: z.optional(longText),
  reason: z.optional(longText),
  source_refs: z._default(sourceRefs, []),
  request_context: z.optional(requestContext),
}));
export type InvoiceSetRequest = z.infer<typeof invoiceSetRequest>;

/** Statuses `/invoice/status/set` can set. */
export const settableInvoiceStatuses = ['open', 'void', 'written_off'] as const;
export type SettableInvoiceStatus = (typeof settableInvoiceStatuses)[number];

export const invoiceStatusSetRequest = builtOnFirstUse(() => z.strictObject({
  invoice_id: clientId,
  status: z.enum(settableInvoiceStatuses),
  // Optional here so that leaving it out is 428 expected-revision-required, not 400.
  expected_revision: z.optional(revision),
  reason: z.optional(longText),
  source_refs: z._default(sourceRefs, []),
  request_context: z.optional(requestContext),
}));
export type InvoiceStatusSetRequest = z.infer<typeof invoiceStatusSetRequest>;

/** An invoice line as priced: amounts in the invoice's currency. */
export const invoiceLineSchema = builtOnFirstUse(() => z.object({
  sku: z.optional(z.string()),
  description: z.optional(z.string()),
  quantity: z.number(),
  unit_amount: z.number(),
  tax_amount: z.number(),
  /** quantity x unit_amount, before tax. */
  line_amount: z.number(),
}));
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** An invoice (spec: Invoice), as stored and answered. */
export const invoiceSchema = builtOnFirstUse(() => z.object({
  invoice_id: z.string(),
  orgcode: z.string(),
  order_id: z.string(),
  customer_id: z.string(),
  currency: currencyCode,
  lines: z.array(invoiceLineSchema),
  subtotal: z.number(),
  tax_total: z.number(),
  total: z.number(),
  amount_paid: z.number(),
  balance_due: z.number(),
  payment_terms: paymentTerms,
  /** Set once issued (or when a draft states its date). */
  issued_at: z.optional(instant),
  due_at: z.optional(instant),
  status: z.enum(invoiceStatuses),
  status_reason: z.optional(z.string()),
  memo: z.optional(z.string()),
  channel_code: z.optional(z.string()),
  logical_guid: z.optional(z.string()),
  cccode: z.optional(z.string()),
  source_refs: z.array(sourceRef),
  request_context: requestContext,
  revision,
  created_at: instant,
  updated_at: instant,
}));
export type Invoice = z.infer<typeof invoiceSchema>;

/** Invoice content checked and priced: what a request or an order event describes. */
export type InvoiceContent = Pick<
  Invoice,
  | 'customer_id'
  | 'currency'
  | 'lines'
  | 'subtotal'
  | 'tax_total'
  | 'total'
  | 'payment_terms'
  | 'channel_code'
  | 'logical_guid'
  | 'cccode'
>;

type ContentInput = z.infer<z.ZodMiniObject<typeof invoiceContentFields>>;

/**
 * Prices the lines exactly in the currency's minor units and checks any totals
 * the caller stated against them. Returns every problem found, by field path.
 */
export function priceInvoice(input: ContentInput): { content: InvoiceContent } | { issues: ValidationIssue[] } {
  const { currency } = input;
  const issues: ValidationIssue[] = [];
  const read = (value: z.infer<typeof amountOrMoney>, path: string): MinorUnits => {
    const result = readAmount(value, currency);
    if ('problem' in result) {
      issues.push({ path, message: result.problem });
      return 0n;
    }
    if (result.units < 0n) issues.push({ path, message: 'must not be negative' });
    return result.units;
  };

  const priced = input.lines.map((line, index) => {
    const unit = read(line.unit_amount, `lines.${index}.unit_amount`);
    const tax = line.tax_amount === undefined ? 0n : read(line.tax_amount, `lines.${index}.tax_amount`);
    const amount = timesQuantity(unit, line.quantity);
    if (amount === undefined) {
      issues.push({ path: `lines.${index}.quantity`, message: `quantity x unit_amount must come to whole ${currency} minor units` });
    }
    return { line, unit, tax, amount: amount ?? 0n };
  });

  const subtotal = sumUnits(priced.map((line) => line.amount));
  const taxTotal = sumUnits(priced.map((line) => line.tax));
  const total = subtotal + taxTotal;
  const stated = { subtotal, tax_total: taxTotal, total } as const;
  for (const field of ['subtotal', 'tax_total', 'total'] as const) {
    const given = input[field];
    if (given === undefined) continue;
    const units = read(given, field);
    if (units !== stated[field]) {
      issues.push({ path: field, message: `must equal the lines' ${field.replace('_', ' ')}, ${fromMinorUnits(stated[field], currency)}` });
    }
  }
  if (total <= 0n && !issues.length) issues.push({ path: 'lines', message: 'the invoice total must be greater than zero' });
  if (issues.length) return { issues };

  const money = (units: MinorUnits) => fromMinorUnits(units, currency);
  return {
    content: {
      customer_id: input.customer_id,
      currency,
      lines: priced.map(({ line, unit, tax, amount }) => ({
        ...(line.sku !== undefined && { sku: line.sku }),
        ...(line.description !== undefined && { description: line.description }),
        quantity: line.quantity,
        unit_amount: money(unit),
        tax_amount: money(tax),
        line_amount: money(amount),
      })),
      subtotal: money(subtotal),
      tax_total: money(taxTotal),
      total: money(total),
      payment_terms: input.payment_terms,
      channel_code: input.channel_code,
      logical_guid: input.logical_guid,
      cccode: input.cccode,
    },
  };
}

const dayMs = 24 * 60 * 60 * 1000;

/** When an invoice issued at `issuedAt` falls due under its terms. */
export function dueAt(issuedAt: string, terms: PaymentTerms): string {
  const days = terms.type === 'net' ? terms.net_days : 0;
  return new Date(new Date(issuedAt).getTime() + days * dayMs).toISOString();
}

/** The UTC calendar day of an instant, `YYYY-MM-DD`: aging counts whole days past it. */
export const utcDay = (instant: string) => instant.slice(0, 10);

/** The status a receivable invoice has after payments: it follows from what is still owed. */
export function statusAfterPayments(amountPaid: MinorUnits, balanceDue: MinorUnits): InvoiceStatus {
  if (balanceDue === 0n) return 'paid';
  return amountPaid > 0n ? 'partially_paid' : 'open';
}

const moveSources: Record<SettableInvoiceStatus, readonly InvoiceStatus[]> = {
  open: ['draft', 'written_off'],
  void: ['draft', 'open'],
  written_off: ['open', 'partially_paid'],
};

/** Why `invoice` cannot be moved to `target`, or undefined when it can. */
export function invalidInvoiceMove(invoice: Invoice, target: SettableInvoiceStatus): InvalidStateError | undefined {
  const sources = moveSources[target];
  if (!sources.includes(invoice.status)) {
    return new InvalidStateError(`A ${invoice.status} invoice cannot become ${target}: only ${sources.join(' or ')} can`, {
      from: invoice.status,
      to: target,
    });
  }
  if (target === 'void' && invoice.amount_paid !== 0) {
    return new InvalidStateError('An invoice with payments applied cannot be voided; write it off instead', {
      from: invoice.status,
      to: target,
      amount_paid: invoice.amount_paid,
    });
  }
  return undefined;
}
