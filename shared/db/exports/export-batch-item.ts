import type { ExportBatch } from '../../domain/exports/export-batch';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import type { Listing } from '../listings';
import { workAttributes } from '../work-queue';

/** A stored batch, or a copy of it in a list, as the API knows it: without its storage and work-queue attributes. */
export function toBatch(item: Record<string, unknown>): ExportBatch {
  const record = withoutStorageAttributes<Record<string, unknown>>(item);
  for (const attribute of workAttributes) delete record[attribute];
  return record as unknown as ExportBatch;
}

/**
 * Where a batch is listed besides its own partition (shared/db/listings.ts;
 * docs/decisions.md: Acknowledged writes are listed): the list of its export
 * and, when it has one, that of its schedule, each a list partition on the
 * table in creation order, `<created_at>#<batch_id>` (unique: the id ends it).
 * None of these fields changes once the batch is stored, but a rebuild of an
 * export's batch stamps a new created_at (shared/db/exports/batch-build-repository.ts).
 */
export function batchListings(batch: Pick<ExportBatch, 'orgcode' | 'export_id' | 'schedule_id' | 'created_at' | 'batch_id'>): Listing[] {
  const sortKey = `${batch.created_at}#${batch.batch_id}`;
  return [
    { partition: keys.batchesOfExport(batch.orgcode, batch.export_id), sortKey },
    ...(batch.schedule_id ? [{ partition: keys.batchesOfSchedule(batch.orgcode, batch.schedule_id), sortKey }] : []),
  ];
}

/**
 * The batch under its own key, in the org's partition of batches. Its copies
 * are this item at their lists' keys: the work-queue entry of a batch still to
 * build is added to the batch alone, so no copy is ever on the queue.
 */
export function batchItem(batch: ExportBatch): Record<string, unknown> {
  return { ...keys.exportBatch(batch.orgcode, batch.batch_id), record_type: 'export_batch', ...batch };
}
