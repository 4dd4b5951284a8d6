import * as z from 'zod/mini';
import { orgcode } from '../domain/common-schemas';
import { utcDay } from '../domain/rollups/rollup-days';
import type { RollupRunRequest } from '../rollups/rollup-run';

/**
 * What the operators of the daily rollups (`financial-rollup-admin`,
 * `usage-rollup-admin`) take: the same request, validated the same way.
 */

/**
 * Days one invocation may re-run: a month. An organisation's financial day of
 * 100,000 events takes about 9 s (`npm run bench`), so its month fits the
 * operator's 15 minutes; many such organisations' month is re-run one
 * organisation at a time. A usage day reads far less (its meters and storage
 * records).
 */
export const maxRerunDays = 31;

const dayMs = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const lastDay = (request: { dt: string; to?: string }) => request.to ?? request.dt;
/** Range checks only between valid days, so a malformed day is reported alone. */
const daysValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * `run`: computes the rollup of `dt` (through `to`, both included) again, for
 * every organisation found on each day or for `orgcode` alone, overwriting
 * the days' records. Only days that have ended: a day still under way would
 * be rolled up short.
 */
export const rollupAdminRequest = z.discriminatedUnion('action', [
  z
    .strictObject({
      action: z.literal('run'),
      dt: utcDay,
      to: z.optional(utcDay),
      orgcode: z.optional(orgcode),
    })
    .check(
      z.refine((request) => lastDay(request) >= request.dt, { path: ['to'], error: 'must not be before dt', ...daysValid }),
      z.refine((request) => (Date.parse(lastDay(request)) - Date.parse(request.dt)) / dayMs < maxRerunDays, {
        path: ['to'],
        error: `must be at most ${maxRerunDays} days from dt, both included`,
        ...daysValid,
      }),
      z.refine((request) => lastDay(request) < today(), {
        path: ['to'],
        error: 'must be a day that has ended (UTC), like every day of the run',
        when: (payload) => payload.issues.length === 0 && (payload.value as { to?: string }).to !== undefined,
      }),
      z.refine((request) => request.dt < today(), { path: ['dt'], error: 'must be a day that has ended (UTC)', ...daysValid }),
    ),
]);
export type RollupAdminRequest = z.infer<typeof rollupAdminRequest>;

/** The operator of a rollup: runs it over the request's days. */
export function rollupAdmin<Run>(run: (request: RollupRunRequest) => Promise<Run>) {
  return (request: RollupAdminRequest): Promise<Run> => run({ from: request.dt, to: lastDay(request), orgcode: request.orgcode });
}
