import { z } from 'zod';
import { listBatches } from '../../db/export-batch-repository';
import type { StartKey } from '../../db/query-page';
import { clientId, commonRequestFields, listLimit, nextToken } from '../../domain/common-schemas';
import { batchView } from '../../domain/exports/export-batch';
import { pageCursor } from '../page-cursor';
import { defineRoute } from '../route-definition';

const batchListRequest = z
  .object({
    export_id: clientId.optional(),
    schedule_id: clientId.optional(),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .strict();

export const exportBatchListRoute = defineRoute({
  path: '/export/batch/list',
  operation: 'export.batch.list',
  name: 'export-batch-list',
  family: 'exports',
  schema: batchListRequest,
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ export_id: 'exp_01JEXAMPLE0000000000000000', limit: 50 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const page = await listBatches(context.caller.orgcode, filter, limit, cursor.read(next_token));
    return { batches: page.items.map(batchView), next_token: cursor.next(page.lastKey) ?? null };
  },
});
