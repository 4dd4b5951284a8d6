import { type EventSelection, type OrderedEvent, eventsForExport } from '../db/events/event-repository';
import { ordersByEventId } from '../db/gl/cancelled-orders';
import type { AccountingEvent } from '../domain/events/accounting-event';
import { cancelledOrderEventId, isCancellation } from '../domain/gl/journal-mapper';

/** An event of a journal's window, in the ledger's order, with the order it cancels (when it is a cancellation whose order is in the ledger). */
export interface JournalSource extends OrderedEvent {
  order?: AccountingEvent;
}

/** Events read before their cancellations' orders are fetched together (one BatchGetItem). */
const eventsPerChunk = 100;

/**
 * The selection's events, oldest first, streamed (memory bounded by a chunk),
 * each cancellation with its order: what a journal maps.
 */
export async function* journalSources(orgcode: string, selection: EventSelection): AsyncGenerator<JournalSource> {
  let chunk: OrderedEvent[] = [];
  const flush = async function* () {
    const orderIds = chunk.flatMap(({ event }) => (isCancellation(event) ? [cancelledOrderEventId(event)].filter((id): id is string => id !== undefined) : []));
    const orders = orderIds.length ? await ordersByEventId(orgcode, orderIds, selection.recorded_before) : new Map<string, AccountingEvent>();
    for (const ordered of chunk) {
      const orderId = isCancellation(ordered.event) ? cancelledOrderEventId(ordered.event) : undefined;
      const order = orderId === undefined ? undefined : orders.get(orderId);
      yield order ? { ...ordered, order } : ordered;
    }
    chunk = [];
  };
  for await (const ordered of eventsForExport(orgcode, selection)) {
    chunk.push(ordered);
    if (chunk.length === eventsPerChunk) yield* flush();
  }
  yield* flush();
}
