import { dynamo } from '../../shared/db/client';
import { shardLayout } from '../../shared/db/shard-layout';
import { type ShardRaise, shardRaises } from '../../shared/db/shard-raises';
import { ShardWatch, type WatchedWrites } from '../../shared/db/shard-watch';
import { defaultAwsLikeOptions } from '../../shared/local/aws-like-options';
import { type PartitionMeter, partitionMeter } from '../../shared/local/aws-like-partition-throughput';
import { seededRandom } from '../../shared/seeded-random';
import { type OrderModel, type PartitionRef, type StepWrites, addFixedWrites, addSpreadWrites } from './shard-ramp-model';
import type { RampPlan } from './shard-ramp-plans';

/**
 * One organisation's load over time (issue 31, item 1; issue 38, section 1),
 * on a virtual clock: a run of half an hour takes minutes, every part of it
 * at its real rate and time. Its orders are spread at random over
 * `environments` Lambda environments, each with a shard watch of its own
 * (shard-watch.ts, its own draws), as AWS spreads an organisation's calls.
 * Each order writes what the real code paths wrote per order
 * (shard-ramp-model.ts) against the AWS-like mode's per-partition throughput
 * (aws-like-partition-throughput.ts, 1,000 write and 3,000 read units a second
 * a partition key, told the virtual time); its spread writes go to the shards
 * of the organisation's real layout at that time (shard-layout.ts, its
 * one-minute cache and two-minute raise delay on the virtual clock; one cache
 * for every environment, where on AWS each reads the layout within a minute:
 * a raise is written to only two minutes after it is made, so every
 * environment writes to the same shards either way). The watches' reports,
 * their counter items and the raises are written to DynamoDB Local, and the
 * reports are metered on their key too. No operator step. Time goes in steps
 * of 50 ms: a step's writes of an environment to a key are taken together,
 * or all refused while its bucket is empty, and a refused write is sent again
 * as the SDK does (4 attempts, jittered backoff from 100 ms); one throttled 4
 * times is answered as a failure. A write is told to its environment's watch
 * once it was taken, or as refused once it failed, as the service's client
 * tells it.
 */

const sdkAttempts = 4;
/** The ramp's step: its orders' writes are added up per environment and key and metered at its start (50 orders at the peak). */
const stepMs = 50;
const sdkBackoffMs = 100;
/** The last stretch the hottest key's share is taken over. */
const finalStretchSeconds = 60;

export interface RampRow {
  fromSecond: number;
  toSecond: number;
  ordersPerSecond: number;
  orders: number;
  writes: number;
  throttledWrites: number;
  failedWrites: number;
  /** The watches' reports: UpdateItems of the organisation's counter items. */
  reports: number;
  writeShards: number;
  hottest: KeyShare;
}

export interface KeyShare {
  where: string;
  key: string;
  /** Units a second over the stretch, as a share of the partition's limit. */
  meanShare: number;
  /** The busiest second's. */
  peakSecondShare: number;
}

export interface RampReport {
  plan: RampPlan;
  orgcode: string;
  limits: { write: number; read: number };
  rows: RampRow[];
  raises: ShardRaise[];
  startedAt: number;
  totals: { orders: number; writes: number; throttledWrites: number; failedWrites: number; throttledReads: number; reports: number };
  /** The last second a write attempt was throttled in (undefined: none was). */
  lastThrottledSecond: number | undefined;
  /** The hottest key over the run's last minute. */
  finalHottest: KeyShare;
  elapsedMs: number;
}

/** Units per key over a stretch, and the busiest second of each key in it. */
class KeyLoad {
  private readonly units = new Map<PartitionRef, number>();
  private readonly second = new Map<PartitionRef, number>();
  private readonly peak = new Map<PartitionRef, number>();
  private currentSecond = -1;

  add(ref: PartitionRef, units: number, second: number): void {
    if (second !== this.currentSecond) this.closeSecond(second);
    this.units.set(ref, (this.units.get(ref) ?? 0) + units);
    this.second.set(ref, (this.second.get(ref) ?? 0) + units);
  }

  private closeSecond(next: number): void {
    for (const [ref, units] of this.second) if (units > (this.peak.get(ref) ?? 0)) this.peak.set(ref, units);
    this.second.clear();
    this.currentSecond = next;
  }

  hottest(seconds: number, limit: number): KeyShare {
    this.closeSecond(this.currentSecond);
    let top: [PartitionRef | undefined, number] = [undefined, 0];
    for (const entry of this.units) if (entry[1] > top[1]) top = entry;
    const [ref, units] = top;
    return { where: ref?.where ?? '', key: ref?.key ?? '', meanShare: units / seconds / limit, peakSecondShare: ref ? (this.peak.get(ref) ?? 0) / limit : 0 };
  }
}

interface Retry extends StepWrites {
  at: number;
  ref: PartitionRef;
  attempt: number;
  environment: number;
}

/** What one environment tells its watch of one spread partition after a step: writes taken and writes failed, of `units` each. */
interface Noted {
  units: number;
  written: number;
  failed: number;
}

/** Counts the watches' reports as the client sends them: UpdateItems of a `…#SHARD_WATCH` key. */
function countingReports(): { taken(): number; detach(): void } {
  let reports = 0;
  const name = 'benchWatchReports';
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'UpdateItemCommand' && String((args.input as { Key?: { pk?: string } }).Key?.pk ?? '').endsWith('#SHARD_WATCH')) reports += 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    taken() {
      const count = reports;
      reports = 0;
      return count;
    },
    detach: () => dynamo().middlewareStack.remove(name),
  };
}

/** Runs `plan` for `orgcode` (fresh: one shard) and reports it; the watches' figures are the deployed ones. */
export async function runShardRamp(model: OrderModel, orgcode: string, plan: RampPlan, progress: (line: string) => void = () => undefined): Promise<RampReport> {
  const started = performance.now();
  const limits = { write: defaultAwsLikeOptions.partitionWriteUnitsPerSecond, read: defaultAwsLikeOptions.partitionReadUnitsPerSecond };
  const meter: PartitionMeter = partitionMeter({ partitionWriteUnitsPerSecond: limits.write, partitionReadUnitsPerSecond: limits.read });
  const random = seededRandom(31);
  const seeds = seededRandom(1_000);
  const watches = Array.from({ length: plan.environments }, () => new ShardWatch(seededRandom(Math.floor(seeds() * 2 ** 32))));
  const encodedOrg = encodeURIComponent(orgcode);
  const watchKey = `ORG#${encodedOrg}#SHARD_WATCH`;
  const watchRef: PartitionRef = {
    where: 'table',
    key: watchKey,
    write: { partitionKey: watchKey, capacity: 'write' },
    read: { partitionKey: watchKey, capacity: 'read' },
  };
  const startedAt = Date.now();
  const totals = { orders: 0, writes: 0, throttledWrites: 0, failedWrites: 0, throttledReads: 0, reports: 0 };
  const rows: RampRow[] = [];
  let row = { orders: 0, writes: 0, throttledWrites: 0, failedWrites: 0, reports: 0 };
  let rowLoad = new KeyLoad();
  const finalLoad = new KeyLoad();
  const endMs = plan.seconds * 1000;
  let retries: Retry[] = [];
  let lastThrottledSecond: number | undefined;

  const charge = (ref: PartitionRef, units: number, atMs: number) => {
    meter.charge(ref.write, units, startedAt + atMs);
    const second = Math.floor(atMs / 1000);
    rowLoad.add(ref, units, second);
    if (atMs >= endMs - finalStretchSeconds * 1000) finalLoad.add(ref, units, second);
  };

  /** Sends one environment's writes of a step to one key at `atMs`: all taken, or all refused while its bucket is empty (sent again after a backoff). */
  const send = (ref: PartitionRef, writes: StepWrites, atMs: number, attempt: number, environment: number, noted: Map<number, Map<string, Noted>>) => {
    const taken = !meter.exhausted(ref.write, startedAt + atMs);
    if (taken) charge(ref, writes.units, atMs);
    else {
      row.throttledWrites += writes.writes;
      lastThrottledSecond = Math.floor(atMs / 1000);
      if (attempt < sdkAttempts) {
        retries.push({ ...writes, ref, environment, at: atMs + random() * sdkBackoffMs * 2 ** (attempt - 1), attempt: attempt + 1 });
        return;
      }
      row.failedWrites += writes.writes;
    }
    if (!ref.spread) return;
    const partitions = noted.get(environment) ?? new Map<string, Noted>();
    const tally = partitions.get(ref.spread) ?? { units: writes.units / writes.writes, written: 0, failed: 0 };
    if (taken) tally.written += writes.writes;
    else tally.failed += writes.writes;
    partitions.set(ref.spread, tally);
    noted.set(environment, partitions);
  };

  let rowStart = 0;
  const closeRow = async (toSecond: number) => {
    const { writeShards } = await shardLayout(orgcode, startedAt + toSecond * 1000);
    rows.push({ fromSecond: rowStart, toSecond, ordersPerSecond: plan.ordersPerSecond(toSecond - 1), ...row, writeShards, hottest: rowLoad.hottest(toSecond - rowStart, limits.write) });
    totals.orders += row.orders;
    totals.writes += row.writes;
    totals.throttledWrites += row.throttledWrites;
    totals.failedWrites += row.failedWrites;
    totals.reports += row.reports;
    progress(`${plan.environments} environments: ${toSecond / 60} min of ${endMs / 60_000} on the virtual clock, ${writeShards} shards, ${Math.round((performance.now() - started) / 1000)} s`);
    row = { orders: 0, writes: 0, throttledWrites: 0, failedWrites: 0, reports: 0 };
    rowLoad = new KeyLoad();
    rowStart = toSecond;
  };

  const reports = countingReports();
  try {
    let nextOrderMs = 0;
    for (let atMs = 0; atMs < endMs; atMs += stepMs) {
      if (atMs >= (rowStart + plan.rowSeconds) * 1000) await closeRow(rowStart + plan.rowSeconds);
      const noted = new Map<number, Map<string, Noted>>();
      const due = retries.filter((retry) => retry.at < atMs + stepMs).sort((a, b) => a.at - b.at);
      if (due.length > 0) retries = retries.filter((retry) => retry.at >= atMs + stepMs);
      const { writeShards } = await shardLayout(orgcode, startedAt + atMs);
      let orders = 0;
      for (; nextOrderMs < atMs + stepMs; nextOrderMs += 1000 / plan.ordersPerSecond(nextOrderMs / 1000)) orders += 1;
      const byEnvironment = new Map<number, Map<PartitionRef, StepWrites>>();
      for (let order = 0; order < orders; order += 1) {
        const environment = Math.floor(random() * plan.environments);
        const step = byEnvironment.get(environment) ?? new Map<PartitionRef, StepWrites>();
        addSpreadWrites(model, writeShards, random, step);
        byEnvironment.set(environment, step);
      }
      const fixed = new Map<PartitionRef, StepWrites>();
      addFixedWrites(model, orders, fixed);
      for (const retry of due) send(retry.ref, retry, atMs, retry.attempt, retry.environment, noted);
      for (const [environment, step] of [...byEnvironment, [-1, fixed] as const]) {
        for (const [ref, writes] of step) {
          row.writes += writes.writes;
          send(ref, writes, atMs, 1, environment, noted);
        }
      }
      for (const unspread of model.unspread) {
        if (unspread.readUnitsPerOrder === 0 || orders === 0) continue;
        if (meter.exhausted(unspread.ref.read, startedAt + atMs)) totals.throttledReads += orders;
        else meter.charge(unspread.ref.read, unspread.readUnitsPerOrder * orders, startedAt + atMs);
      }
      row.orders += orders;
      // The environments tell their watches at once, as they run side by side.
      await Promise.all(
        [...noted].map(([environment, partitions]) => {
          const told = [...partitions].flatMap(([partition, tally]): WatchedWrites[] => [
            ...(tally.written > 0 ? [{ orgcode: encodedOrg, partition, units: tally.units, writes: tally.written }] : []),
            ...(tally.failed > 0 ? [{ orgcode: encodedOrg, partition, units: tally.units, writes: tally.failed, throttled: true }] : []),
          ]);
          return watches[environment]!.note(told, startedAt + atMs);
        }),
      );
      const sent = reports.taken();
      if (sent > 0) {
        row.reports += sent;
        charge(watchRef, sent, atMs);
      }
    }
    await closeRow(endMs / 1000);
  } finally {
    reports.detach();
  }
  return {
    plan,
    orgcode,
    limits,
    rows,
    raises: await shardRaises(orgcode),
    startedAt,
    totals,
    lastThrottledSecond,
    finalHottest: finalLoad.hottest(finalStretchSeconds, limits.write),
    elapsedMs: performance.now() - started,
  };
}
