import * as z from 'zod/mini';
import { cccode, channelCode, clientId, dateTime, logicalGuid, longText, money, orgcode, policyRefs, shortText } from '../common-schemas';
import { eventFields } from '../events/accounting-event';
import { invoiceLineInput, maxInvoiceLines, paymentTerms } from './invoice';
import { amountOrMoney, currencyCode } from './money';
import { paymentMethods } from './payment';

/** Fields an order copies to its ledger event, so validated exactly as an event record's. */
const { tax_jurisdiction_code, tax_components } = eventFields();

/**
 * The platform events receivables react to (docs/decisions.md: Platform events). Extra fields
 * are ignored; a missing or malformed required field rejects the event.
 */
export const orderPlacedDetail = z.object({
  orgcode,
  order_id: clientId,
  customer_id: clientId,
  placed_at: dateTime,
  currency: currencyCode,
  lines: z.array(z.object({ ...invoiceLineInput.shape, sku: shortText })).check(z.minLength(1), z.maxLength(maxInvoiceLines)),
  subtotal: amountOrMoney,
  tax_total: amountOrMoney,
  total: amountOrMoney,
  channel_code: z.optional(channelCode),
  logical_guid: z.optional(logicalGuid),
  cccode: z.optional(cccode),
  payment_terms: z.optional(paymentTerms),
  associate_id: z.optional(clientId),
  policy_refs: z.optional(policyRefs),
  tax_jurisdiction_code,
  tax_components,
});
export type OrderPlacedDetail = z.infer<typeof orderPlacedDetail>;

export const tenderCapturedDetail = z.object({
  orgcode,
  tender_id: clientId,
  order_id: clientId,
  amount: money.check(z.refine((value) => value.amount > 0, { path: ['amount'], error: 'must be greater than zero' })),
  method: z.enum(paymentMethods),
  captured_at: dateTime,
});
export type TenderCapturedDetail = z.infer<typeof tenderCapturedDetail>;

/** `retail.orders` / `order.cancelled`: voids the order's commission, or leaves a tombstone for it. */
export const orderCancelledDetail = z.object({
  orgcode,
  order_id: clientId,
  cancelled_at: dateTime,
  reason: z.optional(longText),
});
export type OrderCancelledDetail = z.infer<typeof orderCancelledDetail>;
