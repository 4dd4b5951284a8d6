import { orgsMarkedOn } from '../db/active-days';
import { claimRevision, removeRecordsBefore, saveRecord } from '../db/rollups/financial-rollup-repository';
import { eventsOfTypeIn, placedOrders } from '../db/rollups/financial-rollup-sources';
import { owedAmountsAsOf } from '../db/receivables/owed-as-of';
import { type FinancialDimension, financialRollupId } from '../domain/rollups/financial-rollup';
import { FinancialTally } from '../domain/rollups/financial-tally';
import { dayBefore, dayWindow } from '../domain/rollups/rollup-days';
import { type DailyRollup, type RollupRun, type RollupRunRequest, rewriteOrgDay, runRollup } from './rollup-run';

/**
 * The daily financial rollup job (docs/decisions.md: Financial rollups), run
 * by the 02:00 UTC schedule for the day before and by operators for any past
 * days: for each organisation that recorded ledger events on a day (or the
 * one named), sums its day and rewrites the day's records.
 */

/** What one run did to one org's day, summed per day. */
type FinancialOutcome = {
  /** Records written (each a dimension value). */
  records: number;
  /** Records of an earlier run removed: values the day no longer has. */
  removed: number;
  /** Cancellations not taken back: their order is not (yet) in the ledger. A re-run once it is takes them back. */
  unmatched_cancellations: number;
};

export type FinancialRollupRun = RollupRun<FinancialOutcome>;

/** Takes each item a paged read yields, as it comes. */
async function each<T>(items: AsyncIterable<T>, take: (item: T) => void): Promise<void> {
  for await (const item of items) take(item);
}

/**
 * One org's day: 1. sum the orders placed and tenders captured dated in it,
 * noting the orders its cancellations name; 2. take those orders back (read by
 * the id the ledger derives from each); 3. age what is owed as of the day;
 * 4. claim the day's next revision, write each value's record, and remove the
 * values the day no longer has.
 */
async function rollUpOrgDay(orgcode: string, dt: string, runId: string, now: Date): Promise<FinancialOutcome> {
  const window = dayWindow(dt);
  const tally = new FinancialTally();
  const cancelledOrderIds = new Set<string>();
  let unmatched = 0;
  await Promise.all([
    each(eventsOfTypeIn(orgcode, 'order.placed', window), (order) => tally.addOrderPlaced(order)),
    each(eventsOfTypeIn(orgcode, 'tender.captured', window), (tender) => tally.addTenderCaptured(tender)),
    each(eventsOfTypeIn(orgcode, 'order.cancelled', window), (cancellation) => {
      const orderId = cancellation.source_refs?.find((ref) => ref.kind === 'order')?.id;
      if (orderId === undefined) unmatched += 1;
      else cancelledOrderIds.add(orderId);
    }),
    each(owedAmountsAsOf(orgcode, dt), (owed) => tally.addOwed(owed, dt)),
  ]);
  const orders = await placedOrders(orgcode, [...cancelledOrderIds]);
  for (const order of orders.values()) tally.addOrderCancelled(order);
  unmatched += cancelledOrderIds.size - orders.size;

  const day = { orgcode, dt, runId, now };
  const idOf = (figure: { dimension: FinancialDimension; dimension_value: string }) => financialRollupId(dt, figure.dimension, figure.dimension_value);
  const written = await rewriteOrgDay(financialRollupDays, day, tally.figures(), idOf);
  return { ...written, unmatched_cancellations: unmatched };
}

const financialRollupDays = { claimRevision, save: saveRecord, removeBefore: removeRecordsBefore };

const financialRollup: DailyRollup<FinancialOutcome> = {
  runIdPrefix: 'frr',
  orgsOn: (dt: string) => orgsMarkedOn('ledger', dt),
  // Each org reads its three event types and its receivables at once too.
  parallelOrgs: 4,
  noOutcome: (): FinancialOutcome => ({ records: 0, removed: 0, unmatched_cancellations: 0 }),
  rollUpOrgDay,
};

/** Computes each day from `from` to `to` (both included) for the orgs active on it, or for `orgcode` alone. */
export function runFinancialRollup(request: RollupRunRequest, now = new Date()): Promise<FinancialRollupRun> {
  return runRollup(financialRollup, request, now);
}

/** The scheduled run: the UTC day before the one it was scheduled in (02:00 UTC computes yesterday). */
export function runDailyFinancialRollup(scheduledAt: Date): Promise<FinancialRollupRun> {
  const yesterday = dayBefore(scheduledAt);
  return runFinancialRollup({ from: yesterday, to: yesterday });
}
