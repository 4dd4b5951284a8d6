import { ordersByEventId } from '../db/gl/cancelled-orders';
import { mappingsUpTo } from '../db/gl/gl-mapping-repository';
import { cancellationsBefore, dayTotalsUpTo } from '../db/gl/journal-day-totals-repository';
import type { AccountingEvent } from '../domain/events/accounting-event';
import { JournalMapper, cancelledOrderEventId } from '../domain/gl/journal-mapper';
import { TrialBalance, type TrialBalanceReport } from '../domain/gl/trial-balance';
import { addDays } from '../domain/rollups/rollup-days';

/** Cancellations whose orders are fetched together (one BatchGetItem). */
const cancellationsPerChunk = 100;

/**
 * The trial balance as of a day (docs/decisions.md: General ledger journal,
 * trial balance): the day totals up to the end of `asOf`, mapped by the
 * revisions as they stand, and each cancellation up to then reversing its
 * order's entry (its order read by id, 100 to a BatchGetItem). It reads one
 * range of day totals per shard, never the events themselves.
 */
export async function trialBalanceAsOf(orgcode: string, asOf: string, currency: string | undefined, now: Date): Promise<TrialBalanceReport> {
  const mappings = await mappingsUpTo(orgcode);
  const balance = new TrialBalance(mappings, currency);
  await dayTotalsUpTo(orgcode, asOf, (group, figures) => balance.addDayTotals(group, figures));

  const mapper = new JournalMapper(orgcode, mappings, []);
  let chunk: AccountingEvent[] = [];
  const reverse = async () => {
    const orderIds = chunk.flatMap((cancellation) => cancelledOrderEventId(cancellation) ?? []);
    const orders = await ordersByEventId(orgcode, orderIds, now.toISOString());
    for (const cancellation of chunk) {
      const orderId = cancelledOrderEventId(cancellation);
      const mapped = mapper.map(cancellation, orderId === undefined ? undefined : orders.get(orderId));
      if ('unmapped' in mapped) balance.addEntry('unmapped');
      else if (mapped.entry) balance.addEntry(mapped.entry);
    }
    chunk = [];
  };
  for await (const cancellation of cancellationsBefore(orgcode, `${addDays(asOf, 1)}T00:00:00.000Z`)) {
    chunk.push(cancellation);
    if (chunk.length === cancellationsPerChunk) await reverse();
  }
  if (chunk.length) await reverse();
  return balance.report(asOf);
}
