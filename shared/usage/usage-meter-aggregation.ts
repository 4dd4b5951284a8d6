import { markDay } from '../db/active-days';
import { inParallel } from '../db/in-parallel';
import { markLateUsage } from '../db/usage/late-usage-repository';
import { applyMeterChunk } from '../db/usage/usage-meter-repository';
import { meterChunks, meterIncrements } from '../domain/usage/metered-lines';
import type { LogBatch } from '../domain/usage/metered-lines';

/** What one batch came to: its figures are the aggregator's run metrics. */
export interface MeterAggregation {
  /** Metered request lines counted (or found counted already). */
  metered_lines: number;
  /** Lines the filter passed that are no metered request line: logged, never counted. */
  unreadable_lines: number;
  chunks_applied: number;
  /** Chunks an earlier delivery of the same batch had applied. */
  chunks_already_applied: number;
  /** Org-days before today's the batch counted on: marked for the next daily usage rollup to roll up again. */
  late_org_days: number;
}

/** Chunks of one batch written at once: each is a transaction on other meters' shards. */
const chunksInFlight = 4;

/**
 * Adds a log batch's metered calls to their meters (docs/decisions.md: Usage
 * meters). The org-days are marked metered first, so no meter exists on a day
 * the usage rollup does not visit; then each chunk is applied once, however
 * often the batch is delivered. Anything that fails throws, and the batch is
 * delivered again (Lambda's retries, then a redrive from the dead-letter
 * queue): the chunks applied before the failure are skipped then. Last, the
 * org-days of past days are marked late, once their meters are counted, so the
 * next daily usage rollup sums them again (a delayed batch can reach a day the
 * 01:00 run already summed).
 */
export async function aggregateMeteredLines(batch: LogBatch, now: Date): Promise<MeterAggregation> {
  const { increments, unreadable } = meterIncrements(batch.logEvents);
  const orgDays = new Map(increments.map(({ meter }) => [`${meter.orgcode}\n${meter.day}`, meter]));
  await inParallel([...orgDays.values()], (meter) => markDay('metered', meter.orgcode, meter.day));
  let applied = 0;
  let alreadyApplied = 0;
  await inParallel(
    meterChunks(batch, increments),
    async (chunk) => {
      if ((await applyMeterChunk(chunk, batch, now)) === 'applied') applied += 1;
      else alreadyApplied += 1;
    },
    chunksInFlight,
  );
  const today = now.toISOString().slice(0, 10);
  const lateDays = [...orgDays.values()].filter((meter) => meter.day < today);
  await inParallel(lateDays, (meter) => markLateUsage(meter.orgcode, meter.day, now));
  return {
    metered_lines: batch.logEvents.length - unreadable,
    unreadable_lines: unreadable,
    chunks_applied: applied,
    chunks_already_applied: alreadyApplied,
    late_org_days: lateDays.length,
  };
}
