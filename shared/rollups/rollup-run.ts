import { inParallel } from '../db/in-parallel';
import { newId } from '../domain/identifiers';
import { dayWindow, daysFrom } from '../domain/rollups/rollup-days';

/**
 * The run of a daily rollup over days and organisations, the same for every
 * rollup (financial, usage): one run id, each day in turn, and on each day
 * the organisations that had something to roll up (or the one named) a few
 * at a time, each computing its own day.
 */

/** Which days a run computes: `from` to `to`, both included, for the orgs found on each day or for `orgcode` alone. */
export interface RollupRunRequest {
  from: string;
  to: string;
  orgcode?: string;
}

/** What a rollup does to one org's day, as counts a day's total sums (records written, removed, ...). */
export type OrgDayOutcome = Record<string, number>;

export interface DailyRollup<Outcome extends OrgDayOutcome> {
  /** Type prefix of the run's id, e.g. `frr`. */
  runIdPrefix: string;
  /** The organisations with something to roll up on the day, found without a Scan. */
  orgsOn(dt: string): AsyncIterable<string>;
  /** Organisations computed at once. */
  parallelOrgs: number;
  /** A day's outcome before any org is computed: every count zero, in the order answered. */
  noOutcome(): Outcome;
  rollUpOrgDay(orgcode: string, dt: string, runId: string, now: Date): Promise<Outcome>;
}

/** What one run did to one day: how many orgs it computed, and their outcomes summed. */
export type RolledUpDay<Outcome extends OrgDayOutcome> = { dt: string; orgs: number } & Outcome;

export interface RollupRun<Outcome extends OrgDayOutcome> {
  run_id: string;
  days: RolledUpDay<Outcome>[];
}

export async function runRollup<Outcome extends OrgDayOutcome>(
  rollup: DailyRollup<Outcome>,
  request: RollupRunRequest,
  now: Date,
): Promise<RollupRun<Outcome>> {
  const runId = newId(rollup.runIdPrefix, now);
  const days: RolledUpDay<Outcome>[] = [];
  for (const dt of daysFrom(request.from, request.to)) {
    const orgcodes: string[] = [];
    if (request.orgcode !== undefined) orgcodes.push(request.orgcode);
    else for await (const orgcode of rollup.orgsOn(dt)) orgcodes.push(orgcode);
    const summed: Outcome = rollup.noOutcome();
    await inParallel(
      orgcodes,
      async (orgcode) => {
        const outcome = await rollup.rollUpOrgDay(orgcode, dt, runId, now);
        for (const name of Object.keys(summed)) (summed as OrgDayOutcome)[name] = (summed[name] ?? 0) + (outcome[name] ?? 0);
      },
      rollup.parallelOrgs,
    );
    days.push({ dt, orgs: orgcodes.length, ...summed });
  }
  return { run_id: runId, days };
}

/** Where a rollup keeps its days: its repository over shared/db/rollups/rollup-revisions.ts. */
export interface RollupDayStore<Saved> {
  claimRevision(orgcode: string, dt: string, runId: string, now: Date): Promise<number>;
  save(record: Saved): Promise<boolean>;
  removeBefore(orgcode: string, dt: string, revision: number): Promise<number>;
}

/** What every record of a rollup's day carries besides its figure. */
export interface RollupDayStamp {
  rollup_id: string;
  orgcode: string;
  dt: string;
  window: { from_utc: string; to_utc: string };
  run_id: string;
  revision: number;
  updated_at: string;
}

/**
 * Rewrites an org's day with its figures, the same for every rollup: claims
 * the day's next revision, writes each figure's record at it (its id from
 * `idOf`, the same on every run), then removes the records the day no longer
 * has. Each record goes with its copies in its lists, in a transaction of its
 * own (shared/db/rollups/rollup-revisions.ts): while a run writes, a list may
 * show records of both revisions, each whole, as a read of the day does.
 */
export async function rewriteOrgDay<Figure extends object>(
  store: RollupDayStore<Figure & RollupDayStamp>,
  day: { orgcode: string; dt: string; runId: string; now: Date },
  figures: readonly Figure[],
  idOf: (figure: Figure) => string,
): Promise<{ records: number; removed: number }> {
  const { orgcode, dt, runId, now } = day;
  const revision = await store.claimRevision(orgcode, dt, runId, now);
  const stamp = { orgcode, dt, window: dayWindow(dt), run_id: runId, revision, updated_at: now.toISOString() };
  await inParallel(figures, (figure) => store.save({ ...figure, rollup_id: idOf(figure), ...stamp }));
  const removed = await store.removeBefore(orgcode, dt, revision);
  return { records: figures.length, removed };
}
