import { ValidationError } from '../domain/errors';
import { newId } from '../domain/identifiers';
import type { TenderCapturedDetail } from '../domain/receivables/incoming-events';
import type { Invoice } from '../domain/receivables/invoice';
import { applyReceipt, asRevisionAfter } from '../domain/receivables/invoice-changes';
import { toMinorUnits } from '../domain/receivables/money';
import { retryingConflicts } from '../db/conflict-retry';
import { findInvoiceOfOrder, saveInvoiceChange } from '../db/receivables/invoice-repository';
import { paymentPuts } from '../db/receivables/payment-repository';
import {
  InvoiceAppearedError,
  TenderAlreadyReceivedError,
  findTenderClaim,
  parkTender,
  parkedTenders,
  tenderAppliedWrites,
} from '../db/receivables/tender-repository';
import { systemOrigin } from '../domain/change-origin';

export type TenderOutcome =
  | { outcome: 'applied'; payment_id: string; invoice_id: string }
  | { outcome: 'parked' }
  | { outcome: 'duplicate' };

function tenderAmount(tender: TenderCapturedDetail): bigint {
  const units = toMinorUnits(tender.amount.amount, tender.amount.currency);
  if (units === undefined) {
    throw new ValidationError([{ path: 'detail.amount.amount', message: `has more decimals than ${tender.amount.currency} has` }]);
  }
  return units;
}

async function applyTender(invoice: Invoice, tender: TenderCapturedDetail, wasParked: boolean, now: Date) {
  const origin = systemOrigin(tender.orgcode, 'event:tender.captured', now);
  const change = applyReceipt(
    invoice,
    {
      payment_id: newId('pay', now),
      currency: tender.amount.currency,
      amount: tenderAmount(tender),
      method: tender.method,
      received_at: tender.captured_at,
      origin: 'tender',
      tender_id: tender.tender_id,
      source_refs: [],
    },
    origin,
  );
  await saveInvoiceChange(invoice, asRevisionAfter(change, invoice, now), [
    ...paymentPuts(change.payment),
    ...tenderAppliedWrites(tender, change.payment.payment_id, wasParked, now),
  ]);
  return change.payment;
}

/**
 * A tender captured for an order: applied to the order's invoice, up to its
 * balance (the rest kept unapplied on the payment), or parked until the
 * invoice exists. Deduplicated on the tender id in the same transaction as
 * the effect, so redeliveries, sequential or concurrent, apply it once.
 */
export async function receiveTender(tender: TenderCapturedDetail, now: Date): Promise<TenderOutcome> {
  tenderAmount(tender);
  return retryingConflicts(async () => {
    if (await findTenderClaim(tender.orgcode, tender.tender_id)) return { outcome: 'duplicate' };
    const invoice = await findInvoiceOfOrder(tender.orgcode, tender.order_id);
    try {
      // A draft is not owed yet: its tenders wait until it is issued.
      if (!invoice || invoice.status === 'draft') {
        await parkTender(tender, now);
        return { outcome: 'parked' };
      }
      const payment = await applyTender(invoice, tender, false, now);
      return { outcome: 'applied', payment_id: payment.payment_id, invoice_id: invoice.invoice_id };
    } catch (error) {
      if (error instanceof TenderAlreadyReceivedError) return { outcome: 'duplicate' };
      // The invoice was created meanwhile: the next round applies the tender to it.
      if (error instanceof InvoiceAppearedError) return undefined;
      throw error;
    }
  });
}

/**
 * Applies the tenders parked for an order, once its invoice exists and is no
 * longer a draft. Safe to run any number of times, concurrently too: each
 * parked tender moves to applied once. Run after every invoice creation or
 * issue, and on every duplicate of it, so a crash between the two is repaired
 * by the redelivery.
 */
export async function applyParkedTenders(orgcode: string, orderId: string, now: Date): Promise<number> {
  let applied = 0;
  for (const tender of await parkedTenders(orgcode, orderId)) {
    await retryingConflicts(async () => {
      const invoice = await findInvoiceOfOrder(orgcode, orderId);
      if (!invoice || invoice.status === 'draft') return false;
      try {
        await applyTender(invoice, tender, true, now);
        applied += 1;
      } catch (error) {
        if (!(error instanceof TenderAlreadyReceivedError)) throw error;
      }
      return true;
    });
  }
  return applied;
}
