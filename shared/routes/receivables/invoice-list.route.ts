import * as z from 'zod/mini';
import { listInvoices } from '../../db/receivables/invoice-repository';
import type { ShardedCursor } from '../../db/sharded-read';
import { clientId, commonRequestFields, dateTime, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { listedStatuses } from '../../domain/list-statuses';
import { invoiceListing, invoiceSchema, invoiceStatuses } from '../../domain/receivables/invoice';
import { orderedRange } from '../../domain/time-window';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const invoiceListRequest = z
  .strictObject({
    customer_id: z.optional(clientId),
    /** Without it, the non-terminal statuses: draft, open, partially_paid. */
    status: z.optional(z.enum(invoiceStatuses)),
    /** Half-open window [due_from_utc, due_to_utc) of due dates. */
    due_from_utc: z.optional(dateTime),
    due_to_utc: z.optional(dateTime),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(orderedRange('due_from_utc', 'due_to_utc'));

export const invoiceListRoute = defineRoute({
  path: '/invoice/list',
  operation: 'invoice.list',
  name: 'invoice-list',
  family: 'receivables',
  summary: "List invoices by due date, a customer's or the organisation's, filtered by status and due window.",
  schema: invoiceListRequest,
  response: z.object({ invoices: z.array(invoiceSchema), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ customer_id: 'cust_acme', due_from_utc: '2026-11-01T00:00:00Z', due_to_utc: '2027-01-01T00:00:00Z' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<ShardedCursor>(context, filter);
    const statuses = listedStatuses(invoiceListing, filter.status);
    const page = await listInvoices(context.caller.orgcode, { ...filter, statuses }, limit, cursor.read(next_token));
    return { invoices: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
