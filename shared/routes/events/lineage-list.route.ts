import { z } from 'zod';
import { listLineage } from '../../db/event-repository';
import type { StartKey } from '../../db/query-page';
import { commonRequestFields, listLimit, nextToken, sourceRef } from '../../domain/common-schemas';
import { pageCursor } from '../page-cursor';
import { defineRoute } from '../route-definition';

export const lineageListRoute = defineRoute({
  path: '/lineage/list',
  operation: 'lineage.list',
  name: 'lineage-list',
  family: 'events',
  schema: z.object({ source_ref: sourceRef, limit: listLimit(), next_token: nextToken, ...commonRequestFields }).strict(),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ source_ref: { kind: 'order', id: 'ord_1001' } }),
  handle: async (input, context) => {
    const cursor = pageCursor<StartKey>(context, input.source_ref);
    const page = await listLineage(context.caller.orgcode, input.source_ref, input.limit, cursor.read(input.next_token));
    return { lineage: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
