import * as z from 'zod/mini';
import {
  builtOnFirstUse,
  clientId,
  dateTime,
  idempotencyKey,
  instant,
  longText,
  requestContext,
  revision,
  shortText,
  sourceRef,
  sourceRefs,
} from '../common-schemas';
import { amountOrMoney, currencyCode } from './money';

/** How a tender was paid (docs/decisions.md: Platform events). */
export const paymentMethods = ['card', 'cash', 'gift_card', 'store_credit', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentApplyRequest = builtOnFirstUse(() => z.strictObject({
  invoice_id: clientId,
  // Optional here so that leaving it out is 428 expected-revision-required, not 400.
  expected_revision: z.optional(revision),
  payment_id: z.optional(clientId),
  /** A number in `currency`, or Money `{currency, amount}`. */
  amount: amountOrMoney,
  currency: z.optional(currencyCode),
  method: z.enum(paymentMethods),
  /** A tender applied by hand is still claimed once: the tender-captured event then finds it applied. */
  tender_id: z.optional(clientId),
  received_at: z.optional(dateTime),
  reference: z.optional(shortText),
  reason: z.optional(longText),
  source_refs: z._default(sourceRefs, []),
  idempotency_key: z.optional(idempotencyKey),
  request_context: z.optional(requestContext),
}));
export type PaymentApplyRequest = z.infer<typeof paymentApplyRequest>;

/** Why part or all of a payment could not be applied to its invoice. */
export const unappliedReasons = ['exceeds_balance', 'invoice_not_receivable', 'currency_mismatch'] as const;
export type UnappliedReason = (typeof unappliedReasons)[number];

/** A payment received against an invoice (spec: Payment), as stored and answered. */
export const paymentSchema = builtOnFirstUse(() => z.object({
  payment_id: z.string(),
  orgcode: z.string(),
  invoice_id: z.string(),
  order_id: z.string(),
  customer_id: z.string(),
  currency: currencyCode,
  /** What was received. */
  amount: z.number(),
  /** The part of `amount` applied to the invoice. */
  applied_amount: z.number(),
  /** The part kept on account (a tender above the invoice's balance). */
  unapplied_amount: z.number(),
  unapplied_reason: z.optional(z.enum(unappliedReasons)),
  method: z.enum(paymentMethods),
  tender_id: z.optional(z.string()),
  reference: z.optional(z.string()),
  received_at: instant,
  /** `manual` from `/invoice/payment/apply`, `tender` from a tender-captured event. */
  origin: z.enum(['manual', 'tender']),
  /** The invoice revision this payment produced. */
  invoice_revision: revision,
  source_refs: z.array(sourceRef),
  request_context: requestContext,
  created_at: instant,
}));
export type Payment = z.infer<typeof paymentSchema>;
