import * as z from 'zod/mini';
import { inboxItemSchema } from '../../domain/inbox/inbox-item';
import { inboxGetRequest } from '../../domain/inbox/inbox-requests';
import { callersItem } from '../../inbox/inbox';
import { defineRoute } from '../../http/route-definition';

export const inboxGetRoute = defineRoute({
  path: '/inbox/get',
  operation: 'inbox.get',
  name: 'inbox-get',
  family: 'inbox',
  summary: "Read one of the caller's inbox items, or one of its teams'.",
  schema: inboxGetRequest,
  response: z.object({ item: inboxItemSchema }),
  roles: 'member',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ item_id: 'inb_01JEXAMPLE0000000000000000' }),
  handle: async (input, context) => ({ item: await callersItem(context.caller, input.item_id) }),
});
