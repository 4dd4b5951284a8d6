import * as z from 'zod/mini';
import { inboxItemSchema } from '../../domain/inbox/inbox-item';
import { inboxStateRequest } from '../../domain/inbox/inbox-requests';
import { setItemState } from '../../inbox/inbox';
import { defineRoute } from '../../http/route-definition';

export const inboxStateRoute = defineRoute({
  path: '/inbox/state',
  operation: 'inbox.state',
  name: 'inbox-state',
  family: 'inbox',
  summary: "Mark some of the caller's inbox items read or unread (up to 100 at once), or every one unread now read.",
  schema: inboxStateRequest,
  response: z.object({
    /** The items named, as they now are; none for `all`. */
    items: z.array(inboxItemSchema),
    /** How many items this call changed. */
    marked: z.int(),
    /** False when `all` stopped at its bound with unread items left: call again. */
    complete: z.boolean(),
  }),
  roles: 'member',
  idempotent: false,
  stores: { table: 'write' },
  example: () => ({ item_ids: ['inb_01JEXAMPLE0000000000000000'], state: 'read' }),
  handle: (input, context) => setItemState(input, context.caller, context.now),
});
