import { ledgerEventId } from '../../domain/ledger/ledger-events';
import type { LedgerEntry } from '../../domain/rollups/ledger-entry';
import { batchGetItems } from '../batch-get';
import * as keys from '../keys';
import { shardLayout } from '../shard-layout';
import { shardedStream } from '../sharded-read';

/**
 * What the daily financial rollup reads of one organisation's day: the
 * ledger's events of a type dated in it and the orders its cancellations
 * take back (what was owed: shared/db/receivables/owed-as-of.ts). Reads only the
 * attributes the rollup sums (the capacity is the items' size all the same;
 * the transfer and memory are not).
 */

const entryAttributes = ['event_type', 'amount', 'tax_amount', 'channel_code', 'tax_jurisdiction_code', 'tax_components', 'source_refs'] as const;

/** Items per Query page (about 0.5 MB of events); DynamoDB Local slows down on unbounded pages. */
const eventsPerPage = 1000;

/**
 * The org's events of `eventType` dated in [from_utc, to_utc), a Query page at a time of the ledger of the type
 * (list partitions on the table, read consistently: every event recorded before the read is summed), in the
 * ledger's order over every shard of the type (so sums add up in the same order whatever the layout).
 */
export async function* eventsOfTypeIn(
  orgcode: string,
  eventType: string,
  window: { from_utc: string; to_utc: string },
): AsyncGenerator<LedgerEntry> {
  const events = shardedStream(
    {
      partition: keys.eventsOfType(orgcode, eventType),
      // Sort keys are `<occurred_at>#<event_id>`: one at to_utc sorts above to_utc itself, so the end is excluded.
      range: { from: window.from_utc, to: window.to_utc },
      projection: entryAttributes,
      oldestFirst: true,
    },
    await shardLayout(orgcode),
    eventsPerPage,
  );
  for await (const item of events) yield item as LedgerEntry;
}

/**
 * The ledger entries of the orders placed with these ids, by order id, found
 * under the id the ledger derives from each (one consistent read per order,
 * 100 to a BatchGetItem, as the events beside them are read); an order the
 * ledger has not recorded is absent.
 */
export async function placedOrders(orgcode: string, orderIds: readonly string[]): Promise<Map<string, LedgerEntry>> {
  const eventIds = new Map(orderIds.map((orderId) => [ledgerEventId('order.placed', orderId), orderId]));
  const items = await batchGetItems(
    [...eventIds.keys()].map((eventId) => keys.event(orgcode, eventId)),
    { attributes: ['event_id', ...entryAttributes], consistent: true },
  );
  const orders = new Map<string, LedgerEntry>();
  for (const item of items) {
    // `/event/record` may have taken a derived id for another type; that is not the order.
    if (item.event_type !== 'order.placed') continue;
    orders.set(eventIds.get(String(item.event_id)) as string, item as LedgerEntry);
  }
  return orders;
}
