import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError, InvalidStateError } from '../../domain/errors';
import {
  type BatchStatus,
  type ExportBatch,
  type SettableBatchStatus,
  batchStatusSourcesOf,
  invalidBatchMove,
} from '../../domain/exports/export-batch';
import type { Evidence } from '../../domain/exports/export-record';
import { markDay } from '../rollups/active-day-repository';
import { type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { type Page, type StartKey, queryPage } from '../query-page';
import { updateRevisioned } from '../revisioned-update';
import { statusFilter } from '../status-filter';
import { deliveryMeterUpdate } from '../usage/usage-meter-repository';
import { StaleClaimError, type WorkClaim, heldClaim, recordBuildOutcome, workAttributes, workEntry } from '../work-queue';

function toBatch(item: Record<string, unknown>): ExportBatch {
  const record = withoutStorageAttributes<Record<string, unknown>>(item);
  for (const attribute of workAttributes) delete record[attribute];
  return record as unknown as ExportBatch;
}

/** The batch item with its listing keys: by export (gsi1) and by schedule (gsi2). */
function batchItem(batch: ExportBatch): Record<string, unknown> {
  const order = `${batch.created_at}#${batch.batch_id}`;
  return {
    ...keys.exportBatch(batch.orgcode, batch.batch_id),
    record_type: 'export_batch',
    gsi1pk: keys.batchesOfExport(batch.orgcode, batch.export_id),
    gsi1sk: order,
    ...(batch.schedule_id && { gsi2pk: keys.batchesOfSchedule(batch.orgcode, batch.schedule_id), gsi2sk: order }),
    ...batch,
  };
}

/** The batch was already moved on by the downstream (sent or failed): a rebuild leaves it as it is. */
class BatchMovedOnError extends Error {}

/**
 * Stores a batch the worker has built, only while the export still runs under
 * the build's `claim` (else StaleClaimError: a later build owns the export). A
 * rebuild after a crashed attempt writes the same batch again; one the
 * downstream already moved on is left as it is.
 */
export async function putBuiltBatch(batch: ExportBatch, claim: WorkClaim): Promise<void> {
  try {
    await writeAtomically([
      { check: { key: claim.key }, condition: heldClaim(claim), onConditionFailed: () => new StaleClaimError(claim) },
      {
        item: batchItem(batch),
        condition: { expression: 'attribute_not_exists(pk) OR #status = :ready', names: { '#status': 'status' }, values: { ':ready': 'ready' } },
        onConditionFailed: () => new BatchMovedOnError(),
      },
    ]);
  } catch (error) {
    if (!(error instanceof BatchMovedOnError)) throw error;
  }
}

/**
 * Stores a batch a call asked for (`pending`, queued for the worker). A repair
 * also marks the failed batch as repaired, in the same transaction and only if
 * it is still failed and unrepaired, so two repairs of one batch cannot both win.
 */
export async function createRequestedBatch(
  batch: ExportBatch,
  workDueAt: Date,
  repaired: ExportBatch | undefined,
  idempotencyRecord?: GuardedWrite,
): Promise<void> {
  const writes: GuardedWrite[] = [
    ...(idempotencyRecord ? [idempotencyRecord] : []),
    {
      item: { ...batchItem(batch), ...workEntry(batch.orgcode, batch.batch_id, workDueAt) },
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('batch_id', batch.batch_id),
    },
  ];
  if (repaired) {
    writes.push({
      update: {
        key: keys.exportBatch(repaired.orgcode, repaired.batch_id),
        expression: 'SET repaired_by_batch_id = :repair',
        values: { ':repair': batch.batch_id },
      },
      condition: {
        expression: '#status = :failed AND attribute_not_exists(repaired_by_batch_id)',
        names: { '#status': 'status' },
        values: { ':failed': 'failed' },
      },
      onConditionFailed: () =>
        new InvalidStateError(`Batch ${repaired.batch_id} is no longer a failed batch awaiting repair`, {
          batch_id: repaired.batch_id,
        }),
    });
  }
  await writeAtomically(writes);
}

export async function findBatch(orgcode: string, batchId: string): Promise<ExportBatch | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.exportBatch(orgcode, batchId), ConsistentRead: true }),
  );
  return Item && toBatch(Item);
}

export interface BatchListFilter {
  export_id?: string;
  schedule_id?: string;
  /** The statuses listed (shared/domain/list-statuses.ts). */
  statuses: readonly BatchStatus[];
}

/** The batches of an export, of a schedule, or of the whole org, in a deterministic order. */
export function listBatches(
  orgcode: string,
  filter: BatchListFilter,
  limit: number,
  startKey?: StartKey,
): Promise<Page<ExportBatch>> {
  const byStatus = statusFilter(filter.statuses);
  const values: Record<string, unknown> = { ...byStatus.values };
  const names: Record<string, string> = { ...byStatus.names };
  const conditions = [byStatus.expression];
  let query: { IndexName?: string; KeyConditionExpression: string };
  if (filter.export_id) {
    query = { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk' };
    values[':pk'] = keys.batchesOfExport(orgcode, filter.export_id);
  } else if (filter.schedule_id) {
    query = { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk' };
    values[':pk'] = keys.batchesOfSchedule(orgcode, filter.schedule_id);
  } else {
    query = { KeyConditionExpression: 'pk = :pk' };
    values[':pk'] = keys.exportBatchPartition(orgcode);
  }
  if (filter.export_id && filter.schedule_id) {
    names['#schedule'] = 'schedule_id';
    values[':schedule'] = filter.schedule_id;
    conditions.push('#schedule = :schedule');
  }
  return queryPage(
    {
      ...query,
      FilterExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    limit,
    startKey,
    toBatch,
  );
}

export interface BatchStatusChange {
  orgcode: string;
  batchId: string;
  expectedRevision: number;
  status: SettableBatchStatus;
  reason: string;
  reportedEvidence?: Evidence;
  /** Cost centre the delivery is metered to. */
  cccode?: string;
  now: Date;
}

/**
 * Moves a batch along ready → sent → failed under its revision. `sent` is a
 * delivery: it is metered in the same transaction, so a delivery is counted
 * exactly when it is recorded, and its day is marked metered first, so no
 * delivery is ever counted on a day the usage rollup does not visit.
 */
export async function setBatchStatus(change: BatchStatusChange): Promise<ExportBatch> {
  const at = change.now.toISOString();
  if (change.status === 'sent') await markDay('metered', change.orgcode, at);
  const updated = await updateRevisioned({
    key: keys.exportBatch(change.orgcode, change.batchId),
    expectedRevision: change.expectedRevision,
    set: {
      status: change.status,
      ...(change.status === 'sent' && { sent_at: at }),
      ...(change.status === 'failed' && { failed_at: at }),
      status_reason: change.reason,
      ...(change.reportedEvidence && { reported_evidence: change.reportedEvidence }),
    },
    statusMove: {
      from: batchStatusSourcesOf(change.status),
      invalid: (current) => invalidBatchMove(current, change.status),
    },
    companions:
      change.status === 'sent'
        ? [{ update: deliveryMeterUpdate({ orgcode: change.orgcode, cccode: change.cccode, surface: 'export_batch', day: at }) }]
        : undefined,
    now: change.now,
  });
  return toBatch(updated);
}

/** Records the outcome of building a requested batch under the build's claim; it stays queued until the outcome is published. */
export async function finishBatchBuild(
  claim: WorkClaim,
  batch: ExportBatch,
  outcome: Partial<ExportBatch> & { status: 'ready' | 'failed' },
  now: Date,
  publishBy: Date,
): Promise<ExportBatch> {
  return toBatch(await recordBuildOutcome(claim, batch.orgcode, batch.batch_id, outcome, now, publishBy));
}
