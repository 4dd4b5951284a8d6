import { z } from 'zod';
import {
  type RequestContext,
  type SourceRef,
  clientId,
  dateTime,
  idempotencyKey,
  longText,
  requestContext,
  shortText,
  sourceRefs,
} from '../common-schemas';
import { amountOrMoney, currencyCode } from './money';

/** DESIGN.md section 7: how a tender was paid. */
export const paymentMethods = ['card', 'cash', 'gift_card', 'store_credit', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentApplyRequest = z
  .object({
    invoice_id: clientId,
    // Optional here so that leaving it out is 428 expected-revision-required, not 400.
    expected_revision: z.number().int().min(1).optional(),
    payment_id: clientId.optional(),
    /** A number in `currency`, or Money `{currency, amount}`. */
    amount: amountOrMoney,
    currency: currencyCode.optional(),
    method: z.enum(paymentMethods),
    /** A tender applied by hand is still claimed once: the tender-captured event then finds it applied. */
    tender_id: clientId.optional(),
    received_at: dateTime.optional(),
    reference: shortText.optional(),
    reason: longText.optional(),
    source_refs: sourceRefs.default([]),
    idempotency_key: idempotencyKey.optional(),
    request_context: requestContext.optional(),
  })
  .strict();
export type PaymentApplyRequest = z.infer<typeof paymentApplyRequest>;

/** Why part or all of a payment could not be applied to its invoice. */
export const unappliedReasons = ['exceeds_balance', 'invoice_not_receivable', 'currency_mismatch'] as const;
export type UnappliedReason = (typeof unappliedReasons)[number];

export interface Payment {
  payment_id: string;
  orgcode: string;
  invoice_id: string;
  order_id: string;
  customer_id: string;
  currency: string;
  /** What was received. */
  amount: number;
  /** The part of `amount` applied to the invoice. */
  applied_amount: number;
  /** The part kept on account (a tender above the invoice's balance). */
  unapplied_amount: number;
  unapplied_reason?: UnappliedReason;
  method: PaymentMethod;
  tender_id?: string;
  reference?: string;
  received_at: string;
  /** `manual` from `/invoice/payment/apply`, `tender` from a tender-captured event. */
  origin: 'manual' | 'tender';
  /** The invoice revision this payment produced. */
  invoice_revision: number;
  source_refs: SourceRef[];
  request_context: RequestContext;
  created_at: string;
}
