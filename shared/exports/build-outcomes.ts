import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type OutgoingEvent, publishEvents } from '../bus/outgoing-events';
import { dynamo, tableName } from '../db/client';
import { withoutStorageAttributes } from '../db/item';
import { type ItemKey } from '../db/keys';
import { finishWork } from '../db/work-queue';
import { type FinishedBuild, notifyBuildOutcome } from '../inbox/build-outcome-notices';
import type { ExportBatch } from '../domain/exports/export-batch';
import type { ExportRecord } from '../domain/exports/export-record';

export function exportOutcomeEvent(record: ExportRecord): OutgoingEvent {
  return {
    detailType: record.status === 'ready' ? 'export.ready' : 'export.failed',
    detail: {
      orgcode: record.orgcode,
      export_id: record.export_id,
      status: record.status,
      revision: record.revision,
      occurred_at: record.completed_at ?? record.failed_at ?? record.updated_at,
    },
  };
}

export function batchOutcomeEvent(batch: ExportBatch): OutgoingEvent {
  return {
    detailType: batch.status === 'ready' ? 'export.ready' : 'export.failed',
    detail: {
      orgcode: batch.orgcode,
      export_id: batch.export_id,
      batch_id: batch.batch_id,
      status: batch.status,
      revision: batch.revision,
      occurred_at: batch.completed_at ?? batch.failed_at ?? batch.updated_at,
    },
  };
}

/**
 * Tells the build's creator in their inbox and publishes its outcome, then
 * takes it off the work queue (so: each at least once; the inbox item, whose
 * id comes from the build, once).
 */
export async function publishOutcome(key: ItemKey, event: OutgoingEvent, build: FinishedBuild): Promise<void> {
  await notifyBuildOutcome(build, new Date(event.detail.occurred_at));
  await publishEvents([event]);
  await finishWork(key);
}

/**
 * A build the sweep restarted (its publishing deadline passed, so its own
 * publisher died) that is finished but whose event is not yet out: publish it now.
 */
export async function publishUnpublishedOutcome(key: ItemKey): Promise<void> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  if (!Item?.gsi3pk || (Item.status !== 'ready' && Item.status !== 'failed')) return;
  const event =
    Item.record_type === 'export'
      ? exportOutcomeEvent(withoutStorageAttributes<ExportRecord>(Item))
      : batchOutcomeEvent(withoutStorageAttributes<ExportBatch>(Item));
  await publishOutcome(key, event, withoutStorageAttributes<FinishedBuild>(Item));
}
