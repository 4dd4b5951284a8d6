import * as z from 'zod/mini';
import { idempotencyRecordPut } from '../../db/idempotency-repository';
import { clientId } from '../../domain/common-schemas';
import { batchRequestFields, batchViewSchema } from '../../domain/exports/export-batch';
import { requestBatch } from '../../exports/requested-batches';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

const batchRepairRequest = z.strictObject({ ...batchRequestFields, repair_of_batch_id: clientId });

export const exportBatchRepairRoute = defineRoute({
  path: '/export/batch/repair',
  operation: 'export.batch.repair',
  name: 'export-batch-repair',
  family: 'exports',
  summary: 'Rebuild a failed batch of an export from exactly the records it held, into new files.',
  schema: batchRepairRequest,
  response: z.object({ batch: batchViewSchema }),
  roles: 'export_admin',
  idempotent: true,
  stores: { table: 'write', exportWorker: 'invoke' },
  example: (orgcode) => ({
    export_id: 'exp_01JEXAMPLE0000000000000000',
    repair_of_batch_id: 'bat_01JEXAMPLE0000000000000000_0001',
    evidence: { notes: 'ERP import rejected line 812: unknown cost centre' },
    reason: 'Rebuild the batch the ERP rejected',
    source_refs: [{ kind: 'erp_ticket', id: 'ERP-4411' }],
    idempotency_key: 'repair-ERP-4411',
    request_context: { orgcode, actor: 'finance-bot', context_source: 'api_key' },
  }),
  handle: ({ idempotency_key: _key, request_context: _declared, ...request }, context) =>
    requestBatch({
      ...request,
      batch_kind: 'repair',
      ...changeOrigin(context),
      idempotencyRecord: context.idempotency && ((data) => idempotencyRecordPut(context.idempotency!, data, context.now)),
    }),
});
