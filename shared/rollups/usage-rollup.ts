import { orgsMarkedOn } from '../db/active-days';
import { inParallel } from '../db/in-parallel';
import { clearLateUsage, lateUsageDays } from '../db/usage/late-usage-repository';
import { readDayMeters } from '../db/usage/usage-meter-repository';
import { claimUsageRollupRevision, removeUsageRollupsBefore, saveUsageRollup } from '../db/rollups/usage-rollup-repository';
import { storageUsageIn } from '../db/rollups/usage-rollup-sources';
import { dayBefore, dayWindow } from '../domain/rollups/rollup-days';
import { lateness, usageRollupId } from '../domain/rollups/usage-rollup';
import { UsageTally } from '../domain/rollups/usage-tally';
import { type DailyRollup, type RollupRun, type RollupRunRequest, rewriteOrgDay, runRollup } from './rollup-run';

/**
 * The daily usage rollup job (docs/decisions.md: Usage rollups), run by the
 * 01:00 UTC schedule for the day before and by operators for any past days:
 * for each organisation metered on a day (or the one named), sums its call
 * meters and the storage usage records counting on the day, and rewrites the
 * day's records.
 */

/** What one run did to one org's day, summed per day. */
type UsageOutcome = {
  /** Records written (each a service and scope). */
  records: number;
  /** Records of an earlier run removed: cost centres or services the day no longer has. */
  removed: number;
};

export type UsageRollupRun = RollupRun<UsageOutcome>;

/**
 * One org's day: 1. sum its call meters (each summed over its shards) and the
 * storage usage records counting on it; 2. claim the day's next revision,
 * write each service's and scope's record, and remove those the day no longer
 * has.
 */
async function rollUpOrgDay(orgcode: string, dt: string, runId: string, now: Date): Promise<UsageOutcome> {
  const window = dayWindow(dt);
  const tally = new UsageTally(dt);
  const [meters] = await Promise.all([
    readDayMeters(orgcode, dt),
    (async () => {
      for await (const usage of storageUsageIn(orgcode, window)) tally.addStorage(usage);
    })(),
  ]);
  for (const meter of meters) tally.addMeter(meter);
  const inputs = lateness(dt, meters.map((meter) => meter.last_input_at));
  const figures = tally.figures().map((figure) => ({ ...figure, ...inputs }));

  return rewriteOrgDay(usageRollupDays, { orgcode, dt, runId, now }, figures, (figure) => usageRollupId(dt, figure));
}

const usageRollupDays = { claimRevision: claimUsageRollupRevision, save: saveUsageRollup, removeBefore: removeUsageRollupsBefore };

const usageRollup: DailyRollup<UsageOutcome> = {
  runIdPrefix: 'urun',
  orgsOn: (dt) => orgsMarkedOn('metered', dt),
  // Each org reads its eight meter shards and its storage records at once too.
  parallelOrgs: 4,
  noOutcome: () => ({ records: 0, removed: 0 }),
  rollUpOrgDay,
};

/** Computes each day from `from` to `to` (both included) for the orgs metered on it, or for `orgcode` alone. */
export function runUsageRollup(request: RollupRunRequest, now = new Date()): Promise<UsageRollupRun> {
  return runRollup(usageRollup, request, now);
}

/** The scheduled run's answer: yesterday's days, and how many earlier org-days it rolled up again for late meters. */
export type DailyUsageRollupRun = UsageRollupRun & { late_org_days: number };

/**
 * The scheduled run: the UTC day before the one it was scheduled in (01:00
 * UTC computes yesterday, whose meters closed at midnight), then every earlier
 * org-day marked late (meters counted after it may have been rolled up),
 * again. The marks are read before any meter is, so each one cleared was
 * summed (shared/db/usage/late-usage-repository.ts).
 */
export async function runDailyUsageRollup(scheduledAt: Date, now = new Date()): Promise<DailyUsageRollupRun> {
  const yesterday = dayBefore(scheduledAt);
  const late = await lateUsageDays();
  const run = await runUsageRollup({ from: yesterday, to: yesterday }, now);
  const earlier = late.filter((day) => day.dt < yesterday);
  await inParallel(earlier, (day) => rollUpOrgDay(day.orgcode, day.dt, run.run_id, now), usageRollup.parallelOrgs);
  // Yesterday's marks were summed by the run above; a later day's (a clock ahead) waits for its own run.
  await inParallel(
    late.filter((day) => day.dt <= yesterday),
    (day) => clearLateUsage(day),
  );
  return { ...run, late_org_days: earlier.length };
}
