import * as z from 'zod/mini';
import { idempotencyRecordPut } from '../../db/idempotency-repository';
import { clientId } from '../../domain/common-schemas';
import { batchKinds, batchRequestFields, batchViewSchema } from '../../domain/exports/export-batch';
import { requestBatch } from '../../exports/requested-batches';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

const batchCreateRequest = z
  .strictObject({
    batch_id: z.optional(clientId),
    batch_kind: z._default(z.enum(batchKinds), 'initial'),
    ...batchRequestFields,
  })
  .check(
    z.superRefine((request, context) => {
      const issue = (message: string) =>
        context.addIssue({ code: 'custom', path: ['repair_of_batch_id'], message, input: request.repair_of_batch_id });
      if (request.batch_kind === 'repair' && !request.repair_of_batch_id) issue('is required for a repair batch');
      if (request.batch_kind === 'initial' && request.repair_of_batch_id) issue('is only for a repair batch');
    }),
  );

export const exportBatchCreateRoute = defineRoute({
  path: '/export/batch/create',
  operation: 'export.batch.create',
  name: 'export-batch-create',
  family: 'exports',
  summary: 'Ask for a batch of an export to be built: a re-delivery of its whole window, or the repair of a failed batch.',
  schema: batchCreateRequest,
  response: z.object({ batch: batchViewSchema }),
  roles: 'export_admin',
  idempotent: true,
  stores: { table: 'write', exportWorker: 'invoke' },
  example: (orgcode) => ({
    export_id: 'exp_01JEXAMPLE0000000000000000',
    batch_id: 'erp-redelivery-2026-11',
    batch_kind: 'initial',
    reason: 'Deliver November again to the new ERP instance',
    source_refs: [{ kind: 'erp_request', id: 'redelivery-7' }],
    request_context: { orgcode, actor: 'finance-bot', context_source: 'api_key' },
  }),
  handle: ({ idempotency_key: _key, request_context: _declared, evidence: given, ...request }, context) =>
    requestBatch({
      ...request,
      evidence: given,
      ...changeOrigin(context),
      idempotencyRecord: context.idempotency && ((data) => idempotencyRecordPut(context.idempotency!, data, context.now)),
    }),
});
