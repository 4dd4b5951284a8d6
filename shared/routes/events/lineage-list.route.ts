import * as z from 'zod/mini';
import { listLineage } from '../../db/events/event-repository';
import type { ShardedCursor } from '../../db/sharded-read';
import { commonRequestFields, listLimit, nextPageToken, nextToken, sourceRef } from '../../domain/common-schemas';
import { lineageItemSchema } from '../../domain/events/accounting-event';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

export const lineageListRoute = defineRoute({
  path: '/lineage/list',
  operation: 'lineage.list',
  name: 'lineage-list',
  family: 'events',
  summary: 'Trace every event that names one source record (an order, invoice, tender…).',
  schema: z.strictObject({ source_ref: sourceRef, limit: listLimit(), next_token: nextToken, ...commonRequestFields }),
  response: z.object({ lineage: z.array(lineageItemSchema), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ source_ref: { kind: 'order', id: 'ord_1001' } }),
  handle: async (input, context) => {
    const cursor = pageCursor<ShardedCursor>(context, input.source_ref);
    const page = await listLineage(context.caller.orgcode, input.source_ref, input.limit, cursor.read(input.next_token));
    return { lineage: page.items, next_token: cursor.next(page.cursor) ?? null };
  },
});
