import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError, InvalidStateError, NotFoundError } from '../../domain/errors';
import {
  type BatchStatus,
  type ExportBatch,
  type SettableBatchStatus,
  batchStatusSourcesOf,
  invalidBatchMove,
} from '../../domain/exports/export-batch';
import type { Evidence } from '../../domain/exports/export-record';
import { markDay } from '../active-days';
import { type GuardedUpdate, type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import * as keys from '../keys';
import { listingPuts, listingUpdates } from '../listings';
import { type Page, type StartKey, queryPage } from '../query-page';
import { updateRevisioned } from '../revisioned-update';
import { statusFilter } from '../status-filter';
import { deliveryMeterUpdate } from '../usage/usage-meter-repository';
import { workEntry } from '../work-queue';
import { batchItem, batchListings, toBatch } from './export-batch-item';

/**
 * Stores a batch a call asked for (`pending`, queued for the worker), with its
 * copies in its lists. A repair also marks the failed batch as repaired, and
 * its copies, in the same transaction and only if it is still failed and
 * unrepaired, so two repairs of one batch cannot both win. At most 7 actions:
 * the idempotency record, the batch and two copies, the repaired batch and two.
 */
export async function createRequestedBatch(
  batch: ExportBatch,
  workDueAt: Date,
  repaired: ExportBatch | undefined,
  idempotencyRecord?: GuardedWrite,
): Promise<void> {
  const item = batchItem(batch);
  await writeAtomically([
    ...(idempotencyRecord ? [idempotencyRecord] : []),
    {
      item: { ...item, ...workEntry(batch.orgcode, batch.batch_id, workDueAt) },
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('batch_id', batch.batch_id),
    },
    ...listingPuts(item, batchListings(batch)),
    ...(repaired ? repairMarks(repaired, batch.batch_id) : []),
  ]);
}

/** The failed batch marked as repaired by `repairBatchId`, and its copies alike. */
function repairMarks(repaired: ExportBatch, repairBatchId: string): GuardedWrite[] {
  const mark: GuardedUpdate = {
    update: {
      key: keys.exportBatch(repaired.orgcode, repaired.batch_id),
      expression: 'SET repaired_by_batch_id = :repair',
      values: { ':repair': repairBatchId },
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
  };
  return [mark, ...listingUpdates(mark.update, batchListings(repaired))];
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

/**
 * The batches of an export or of a schedule (their list partitions on the
 * table, in creation order), or of the whole org (its partition of batches, by
 * batch_id), read consistently: every batch stored or changed before the call
 * is shown as it is (docs/decisions.md: Acknowledged writes are listed).
 */
export function listBatches(
  orgcode: string,
  filter: BatchListFilter,
  limit: number,
  startKey?: StartKey,
): Promise<Page<ExportBatch>> {
  const byStatus = statusFilter(filter.statuses);
  const partition = filter.export_id
    ? keys.batchesOfExport(orgcode, filter.export_id)
    : filter.schedule_id
      ? keys.batchesOfSchedule(orgcode, filter.schedule_id)
      : keys.exportBatchPartition(orgcode);
  const values: Record<string, unknown> = { ':pk': partition, ...byStatus.values };
  const names: Record<string, string> = { ...byStatus.names };
  const conditions = [byStatus.expression];
  if (filter.export_id && filter.schedule_id) {
    names['#schedule'] = 'schedule_id';
    values[':schedule'] = filter.schedule_id;
    conditions.push('#schedule = :schedule');
  }
  return queryPage(
    {
      KeyConditionExpression: 'pk = :pk',
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
 * Moves a batch along ready → sent → failed under its revision, its copies
 * with it (at most 4 actions). `sent` is a delivery: it is metered in the same
 * transaction, so a delivery is counted exactly when it is recorded, and its
 * day is marked metered first, so no delivery is ever counted on a day the
 * usage rollup does not visit. The batch is read first for where it is listed:
 * the call names it by id alone.
 */
export async function setBatchStatus(change: BatchStatusChange): Promise<ExportBatch> {
  const stored = await findBatch(change.orgcode, change.batchId);
  if (!stored) throw new NotFoundError();
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
    listings: { after: batchListings(stored) },
    now: change.now,
  });
  return toBatch(updated);
}
