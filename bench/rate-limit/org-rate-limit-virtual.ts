import type { OrgRateLimit } from '../../shared/domain/org-rate';
import { OrgRateLimiter } from '../../shared/http/org-rate-limit';
import { seededRandom } from '../../shared/seeded-random';
import { table } from '../harness/table';
import type { TargetVerdict } from '../harness/verdict';
import { orgRateLimitLoads } from './org-rate-limit';
import { virtualAllowance } from './virtual-allowance';
import { VirtualClock } from './virtual-clock';

/**
 * The per-organisation limit across environments on a virtual clock: the real
 * limiter (shared/http/org-rate-limit.ts), one per environment, over the
 * allowance item modelled request for request (virtual-allowance.ts), each
 * request a round trip of `roundTripMs`. The real-time section
 * (org-rate-limit.ts) runs every environment's handler in one process beside
 * DynamoDB Local: at 20x over 500 environments that process is the
 * bottleneck (a take's round trip about 1.2 s, a call's p50 3.5 s), not the
 * limiter, whose environments then never keep a steady pace. Here each
 * environment's calls arrive on time, `jitterMs` either side, as Lambda's
 * environments each with a CPU of their own would serve them.
 */
export interface VirtualRateRow {
  environments: number;
  overload: number;
  /** The row's seconds, or longer when calls waiting on slow round trips ran past its end. */
  elapsedSeconds: number;
  calls: number;
  admitted: number;
  allowance: number;
  ratio: number;
  writes: number;
  failedWrites: number;
  reads: number;
  /** Write units a second and per admitted call past the first `warmupSeconds`. */
  settledWriteUnitsPerSecond: number;
  settledWriteUnitsPerAdmittedCall: number;
}

export interface VirtualRateReport {
  limit: OrgRateLimit;
  seconds: number;
  roundTripMs: number;
  jitterMs: number;
  rows: VirtualRateRow[];
}

const warmupSeconds = 10;
/** The partition a key takes writes at (AWS: 1,000 WCU/s a partition key), of which the item may use a tenth at 20x over 500. */
const partitionWriteUnitsPerSecond = 1_000;

async function virtualRow(limit: OrgRateLimit, { environments, overload }: { environments: number; overload: number }, seconds: number, roundTripMs: number, jitterMs: number, seed: number): Promise<VirtualRateRow> {
  const start = 1_800_000_000_000;
  const clock = new VirtualClock(start);
  const random = seededRandom(seed);
  const { source, meter } = virtualAllowance(limit, clock, roundTripMs);
  const everyMs = (1000 * environments) / (limit.perSecond * overload);
  const tally = { calls: 0, admitted: 0 };
  let atWarmup = { writes: 0, admitted: 0 };
  clock.at(start + warmupSeconds * 1000, () => {
    atWarmup = { writes: meter.writes, admitted: tally.admitted };
  });
  for (let index = 0; index < environments; index += 1) {
    const limiter = new OrgRateLimiter(limit, source, random);
    const first = start + (everyMs * index) / environments;
    // An environment serves one call at a time, as Lambda's do: the next waits until this one is answered.
    const serve = async (call: number): Promise<void> => {
      const wait = await limiter.admit('VIRTUAL', clock.now);
      await limiter.settled();
      tally.calls += 1;
      if (wait === 0) tally.admitted += 1;
      const next = first + (call + 1) * everyMs + (random() - 0.5) * 2 * jitterMs;
      if (next < start + seconds * 1000) clock.at(next, () => void serve(call + 1));
    };
    clock.at(first, () => void serve(0));
  }
  await clock.run();
  // Calls that waited on slow round trips run past the row's end: the allowance is over the time the calls took.
  const elapsedSeconds = Math.max(seconds, (clock.now - start) / 1000);
  const allowance = limit.burst + limit.perSecond * elapsedSeconds;
  return {
    environments,
    overload,
    elapsedSeconds,
    calls: tally.calls,
    admitted: tally.admitted,
    allowance,
    ratio: tally.admitted / allowance,
    writes: meter.writes,
    failedWrites: meter.failedWrites,
    reads: meter.reads,
    settledWriteUnitsPerSecond: (meter.writes - atWarmup.writes) / (elapsedSeconds - warmupSeconds),
    settledWriteUnitsPerAdmittedCall: (meter.writes - atWarmup.writes) / Math.max(1, tally.admitted - atWarmup.admitted),
  };
}

/** Every row of the real-time section (1x, 5x and 20x over 8, 50 and 500 environments), on the virtual clock. */
export async function measureVirtualOrgRateLimit(limit: OrgRateLimit, { seconds = 60, roundTripMs = 10, jitterMs = 300, seed = 7 } = {}): Promise<VirtualRateReport> {
  const rows: VirtualRateRow[] = [];
  for (const load of orgRateLimitLoads) rows.push(await virtualRow(limit, load, seconds, roundTripMs, jitterMs, seed));
  return { limit, seconds, roundTripMs, jitterMs, rows };
}

export function virtualOrgRateLimitSection(report: VirtualRateReport): string[] {
  const { limit } = report;
  return [
    `Per-organisation limit (${limit.perSecond}/s, burst ${limit.burst}) on a virtual clock: ${report.seconds} s a row, each request a ${report.roundTripMs} ms round trip, calls ±${report.jitterMs} ms`,
    table(
      ['load', 'envs', 's', 'calls', 'admitted', 'allowance', 'admitted/allowance', 'writes', 'failed conditions', 'reads', `after ${warmupSeconds} s: WCU/s`, '% of partition', 'WCU/admitted'],
      report.rows.map((row) => [
        `${row.overload}x`,
        row.environments,
        row.elapsedSeconds.toFixed(1),
        row.calls,
        row.admitted,
        row.allowance.toFixed(0),
        `${row.ratio.toFixed(2)}x`,
        row.writes,
        row.failedWrites,
        row.reads,
        row.settledWriteUnitsPerSecond.toFixed(1),
        `${((100 * row.settledWriteUnitsPerSecond) / partitionWriteUnitsPerSecond).toFixed(1)}%`,
        row.settledWriteUnitsPerAdmittedCall.toFixed(3),
      ]),
    ),
  ];
}

/** The cost targets, read on the virtual clock: 1x over 50 (write units per admitted call) and 20x over 500 (the key's partition). */
export function virtualOrgRateLimitVerdicts(report: VirtualRateReport): TargetVerdict[] {
  const rowOf = (overload: number, environments: number) => report.rows.find((row) => row.overload === overload && row.environments === environments)!;
  const worst = Math.max(...report.rows.map((row) => row.ratio));
  const oneX = rowOf(1, 50);
  const twentyX = rowOf(20, 500);
  const writeBound = partitionWriteUnitsPerSecond / 10;
  return [
    { target: 'virtual clock: admitted within 1.2x of the allowance in every row', measured: `${worst.toFixed(2)}x`, limit: '1.20x', pass: worst <= 1.2 },
    {
      target: `virtual clock: write units per admitted call, 1x over 50 environments, past the first ${warmupSeconds} s`,
      measured: oneX.settledWriteUnitsPerAdmittedCall.toFixed(3),
      limit: '0.25',
      pass: oneX.settledWriteUnitsPerAdmittedCall <= 0.25,
    },
    {
      target: `virtual clock: the allowance item's writes, 20x over 500 environments, within 10% of its partition, past the first ${warmupSeconds} s`,
      measured: `${twentyX.settledWriteUnitsPerSecond.toFixed(1)} WCU/s`,
      limit: `${writeBound} WCU/s`,
      pass: twentyX.settledWriteUnitsPerSecond <= writeBound,
    },
  ];
}
