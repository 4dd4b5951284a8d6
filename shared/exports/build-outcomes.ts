import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { publishEvents } from '../bus/outgoing-events';
import type { OutgoingEvent } from '../domain/outgoing-event';
import { dynamo, tableName } from '../db/client';
import { withoutStorageAttributes } from '../db/item';
import { type ItemKey } from '../db/keys';
import { finishWork } from '../db/work-queue';
import { type FinishedBuild, notifyBuildOutcome } from '../inbox/build-outcome-notices';
import type { ExportBatch } from '../domain/exports/export-batch';
import type { ExportRecord } from '../domain/exports/export-record';

/** `export.ready` or `export.failed` of a finished export, or of a batch a call asked for (which names it): ids and status only. */
export function buildOutcomeEvent(built: ExportRecord | ExportBatch): OutgoingEvent {
  return {
    detailType: built.status === 'ready' ? 'export.ready' : 'export.failed',
    detail: {
      orgcode: built.orgcode,
      export_id: built.export_id,
      ...('batch_id' in built && { batch_id: built.batch_id }),
      status: built.status,
      revision: built.revision,
      occurred_at: built.completed_at ?? built.failed_at ?? built.updated_at,
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
  const built = withoutStorageAttributes<ExportRecord | ExportBatch>(Item);
  await publishOutcome(key, buildOutcomeEvent(built), withoutStorageAttributes<FinishedBuild>(Item));
}
