import * as z from 'zod/mini';
import { orgcode } from '../domain/common-schemas';
import { utcDay } from '../domain/rollups/financial-rollup';
import { runFinancialRollup } from '../rollups/financial-rollup';

/**
 * Days one invocation may re-run: a month. An organisation's day of 100,000
 * events takes about 9 s (`npm run bench`), so its month fits the operator's
 * 15 minutes; many such organisations' month is re-run one organisation at a time.
 */
export const maxRerunDays = 31;

const dayMs = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const lastDay = (request: { dt: string; to?: string }) => request.to ?? request.dt;
/** Range checks only between valid days, so a malformed day is reported alone. */
const daysValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * `run`: computes the financial rollup of `dt` (through `to`, both included)
 * again, for every organisation active on each day or for `orgcode` alone,
 * overwriting the days' records. Only days that have ended: a day still under
 * way would be rolled up short.
 */
export const financialRollupAdminRequest = z.discriminatedUnion('action', [
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
export type FinancialRollupAdminRequest = z.infer<typeof financialRollupAdminRequest>;

export function runFinancialRollupAdmin(request: FinancialRollupAdminRequest) {
  return runFinancialRollup({ from: request.dt, to: lastDay(request), orgcode: request.orgcode });
}
