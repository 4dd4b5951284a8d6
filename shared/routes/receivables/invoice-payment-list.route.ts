import * as z from 'zod/mini';
import { listPayments } from '../../db/receivables/payment-repository';
import type { StartKey } from '../../db/query-page';
import { clientId, commonRequestFields, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { paymentSchema } from '../../domain/receivables/payment';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const paymentListRequest = z
  .strictObject({
    invoice_id: z.optional(clientId),
    customer_id: z.optional(clientId),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(
    z.refine((input) => (input.invoice_id === undefined) !== (input.customer_id === undefined), {
      path: ['invoice_id'],
      error: 'give exactly one of invoice_id or customer_id',
    }),
  );

export const invoicePaymentListRoute = defineRoute({
  path: '/invoice/payment/list',
  operation: 'invoice.payment.list',
  name: 'invoice-payment-list',
  family: 'receivables',
  summary: 'List the payments of one invoice or of one customer, by when they were received.',
  schema: paymentListRequest,
  response: z.object({ payments: z.array(paymentSchema), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ customer_id: 'cust_acme' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const scope = filter.invoice_id !== undefined ? { invoice_id: filter.invoice_id } : { customer_id: filter.customer_id ?? '' };
    const page = await listPayments(context.caller.orgcode, scope, limit, cursor.read(next_token));
    return { payments: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
