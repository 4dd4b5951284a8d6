import type { AccountingEvent } from '../../domain/events/accounting-event';
import { batchGetItems } from '../batch-get';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';

/**
 * The order events the cancellations of a journal reverse, by event id: one
 * consistent read each, 100 to a BatchGetItem, as the financial rollup reads
 * them (shared/db/rollups/financial-rollup-sources.ts). An order recorded at or
 * after `recordedBefore` is left out, as the export leaves out every event
 * recorded after its cutoff, so a rebuild reverses exactly what it did before.
 */
export async function ordersByEventId(orgcode: string, eventIds: Iterable<string>, recordedBefore: string): Promise<Map<string, AccountingEvent>> {
  const items = await batchGetItems(
    [...new Set(eventIds)].map((eventId) => keys.event(orgcode, eventId)),
    { consistent: true },
  );
  const orders = new Map<string, AccountingEvent>();
  for (const item of items) {
    const event = withoutStorageAttributes<AccountingEvent>(item);
    if (event.recorded_at < recordedBefore) orders.set(event.event_id, event);
  }
  return orders;
}
