import { paymentApplyRequest } from '../../domain/receivables/payment';
import { applyManualPayment } from '../../receivables/payments';
import { defineRoute } from '../route-definition';

export const invoicePaymentApplyRoute = defineRoute({
  path: '/invoice/payment/apply',
  operation: 'invoice.payment.apply',
  name: 'invoice-payment-apply',
  family: 'receivables',
  schema: paymentApplyRequest,
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
      { orgcode: context.caller.orgcode, requestContext: context.requestContext, now: context.now },
      context.idempotency,
    ),
});
