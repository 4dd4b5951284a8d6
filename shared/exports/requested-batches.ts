import { createRequestedBatch, findBatch } from '../db/exports/export-batch-repository';
import { findExport } from '../db/exports/export-repository';
import { findSchedule } from '../db/exports/export-schedule-repository';
import type { GuardedWrite } from '../db/atomic-write';
import type { RequestContext, SourceRef } from '../domain/common-schemas';
import { NotFoundError } from '../domain/errors';
import {
  type BatchKind,
  type BatchView,
  type ExportBatch,
  batchFieldsOf,
  batchView,
  requireRepairable,
} from '../domain/exports/export-batch';
import { type Evidence, exportSelection } from '../domain/exports/export-record';
import { newId } from '../domain/identifiers';
import { startBuild, unclaimedWorkGraceMs } from './build-jobs';

export interface BatchRequest {
  orgcode: string;
  export_id: string;
  batch_id?: string;
  schedule_id?: string;
  batch_kind: BatchKind;
  repair_of_batch_id?: string;
  evidence?: Evidence;
  policy_refs?: { export_policy_version?: string };
  reason: string;
  source_refs: SourceRef[];
  requestContext: RequestContext;
  now: Date;
  idempotencyRecord?: (data: Record<string, unknown>) => GuardedWrite;
}

/**
 * A batch built on request, `pending` until the worker has written it:
 * - `repair`: exactly the records of a failed batch of the export, into new files;
 * - `initial`: the export's whole window again, as one batch (a re-delivery).
 * Returns the response `data` ({ batch }).
 */
export async function requestBatch(request: BatchRequest): Promise<{ batch: BatchView }> {
  const { orgcode } = request;
  const exportRecord = await findExport(orgcode, request.export_id);
  if (!exportRecord) throw new NotFoundError(`No export ${request.export_id}`);
  if (request.schedule_id && !(await findSchedule(orgcode, request.schedule_id))) {
    throw new NotFoundError(`No export schedule ${request.schedule_id}`);
  }

  let repaired: ExportBatch | undefined;
  if (request.batch_kind === 'repair') {
    repaired = await findBatch(orgcode, request.repair_of_batch_id ?? '');
    if (!repaired || repaired.export_id !== exportRecord.export_id) {
      throw new NotFoundError(`Export ${exportRecord.export_id} has no batch ${request.repair_of_batch_id}`);
    }
    requireRepairable(repaired);
  }

  const at = request.now.toISOString();
  const exportPolicyVersion = request.policy_refs?.export_policy_version;
  const fields = batchFieldsOf(exportRecord);
  const scheduleId = request.schedule_id ?? repaired?.schedule_id ?? fields.schedule_id;
  const batch: ExportBatch = {
    ...fields,
    ...(scheduleId && { schedule_id: scheduleId }),
    ...(exportPolicyVersion && { policy_versions: { export_policy_version: exportPolicyVersion } }),
    batch_id: request.batch_id ?? newId('bat', request.now),
    batch_kind: request.batch_kind,
    ...(repaired && { repair_of_batch_id: repaired.batch_id }),
    status: 'pending',
    source_refs: request.source_refs,
    reason: request.reason,
    request_context: request.requestContext,
    ...(request.evidence && { reported_evidence: request.evidence }),
    file_count: 0,
    revision: 1,
    created_at: at,
    updated_at: at,
    selection: repaired ? repaired.selection : exportSelection(exportRecord),
  };
  const data = { batch: batchView(batch) };
  await createRequestedBatch(
    batch,
    new Date(request.now.getTime() + unclaimedWorkGraceMs),
    repaired,
    request.idempotencyRecord?.(data),
  );
  await startBuild({ orgcode, batch_id: batch.batch_id });
  return data;
}
