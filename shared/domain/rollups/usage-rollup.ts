import * as z from 'zod/mini';
import { builtOnFirstUse, instant, sourceRefs, text } from '../common-schemas';
import { rollupId } from './rollup-id';
import { type UsageScope, usageScopes } from './rollup-subjects';

/**
 * The daily usage rollup (docs/decisions.md: Usage rollups): per organisation,
 * UTC day and service (the platform service whose usage it is), one record per
 * cost centre, one for the usage that named no cost centre, and one for the
 * organisation, which sums them. A record holds the day's usage totals and
 * the same per surface (the route called, or `export_batch` for deliveries),
 * and what it read: storage measured (objects and bytes) and how many source
 * records.
 */


/**
 * What a record covers: the org's whole usage of the service, one cost
 * centre's (`cccode` set), or the usage that named no cost centre.
 */
export { usageScopes, type UsageScope } from './rollup-subjects';

export const usageTotalsSchema = builtOnFirstUse(() => z.object({
  records: z.int(),
  api_calls: z.int(),
  deliveries: z.int(),
  bandwidth_in_bytes: z.number(),
  bandwidth_out_bytes: z.number(),
  errors: z.int(),
}));

/** The spec's UsageAggregate: the totals, and the same per surface. */
export const usageAggregateSchema = builtOnFirstUse(() => z.object({
  totals: usageTotalsSchema,
  surfaces: z.record(z.string(), usageTotalsSchema),
}));

export const usageSourceStatsSchema = builtOnFirstUse(() => z.object({
  /** Objects the storage usage records counting on the day measured. */
  objects: z.int(),
  /** Bytes they measured, rounded to a whole byte. */
  bytes: z.int(),
  /** Source records summed: one per call meter (cost centre and surface) and one per storage usage record. */
  records: z.int(),
}));

/** A stored usage rollup record, as the routes answer it (spec: UsageRollupRecord). */
export const usageRollupRecord = builtOnFirstUse(() => z.object({
  rollup_id: z.string(),
  orgcode: z.string(),
  dt: z.string(),
  service: z.string(),
  scope: z.enum(usageScopes),
  /** Only with scope `cccode`. */
  cccode: z.optional(z.string()),
  /** The day's instants, [from_utc, to_utc). */
  window: z.object({ from_utc: instant, to_utc: instant }),
  usage: usageAggregateSchema,
  source_refs: sourceRefs,
  source_stats: usageSourceStatsSchema,
  /** The run that wrote this revision. */
  run_id: z.string(),
  /** How many runs of the day's rollup there have been: every re-run bumps every record of the day. */
  revision: z.int(),
  /**
   * When the latest call meter input of the org's day was counted (the same
   * on each of the day's records); absent when the day has no call meter, or
   * only ones counted before this was kept.
   */
  last_input_at: z.optional(instant),
  /**
   * How long after the day's end that input was counted, in whole seconds (0
   * within the day): a late one means a delayed log batch, and the day was
   * rolled up again by the daily run after it arrived.
   */
  last_input_late_seconds: z.optional(z.int().check(z.minimum(0))),
  created_at: instant,
  updated_at: instant,
}));
export type UsageRollupRecord = z.infer<typeof usageRollupRecord>;

/**
 * Check of a request naming a `cccode`: that names a cost centre's records,
 * so `scope`, if given too, can only be `cccode`.
 */
export const scopeFitsCccode = z.refine<{ scope?: UsageScope; cccode?: string }>(
  (request) => request.cccode === undefined || request.scope === undefined || request.scope === 'cccode',
  {
    path: ['scope'],
    error: 'must be cccode, or left out, with a cccode',
    when: (payload) => payload.issues.length === 0,
  },
);

/** What a day's records say of its latest input, given when each of its meters' latest input was counted. */
export function lateness(dt: string, inputsAt: ReadonlyArray<string | undefined>): { last_input_at?: string; last_input_late_seconds?: number } {
  const last = inputsAt.reduce<string | undefined>((latest, at) => (at !== undefined && (latest === undefined || at > latest) ? at : latest), undefined);
  if (last === undefined) return {};
  const dayEnd = Date.parse(`${dt}T00:00:00Z`) + 86_400_000;
  return { last_input_at: last, last_input_late_seconds: Math.max(0, Math.floor((Date.parse(last) - dayEnd) / 1000)) };
}

/** What a record is a rollup of, within its org and day. */
export interface UsageRollupSubject {
  service: string;
  scope: UsageScope;
  cccode?: string;
}

/** The record's identifier, the same on every run: `urr_` and the hash of its day, service, scope and cost centre. */
export function usageRollupId(dt: string, subject: UsageRollupSubject): string {
  return rollupId('urr', [dt, subject.service, subject.scope, subject.cccode ?? '']);
}

/**
 * `next_token` of `/usage/rollup/list`: an object, as the specification has
 * it, whose `after` is the sealed listing state every other list's token is.
 * Echoed back unchanged; a forged or altered one is a validation-error.
 */
export const usageRollupPageToken = z.strictObject({ after: text(1, 8192) });
export const usageRollupNextToken = z.nullable(builtOnFirstUse(() => z.object({ after: z.string() })));
