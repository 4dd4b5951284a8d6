import * as z from 'zod/mini';
import { inboxItemSchema } from '../../domain/inbox/inbox-item';
import { inboxStatusRequest } from '../../domain/inbox/inbox-requests';
import { setItemStatus } from '../../inbox/inbox';
import { defineRoute } from '../../http/route-definition';

export const inboxStatusRoute = defineRoute({
  path: '/inbox/status',
  operation: 'inbox.status',
  name: 'inbox-status',
  family: 'inbox',
  summary: "Archive one of the caller's inbox items or bring it back, or doom it for good, under its expected revision.",
  schema: inboxStatusRequest,
  response: z.object({ item: inboxItemSchema }),
  roles: 'member',
  idempotent: false,
  stores: { table: 'write' },
  example: () => ({ item_id: 'inb_01JEXAMPLE0000000000000000', status: 'archived', expected_revision: 1 }),
  handle: (input, context) => setItemStatus(input, context.caller, context.now),
});
