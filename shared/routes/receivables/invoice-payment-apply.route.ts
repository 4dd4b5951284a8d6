import * as z from 'zod/mini';
import { invoiceSchema } from '../../domain/receivables/invoice';
import { paymentApplyRequest, paymentSchema } from '../../domain/receivables/payment';
import { applyManualPayment } from '../../receivables/payments';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const invoicePaymentApplyRoute = defineRoute({
  path: '/invoice/payment/apply',
  operation: 'invoice.payment.apply',
  name: 'invoice-payment-apply',
  family: 'receivables',
  summary: 'Apply a payment received by hand to one invoice, whole, under its expected revision.',
  schema: paymentApplyRequest,
  response: z.object({ payment: paymentSchema, invoice: invoiceSchema }),
  roles: 'ar_write',
  idempotent: true,
  stores: { table: 'write' },
  example: () => ({
    invoice_id: 'inv_01JEXAMPLE0000000000000000',
    expected_revision: 1,
    amount: { currency: 'USD', amount: 250 },
    method: 'bank_transfer',
    received_at: '2026-11-28T09:00:00Z',
    reference: 'Wire 2026-11-28 #8841',
    idempotency_key: 'wire-8841',
  }),
  handle: (input, context) =>
    applyManualPayment(
      input,
      changeOrigin(context),
      context.idempotency,
    ),
});
