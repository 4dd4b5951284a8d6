import { z } from 'zod';
import { cccode, channelCode, clientId, dateTime, logicalGuid, money, orgcode, policyRefs, shortText } from '../common-schemas';
import { invoiceLineInput, paymentTerms } from './invoice';
import { amountOrMoney, currencyCode } from './money';
import { paymentMethods } from './payment';

/**
 * The platform events receivables react to (DESIGN.md section 7). Extra fields
 * are ignored; a missing or malformed required field rejects the event.
 */
export const orderPlacedDetail = z.object({
  orgcode,
  order_id: clientId,
  customer_id: clientId,
  placed_at: dateTime,
  currency: currencyCode,
  lines: z.array(invoiceLineInput.extend({ sku: shortText }).strip()).min(1).max(250),
  subtotal: amountOrMoney,
  tax_total: amountOrMoney,
  total: amountOrMoney,
  channel_code: channelCode.optional(),
  logical_guid: logicalGuid.optional(),
  cccode: cccode.optional(),
  payment_terms: paymentTerms.optional(),
  associate_id: clientId.optional(),
  policy_refs: policyRefs.optional(),
});
export type OrderPlacedDetail = z.infer<typeof orderPlacedDetail>;

export const tenderCapturedDetail = z.object({
  orgcode,
  tender_id: clientId,
  order_id: clientId,
  amount: money.refine((value) => value.amount > 0, { message: 'must be greater than zero', path: ['amount'] }),
  method: z.enum(paymentMethods),
  captured_at: dateTime,
});
export type TenderCapturedDetail = z.infer<typeof tenderCapturedDetail>;
