import * as z from 'zod/mini';
import { listBatches } from '../../db/exports/export-batch-repository';
import type { StartKey } from '../../db/query-page';
import { clientId, commonRequestFields, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { batchListing, batchStatuses, batchView, batchViewSchema } from '../../domain/exports/export-batch';
import { listedStatuses } from '../../domain/list-statuses';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const batchListRequest = z.strictObject({
  export_id: z.optional(clientId),
  schedule_id: z.optional(clientId),
  /** Without it, the batches not yet delivered: pending, running and ready. */
  status: z.optional(z.enum(batchStatuses)),
  limit: listLimit(),
  next_token: nextToken,
  ...commonRequestFields,
});

export const exportBatchListRoute = defineRoute({
  path: '/export/batch/list',
  operation: 'export.batch.list',
  name: 'export-batch-list',
  family: 'exports',
  summary:
    'List export batches, of one export, of one schedule, or of the whole organisation, filtered by status (default: pending, running and ready).',
  schema: batchListRequest,
  response: z.object({ batches: z.array(batchViewSchema), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ export_id: 'exp_01JEXAMPLE0000000000000000', limit: 50 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const statuses = listedStatuses(batchListing, filter.status);
    const page = await listBatches(context.caller.orgcode, { ...filter, statuses }, limit, cursor.read(next_token));
    return { batches: page.items.map(batchView), next_token: cursor.next(page.lastKey) ?? null };
  },
});
