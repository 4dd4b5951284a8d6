import * as z from 'zod/mini';
import { listInboxItems } from '../../db/inbox/inbox-repository';
import type { MergedCursor } from '../../db/merged-query';
import { nextPageToken } from '../../domain/common-schemas';
import { addresseesOf, inboxItemSchema } from '../../domain/inbox/inbox-item';
import { inboxListRequest } from '../../domain/inbox/inbox-requests';
import { lifecycleListing } from '../../domain/lifecycle';
import { listedStatus } from '../../domain/list-statuses';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

export const inboxListRoute = defineRoute({
  path: '/inbox/list',
  operation: 'inbox.list',
  name: 'inbox-list',
  family: 'inbox',
  summary: "List the caller's inbox and its teams', newest first, filtered by status (default: current), read state and kind.",
  schema: inboxListRequest,
  response: z.object({ items: z.array(inboxItemSchema), next_token: nextPageToken }),
  roles: 'member',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ state: 'unread', limit: 20 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const addressees = addresseesOf(context.caller);
    // The token holds places in the caller's own partitions: it is bound to whose they are.
    const cursor = pageCursor<MergedCursor>(context, { ...filter, addressees });
    const page = await listInboxItems(
      context.caller.orgcode,
      addressees,
      { status: listedStatus(lifecycleListing, filter.status), state: filter.state, kind: filter.kind },
      limit,
      cursor.read(next_token),
    );
    return { items: page.items, next_token: cursor.next(page.cursor) ?? null };
  },
});
