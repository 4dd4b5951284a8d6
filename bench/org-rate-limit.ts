import { performance } from 'node:perf_hooks';
import { serviceConfig } from '../shared/config';
import { type OrgRateLimitScope, httpHandler } from '../shared/http/http-handler';
import type { LambdaHandler } from '../shared/local/handler-loader';
import { eventGetRoute } from '../shared/routes/events/event-get.route';
import { invoiceGetRoute } from '../shared/routes/receivables/invoice-get.route';
import type { BenchCaller } from './local-stack';
import { inProcessCall } from './route-calls';
import { percentile } from './stats';

/**
 * The per-organisation limit across environments (docs/decisions.md:
 * Per-organisation limit): `environments` handlers, each with a limiter of its
 * own as each Lambda environment has, half of them `/event/get` and half
 * `/invoice/get`, all calling for one organisation at `overload` times its
 * limit; what they admitted against the bucket's allowance over the run
 * (burst + rate × seconds), with the allowance shared and, as before, kept per
 * environment. Then the p50 of a call that is not limited, with the shared
 * allowance and with the per-environment one, calls of both kinds back to back.
 */
export interface OrgRateLimitReport {
  limit: { perSecond: number; burst: number };
  environments: number;
  offeredPerSecond: number;
  seconds: number;
  /** Calls admitted / the allowance over the run, per scope. */
  admitted: Record<OrgRateLimitScope, { calls: number; allowance: number; ratio: number; perSecond: number }>;
  /** p50 ms of an unlimited `/event/get`, shared vs environment, and their ratio. */
  p50: { shared: number; environment: number; ratio: number };
  unlimitedCalls: number;
}

const routes = [eventGetRoute, invoiceGetRoute] as const;
const bodyOf = (route: (typeof routes)[number]) => (route === eventGetRoute ? { event_id: 'evt_absent' } : { invoice_id: 'inv_absent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function overloaded(scope: OrgRateLimitScope, caller: BenchCaller, environments: number, offeredPerSecond: number, seconds: number) {
  const everyMs = (1000 * environments) / offeredPerSecond;
  const started = performance.now();
  const environment = async (index: number) => {
    const route = routes[index % routes.length]!;
    const handler = httpHandler(route, { rateLimit: scope, logged: false }) as LambdaHandler;
    let admitted = 0;
    // Each environment starts a share of a period after the one before, as calls arrive spread out.
    for (let at = started + (everyMs * index) / environments; at < started + seconds * 1000; at += everyMs) {
      await sleep(at - performance.now());
      const { status, text } = await inProcessCall(handler, route, { headers: caller.headers, body: bodyOf(route) })();
      if (status !== 429 && status !== 404) throw new Error(`${route.path} answered ${status}: ${text.slice(0, 200)}`);
      if (status === 404) admitted += 1;
    }
    return admitted;
  };
  const counts = await Promise.all(Array.from({ length: environments }, (_, index) => environment(index)));
  const elapsed = (performance.now() - started) / 1000;
  const { perSecond, burst } = serviceConfig().orgRateLimit;
  const calls = counts.reduce((sum, count) => sum + count, 0);
  const allowance = burst + perSecond * elapsed;
  return { calls, allowance, ratio: calls / allowance, perSecond: (calls - burst) / elapsed };
}

async function unlimitedP50(caller: BenchCaller, calls: number) {
  const { perSecond } = serviceConfig().orgRateLimit;
  const handlers: Record<OrgRateLimitScope, LambdaHandler> = {
    shared: httpHandler(eventGetRoute, { logged: false }) as LambdaHandler,
    environment: httpHandler(eventGetRoute, { rateLimit: 'environment', logged: false }) as LambdaHandler,
  };
  const samples: Record<OrgRateLimitScope, number[]> = { shared: [], environment: [] };
  // Half the limit: each side's calls stay within it, so none is refused.
  const everyMs = 2000 / perSecond;
  for (let iteration = 0; iteration < calls; iteration += 1) {
    const next = performance.now() + everyMs;
    const order: OrgRateLimitScope[] = iteration % 2 === 0 ? ['shared', 'environment'] : ['environment', 'shared'];
    for (const scope of order) {
      const call = inProcessCall(handlers[scope], eventGetRoute, { headers: caller.headers, body: { event_id: 'evt_absent' } });
      const start = performance.now();
      const { status } = await call();
      samples[scope].push(performance.now() - start);
      if (status !== 404) throw new Error(`/event/get (${scope}) answered ${status}: not an unlimited call`);
    }
    await sleep(next - performance.now());
  }
  const shared = percentile(samples.shared, 50);
  const environment = percentile(samples.environment, 50);
  return { shared, environment, ratio: shared / environment };
}

export async function measureOrgRateLimit(
  callers: { overloaded: Record<OrgRateLimitScope, BenchCaller>; unlimited: BenchCaller },
  { environments = 8, overload = 5, seconds = 10, unlimitedCalls = 200 } = {},
): Promise<OrgRateLimitReport> {
  const limit = serviceConfig().orgRateLimit;
  const offeredPerSecond = limit.perSecond * overload;
  const shared = await overloaded('shared', callers.overloaded.shared, environments, offeredPerSecond, seconds);
  const environment = await overloaded('environment', callers.overloaded.environment, environments, offeredPerSecond, seconds);
  const p50 = await unlimitedP50(callers.unlimited, unlimitedCalls);
  return { limit, environments, offeredPerSecond, seconds, admitted: { shared, environment }, p50, unlimitedCalls };
}

export function orgRateLimitSection(report: OrgRateLimitReport): string[] {
  const { limit, admitted, p50 } = report;
  const row = (scope: OrgRateLimitScope) =>
    `  ${scope.padEnd(11)} admitted ${admitted[scope].calls} of an allowance of ${admitted[scope].allowance.toFixed(0)}: ${admitted[scope].ratio.toFixed(2)}x; ${admitted[scope].perSecond.toFixed(1)}/s past the burst vs ${limit.perSecond}/s`;
  return [
    `Per-organisation limit (${limit.perSecond}/s, burst ${limit.burst}): ${report.environments} environments (/event/get, /invoice/get) offering ${report.offeredPerSecond}/s for ${report.seconds} s`,
    row('shared'),
    row('environment'),
    `  unlimited /event/get p50 over ${report.unlimitedCalls} calls: shared ${p50.shared.toFixed(2)} ms, per environment ${p50.environment.toFixed(2)} ms: ${p50.ratio.toFixed(3)}x`,
  ];
}

export function orgRateLimitVerdicts(report: OrgRateLimitReport) {
  const { ratio } = report.admitted.shared;
  return [
    { target: 'admitted within 20% of the allowance across environments', measured: `${ratio.toFixed(2)}x`, limit: '0.80x..1.20x', pass: ratio >= 0.8 && ratio <= 1.2 },
    { target: 'p50 of an unlimited call, shared limit vs per environment', measured: `${report.p50.ratio.toFixed(3)}x`, limit: '1.05x', pass: report.p50.ratio <= 1.05 },
  ];
}
