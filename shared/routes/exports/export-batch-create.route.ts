import { z } from 'zod';
import { idempotencyRecordPut } from '../../db/idempotency-repository';
import { clientId } from '../../domain/common-schemas';
import { batchKinds, batchRequestFields } from '../../domain/exports/export-batch';
import { requestBatch } from '../../exports/requested-batches';
import { defineRoute } from '../route-definition';

const batchCreateRequest = z
  .object({
    batch_id: clientId.optional(),
    batch_kind: z.enum(batchKinds).default('initial'),
    ...batchRequestFields,
  })
  .strict()
  .superRefine((request, issues) => {
    if (request.batch_kind === 'repair' && !request.repair_of_batch_id) {
      issues.addIssue({ code: 'custom', path: ['repair_of_batch_id'], message: 'is required for a repair batch' });
    }
    if (request.batch_kind === 'initial' && request.repair_of_batch_id) {
      issues.addIssue({ code: 'custom', path: ['repair_of_batch_id'], message: 'is only for a repair batch' });
    }
  });

export const exportBatchCreateRoute = defineRoute({
  path: '/export/batch/create',
  operation: 'export.batch.create',
  name: 'export-batch-create',
  family: 'exports',
  schema: batchCreateRequest,
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
      orgcode: context.caller.orgcode,
      requestContext: context.requestContext,
      now: context.now,
      idempotencyRecord: context.idempotency && ((data) => idempotencyRecordPut(context.idempotency!, data, context.now)),
    }),
});
