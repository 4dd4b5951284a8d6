import * as z from 'zod/mini';
import { setBatchStatus } from '../../db/exports/export-batch-repository';
import { clientId, longText, requestContext, revision, sourceRefs } from '../../domain/common-schemas';
import { batchView, batchViewSchema, settableBatchStatuses } from '../../domain/exports/export-batch';
import { evidence } from '../../domain/exports/export-record';
import { requireExpectedRevision } from '../../domain/revision';
import { defineRoute } from '../../http/route-definition';

const batchStatusSetRequest = z.strictObject({
  batch_id: clientId,
  status: z.enum(settableBatchStatuses),
  // Optional here so that leaving it out is 428 expected-revision-required, not 400.
  expected_revision: z.optional(revision),
  evidence: z.optional(evidence),
  reason: longText,
  source_refs: sourceRefs,
  request_context: requestContext,
});

export const exportBatchStatusSetRoute = defineRoute({
  path: '/export/batch/status/set',
  operation: 'export.batch.status.set',
  name: 'export-batch-status-set',
  family: 'exports',
  summary: 'Record what became of a built batch downstream: sent, or failed, with the evidence reported.',
  schema: batchStatusSetRequest,
  response: z.object({ batch: batchViewSchema }),
  roles: 'export_admin',
  idempotent: false,
  stores: { table: 'write' },
  example: (orgcode) => ({
    batch_id: 'bat_01JEXAMPLE0000000000000000_0001',
    status: 'sent',
    expected_revision: 1,
    evidence: { notes: 'Accepted by the ERP as import 2026-11-0042' },
    reason: 'Delivered to the ERP',
    source_refs: [{ kind: 'erp_import', id: '2026-11-0042' }],
    request_context: { orgcode, actor: 'erp-connector', context_source: 'api_key' },
  }),
  handle: async (input, context) => {
    const batch = await setBatchStatus({
      orgcode: context.caller.orgcode,
      batchId: input.batch_id,
      expectedRevision: requireExpectedRevision(input.expected_revision),
      status: input.status,
      reason: input.reason,
      reportedEvidence: input.evidence,
      cccode: context.caller.cccode,
      now: context.now,
    });
    return { batch: batchView(batch) };
  },
});
