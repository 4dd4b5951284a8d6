import { performance } from 'node:perf_hooks';
import { serviceConfig } from '../../shared/config';
import * as keys from '../../shared/db/keys';
import { type OrgRateLimitScope, httpHandler } from '../../shared/http/http-handler';
import type { AwsLike } from '../../shared/local/aws-like';
import type { LambdaHandler } from '../../shared/local/lambda-environments';
import { addLogLineSink } from '../../shared/observability/log-line';
import { eventGetRoute } from '../../shared/routes/events/event-get.route';
import { invoiceGetRoute } from '../../shared/routes/receivables/invoice-get.route';
import type { BenchCaller } from '../harness/local-stack';
import { inProcessCall } from '../latency/route-calls';
import { percentile } from '../harness/stats';
import { table } from '../harness/table';

/**
 * The per-organisation limit across environments (docs/decisions.md:
 * Per-organisation limit), under the AWS-like mode's per-partition throughput:
 * for each row, `environments` handlers, each with a limiter of its own as
 * each Lambda environment has, half of them `/event/get` and half
 * `/invoice/get`, all calling for one fresh organisation at `overload` times
 * its limit; what they admitted against the allowance over the run (burst +
 * rate × seconds), the write units a second the allowance item's partition
 * consumed (the mode's meter) and per admitted call, with the attempts it
 * refused, and the takes that failed as the limiters counted them in their
 * log lines. Then the p50 of a call that is not limited, with the shared
 * allowance and with one kept per environment, calls of both kinds back to back.
 */
export interface OrgRateLimitRow {
  environments: number;
  overload: number;
  offeredPerSecond: number;
  seconds: number;
  /** Calls made in all, admitted or refused, and those that were neither (answered 5xx: out of time on a loaded machine). */
  calls: number;
  failed: number;
  admitted: number;
  allowance: number;
  ratio: number;
  bucketWriteUnitsPerSecond: number;
  bucketWriteUnitsPerAdmittedCall: number;
  /** The same past the row's first `warmupSeconds`, once every environment has made its first take (and claim). */
  settledWriteUnitsPerSecond: number;
  settledWriteUnitsPerAdmittedCall: number;
  bucketThrottled: number;
  /** Takes refused (throttled for the item's own key) and admitted unchecked (any other failure), from the limiters' lines. */
  takesRefused: number;
  takesUnchecked: number;
}

export interface OrgRateLimitReport {
  limit: { perSecond: number; burst: number };
  partitionWriteUnitsPerSecond: number;
  rows: OrgRateLimitRow[];
  /** p50 ms of an unlimited `/event/get`, shared vs environment, and their ratio; the shared side's bucket writes per call. */
  p50: { shared: number; environment: number; ratio: number; bucketWriteUnitsPerCall: number };
  unlimitedCalls: number;
}

/** The rows the section measures: 1x, 5x and 20x the limit, each by 8, 50 and 500 environments. */
export const orgRateLimitLoads = [1, 5, 20].flatMap((overload) => [8, 50, 500].map((environments) => ({ overload, environments })));

const routes = [eventGetRoute, invoiceGetRoute] as const;
const bodyOf = (route: (typeof routes)[number]) => (route === eventGetRoute ? { event_id: 'evt_absent' } : { invoice_id: 'inv_absent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
/** A row's first seconds, when every environment makes its first take and claim, measured apart. */
const warmupSeconds = 10;

async function overloaded(awsLike: AwsLike, caller: BenchCaller, { environments, overload }: (typeof orgRateLimitLoads)[number], seconds: number) {
  const { perSecond, burst } = serviceConfig().orgRateLimit;
  const offeredPerSecond = perSecond * overload;
  const everyMs = (1000 * environments) / offeredPerSecond;
  const bucket = keys.orgRate(caller.orgcode).pk;
  const throttledBefore = awsLike.counts.requestsThrottledByPartition;
  const failedTakes = { refused: 0, unchecked: 0 };
  const stopCounting = addLogLineSink((_line, record) => {
    if (record.message !== 'org rate limit: takes failed' || record.orgcode !== caller.orgcode) return;
    failedTakes.refused += Number(record.OrgRateTakesRefused ?? 0);
    failedTakes.unchecked += Number(record.OrgRateTakesUnchecked ?? 0);
  });
  const started = performance.now();
  let admittedInAll = 0;
  // What the first seconds cost apart: every environment's first take and claim are once in its life (hours on AWS).
  const settled = new Promise<{ at: number; writeUnits: number; admitted: number }>((resolve) =>
    setTimeout(() => resolve({ at: performance.now(), writeUnits: awsLike.partitions.consumed(bucket).writeUnits, admitted: admittedInAll }), warmupSeconds * 1000),
  );
  const environment = async (index: number) => {
    const route = routes[index % routes.length]!;
    const handler = httpHandler(route, { logged: false }) as LambdaHandler;
    let admitted = 0;
    let calls = 0;
    let failed = 0;
    // Each environment starts a share of a period after the one before, as calls arrive spread out.
    for (let at = started + (everyMs * index) / environments; at < started + seconds * 1000; at += everyMs) {
      await sleep(at - performance.now());
      const { status } = await inProcessCall(handler, route, { headers: caller.headers, body: bodyOf(route) })();
      if (status === 404) {
        admitted += 1;
        admittedInAll += 1;
      }
      // Neither admitted (404: no such record) nor refused (429): the call ran out of time or failed (a machine too loaded for the row).
      else if (status !== 429) failed += 1;
      calls += 1;
    }
    return { admitted, calls, failed };
  };
  const counts = await Promise.all(Array.from({ length: environments }, (_, index) => environment(index))).finally(stopCounting);
  const ended = performance.now();
  const elapsed = (ended - started) / 1000;
  const bucketWriteUnits = awsLike.partitions.consumed(bucket).writeUnits;
  const afterWarmup = await settled;
  const admitted = counts.reduce((sum, count) => sum + count.admitted, 0);
  const allowance = burst + perSecond * elapsed;
  return {
    environments,
    overload,
    offeredPerSecond,
    seconds: elapsed,
    calls: counts.reduce((sum, count) => sum + count.calls, 0),
    failed: counts.reduce((sum, count) => sum + count.failed, 0),
    admitted,
    allowance,
    ratio: admitted / allowance,
    bucketWriteUnitsPerSecond: bucketWriteUnits / elapsed,
    bucketWriteUnitsPerAdmittedCall: bucketWriteUnits / Math.max(1, admitted),
    settledWriteUnitsPerSecond: (bucketWriteUnits - afterWarmup.writeUnits) / Math.max(0.001, (ended - afterWarmup.at) / 1000),
    settledWriteUnitsPerAdmittedCall: (bucketWriteUnits - afterWarmup.writeUnits) / Math.max(1, admitted - afterWarmup.admitted),
    // The mode's count is of every partition, but the only writes of the row are the bucket's takes, and its reads stay far below 3,000 RCU/s.
    bucketThrottled: awsLike.counts.requestsThrottledByPartition - throttledBefore,
    // The lines count a window's failures when the next is written: those of a row's last window may be missing.
    takesRefused: failedTakes.refused,
    takesUnchecked: failedTakes.unchecked,
  };
}

async function unlimitedP50(awsLike: AwsLike, caller: BenchCaller, calls: number) {
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
  const bucketWriteUnits = awsLike.partitions.consumed(keys.orgRate(caller.orgcode).pk).writeUnits;
  return { shared, environment, ratio: shared / environment, bucketWriteUnitsPerCall: bucketWriteUnits / calls };
}

/** One caller per row (a fresh organisation, so a fresh bucket), and one for the unlimited calls; `loads` the rows (all of them unless said). */
export async function measureOrgRateLimit(
  awsLike: AwsLike,
  callers: { overloaded: BenchCaller[]; unlimited: BenchCaller },
  { seconds = 30, unlimitedCalls = 200, log = (_line: string) => {}, loads = orgRateLimitLoads } = {},
): Promise<OrgRateLimitReport> {
  const limit = serviceConfig().orgRateLimit;
  const rows: OrgRateLimitRow[] = [];
  for (const [index, load] of loads.entries()) {
    log(`per-organisation limit: ${load.environments} environments at ${load.overload}x for ${seconds} s`);
    rows.push(await overloaded(awsLike, callers.overloaded[index]!, load, seconds));
  }
  const p50 = await unlimitedP50(awsLike, callers.unlimited, unlimitedCalls);
  return { limit, partitionWriteUnitsPerSecond: awsLike.options.partitionWriteUnitsPerSecond, rows, p50, unlimitedCalls };
}

export function orgRateLimitSection(report: OrgRateLimitReport): string[] {
  const { limit, p50 } = report;
  return [
    `Per-organisation limit (${limit.perSecond}/s, burst ${limit.burst}), AWS-like mode, the bucket's partition ${report.partitionWriteUnitsPerSecond} WCU/s: /event/get and /invoice/get environments, one organisation per row`,
    table(
      ['load', 'envs', 'offered/s', 's', 'calls', 'failed', 'admitted', 'allowance', 'admitted/allowance', 'bucket WCU/s', '% of partition', 'WCU/admitted', `after ${warmupSeconds} s: WCU/s`, 'WCU/admitted', 'bucket throttled', 'takes refused', 'unchecked'],
      report.rows.map((row) => [
        `${row.overload}x`,
        row.environments,
        row.offeredPerSecond,
        row.seconds.toFixed(1),
        row.calls,
        row.failed,
        row.admitted,
        row.allowance.toFixed(0),
        `${row.ratio.toFixed(2)}x`,
        row.bucketWriteUnitsPerSecond.toFixed(1),
        `${((100 * row.bucketWriteUnitsPerSecond) / report.partitionWriteUnitsPerSecond).toFixed(1)}%`,
        row.bucketWriteUnitsPerAdmittedCall.toFixed(3),
        row.settledWriteUnitsPerSecond.toFixed(1),
        row.settledWriteUnitsPerAdmittedCall.toFixed(3),
        row.bucketThrottled,
        row.takesRefused,
        row.takesUnchecked,
      ]),
    ),
    `  unlimited /event/get p50 over ${report.unlimitedCalls} calls: shared ${p50.shared.toFixed(2)} ms, per environment ${p50.environment.toFixed(2)} ms: ${p50.ratio.toFixed(3)}x (shared: ${p50.bucketWriteUnitsPerCall.toFixed(2)} bucket WCU a call)`,
  ];
}

/** The rows the cost targets are read in: 1x over 50 environments (WCU per admitted call), 20x over 500 (the item's partition). */
const rowOf = (report: OrgRateLimitReport, overload: number, environments: number) =>
  report.rows.find((row) => row.overload === overload && row.environments === environments);

export function orgRateLimitVerdicts(report: OrgRateLimitReport) {
  const worstRatio = Math.max(...report.rows.map((row) => row.ratio));
  const writeBound = report.partitionWriteUnitsPerSecond / 10;
  const oneX = rowOf(report, 1, 50);
  const twentyX = rowOf(report, 20, 500);
  return [
    { target: 'admitted within 1.2x of the allowance in every row', measured: `${worstRatio.toFixed(2)}x`, limit: '1.20x', pass: worstRatio <= 1.2 },
    ...(oneX
      ? [
          {
            target: `write units per admitted call, 1x over 50 environments, past the first ${warmupSeconds} s (the whole row: ${oneX.bucketWriteUnitsPerAdmittedCall.toFixed(3)})`,
            measured: oneX.settledWriteUnitsPerAdmittedCall.toFixed(3),
            limit: '0.25',
            pass: oneX.settledWriteUnitsPerAdmittedCall <= 0.25,
          },
        ]
      : []),
    ...(twentyX
      ? [
          {
            target: `the allowance item's writes, 20x over 500 environments, within 10% of its partition, past the first ${warmupSeconds} s (the whole row: ${twentyX.bucketWriteUnitsPerSecond.toFixed(1)} WCU/s)`,
            measured: `${twentyX.settledWriteUnitsPerSecond.toFixed(1)} WCU/s`,
            limit: `${writeBound} WCU/s`,
            pass: twentyX.settledWriteUnitsPerSecond <= writeBound,
          },
        ]
      : []),
    { target: 'p50 of an unlimited call, shared limit vs per environment', measured: `${report.p50.ratio.toFixed(3)}x`, limit: '1.05x', pass: report.p50.ratio <= 1.05 },
  ];
}
