import type { IdempotencyClaim } from '../db/idempotency-repository';
import { idempotencyRecordPut } from '../db/idempotency-repository';
import { saveInvoiceChange, findInvoice } from '../db/receivables/invoice-repository';
import { paymentPuts } from '../db/receivables/payment-repository';
import { TenderAlreadyReceivedError, tenderAppliedWrites } from '../db/receivables/tender-repository';
import { DuplicateIdError, InvalidStateError, NotFoundError, RevisionConflictError, ValidationError } from '../domain/errors';
import { newId } from '../domain/identifiers';
import { type Invoice, isReceivable } from '../domain/receivables/invoice';
import { applyReceipt, asRevisionAfter } from '../domain/receivables/invoice-changes';
import { fromMinorUnits, readAmount, toMinorUnits } from '../domain/receivables/money';
import type { Payment, PaymentApplyRequest } from '../domain/receivables/payment';
import { requireExpectedRevision } from '../domain/revision';
import type { ChangeOrigin } from '../domain/change-origin';

/**
 * `/invoice/payment/apply`: a payment received by hand, applied whole to one
 * invoice under its expected revision (which it bumps). Unlike a captured
 * tender, a manual payment that cannot apply whole is refused, not kept.
 */
export async function applyManualPayment(
  request: PaymentApplyRequest,
  origin: ChangeOrigin,
  idempotency?: IdempotencyClaim,
): Promise<{ payment: Payment; invoice: Invoice }> {
  const expected = requireExpectedRevision(request.expected_revision);
  const invoice = await findInvoice(origin.orgcode, request.invoice_id);
  if (!invoice) throw new NotFoundError();
  if (invoice.revision !== expected) throw new RevisionConflictError(expected, invoice.revision);

  const statedCurrency = typeof request.amount === 'number' ? request.currency : request.amount.currency;
  if (statedCurrency === undefined) {
    throw new ValidationError([{ path: 'currency', message: 'is required when amount is a number (or give amount as {currency, amount})' }]);
  }
  if (request.currency !== undefined && request.currency !== statedCurrency) {
    throw new ValidationError([{ path: 'currency', message: `does not match amount.currency ${statedCurrency}` }]);
  }
  const read = readAmount(typeof request.amount === 'number' ? { currency: statedCurrency, amount: request.amount } : request.amount, invoice.currency);
  if ('problem' in read) throw new ValidationError([{ path: 'amount', message: read.problem }]);
  if (read.units <= 0n) throw new ValidationError([{ path: 'amount', message: 'must be greater than zero' }]);
  if (!isReceivable(invoice.status)) {
    throw new InvalidStateError(`A ${invoice.status} invoice does not take payments: only open or partially_paid ones do`, {
      status: invoice.status,
    });
  }
  const balance = toMinorUnits(invoice.balance_due, invoice.currency) ?? 0n;
  if (read.units > balance) {
    throw new ValidationError([
      { path: 'amount', message: `exceeds the balance due, ${fromMinorUnits(balance, invoice.currency)} ${invoice.currency}` },
    ]);
  }

  const paymentId = request.payment_id ?? newId('pay', origin.now);
  const change = asRevisionAfter(
    applyReceipt(
      invoice,
      {
        payment_id: paymentId,
        currency: invoice.currency,
        amount: read.units,
        method: request.method,
        received_at: request.received_at ?? origin.now.toISOString(),
        origin: 'manual',
        tender_id: request.tender_id,
        reference: request.reference,
        reason: request.reason,
        source_refs: request.source_refs,
      },
      origin,
    ),
    invoice,
    origin.now,
  );
  const data = { payment: change.payment, invoice: change.invoice };
  try {
    await saveInvoiceChange(invoice, change, [
      ...(idempotency ? [idempotencyRecordPut(idempotency, data, origin.now)] : []),
      ...paymentPuts(change.payment),
      ...(request.tender_id
        ? tenderAppliedWrites({ orgcode: origin.orgcode, tender_id: request.tender_id, order_id: invoice.order_id }, paymentId, false, origin.now)
        : []),
    ]);
  } catch (error) {
    if (error instanceof TenderAlreadyReceivedError) throw new DuplicateIdError('tender_id', request.tender_id ?? '');
    throw error;
  }
  return data;
}
