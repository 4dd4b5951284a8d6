import * as z from 'zod/mini';
import { findBatch } from '../../db/exports/export-batch-repository';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { batchView, batchViewSchema } from '../../domain/exports/export-batch';
import { defineRoute } from '../../http/route-definition';

export const exportBatchGetRoute = defineRoute({
  path: '/export/batch/get',
  operation: 'export.batch.get',
  name: 'export-batch-get',
  family: 'exports',
  summary: 'Read one export batch, with its status and evidence.',
  schema: z.strictObject({ batch_id: clientId, ...commonRequestFields }),
  response: z.object({ batch: batchViewSchema }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ batch_id: 'bat_01JEXAMPLE0000000000000000_0001' }),
  handle: async (input, context) => {
    const batch = await findBatch(context.caller.orgcode, input.batch_id);
    if (!batch) throw new NotFoundError(`No export batch ${input.batch_id}`);
    return { batch: batchView(batch) };
  },
});
