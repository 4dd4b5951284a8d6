import * as z from 'zod/mini';
import { inboxItemSchema } from '../../domain/inbox/inbox-item';
import { inboxCreateRequest } from '../../domain/inbox/inbox-requests';
import { changeOrigin } from '../../http/call-context';
import { createItem } from '../../inbox/inbox';
import { defineRoute } from '../../http/route-definition';

export const inboxCreateRoute = defineRoute({
  path: '/inbox/create',
  operation: 'inbox.create',
  name: 'inbox-create',
  family: 'inbox',
  summary: "Put an item in a user's inbox or a team's (every holder of the role sees it): a kind, a title, a body and the record it is about.",
  schema: inboxCreateRequest,
  response: z.object({ item: inboxItemSchema }),
  roles: 'inbox_create',
  idempotent: false,
  stores: { table: 'write' },
  example: () => ({
    team: 'finance_audit',
    kind: 'task.review',
    title: 'Review the November close before Friday',
    body: 'The ERP export for November is ready; please check the tax lines.',
    target_type: 'export',
    target_id: 'exp_01JEXAMPLE0000000000000000',
  }),
  handle: (input, context) => createItem(input, changeOrigin(context)),
});
