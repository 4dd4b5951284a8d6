import { z } from 'zod';
import { listInvoices } from '../../db/invoice-repository';
import type { StartKey } from '../../db/query-page';
import { clientId, commonRequestFields, dateTime, listLimit, nextToken } from '../../domain/common-schemas';
import { invoiceStatuses } from '../../domain/receivables/invoice';
import { pageCursor } from '../page-cursor';
import { defineRoute } from '../route-definition';

const invoiceListRequest = z
  .object({
    customer_id: clientId.optional(),
    /** Without it, the non-terminal statuses: draft, open, partially_paid. */
    status: z.enum(invoiceStatuses).optional(),
    /** Half-open due window [due_from, due_to). */
    due_from: dateTime.optional(),
    due_to: dateTime.optional(),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .strict()
  .refine((input) => !input.due_from || !input.due_to || input.due_from < input.due_to, {
    path: ['due_to'],
    message: 'must be later than due_from',
  });

export const invoiceListRoute = defineRoute({
  path: '/invoice/list',
  operation: 'invoice.list',
  name: 'invoice-list',
  family: 'receivables',
  schema: invoiceListRequest,
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ customer_id: 'cust_acme', due_from: '2026-11-01T00:00:00Z', due_to: '2027-01-01T00:00:00Z' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const page = await listInvoices(context.caller.orgcode, filter, limit, cursor.read(next_token));
    return { invoices: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
