import { shardLayout } from '../../shared/db/shard-layout';
import { type ShardRaise, shardRaises } from '../../shared/db/shard-raises';
import { configureShardWatch, noteSpreadWrites } from '../../shared/db/shard-watch';
import { defaultAwsLikeOptions } from '../../shared/local/aws-like-options';
import { type PartitionMeter, partitionMeter } from '../../shared/local/aws-like-partition-throughput';
import { type OrderModel, type PartitionRef, type StepWrites, addOrderWrites } from './shard-ramp-model';
import { seededRandom } from '../../shared/seeded-random';

/**
 * One organisation ramped from 10 to 1,000 orders a second and held there
 * (issue 31, item 1), on a virtual clock: the whole ramp runs in about a
 * minute, every part of it at its real rate and time. Each order writes what
 * the real code paths wrote per order (shard-ramp-model.ts) against the AWS-like
 * mode's per-partition throughput (aws-like-partition-throughput.ts, 1,000 write
 * and 3,000 read units a second a partition key, told the virtual time); its
 * spread writes go to the shards of the organisation's real layout at that
 * time (shard-layout.ts, its one-minute cache and two-minute raise delay on
 * the virtual clock) and are counted by the real shard watch (shard-watch.ts),
 * whose counter items and raises are written to DynamoDB Local. No operator
 * step. Time goes in steps of 50 ms: a step's writes to a key are taken
 * together, or all refused while its bucket is empty, and a refused write is
 * sent again as the SDK does (4 attempts, jittered backoff from 100 ms); one
 * throttled 4 times is answered as a failure.
 */

export interface RampPlan {
  fromPerSecond: number;
  toPerSecond: number;
  /** The ramp's length: the rate grows by the same factor every second. */
  rampSeconds: number;
  /** How long the peak is held after it. */
  holdSeconds: number;
  /** Rows of the table: one per this many seconds. */
  rowSeconds: number;
}

export const rampPlan: RampPlan = { fromPerSecond: 10, toPerSecond: 1000, rampSeconds: 30 * 60, holdSeconds: 5 * 60, rowSeconds: 5 * 60 };

/**
 * The watch's one process stands for the fleet of Lambda environments a
 * thousand orders a second run on: it adds its counts to the total every
 * 2,000 units (forty environments adding theirs every 50).
 */
const fleetFlushUnits = 2_000;
const sdkAttempts = 4;
/** The ramp's step: its orders' writes are added up per key and metered at its start (50 orders at the peak). */
const stepMs = 50;
const sdkBackoffMs = 100;
/** The hold's last stretch the hottest key's share is taken over. */
const finalStretchSeconds = 60;

export interface RampRow {
  fromSecond: number;
  toSecond: number;
  ordersPerSecond: number;
  orders: number;
  writes: number;
  throttledWrites: number;
  failedWrites: number;
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
  totals: { orders: number; writes: number; throttledWrites: number; failedWrites: number; throttledReads: number };
  /** The hottest key over the hold's last minute. */
  finalHottest: KeyShare;
  elapsedMs: number;
}

export const rateAt = (plan: RampPlan, second: number) =>
  second >= plan.rampSeconds ? plan.toPerSecond : plan.fromPerSecond * (plan.toPerSecond / plan.fromPerSecond) ** (second / plan.rampSeconds);

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
}

/** Runs the ramp for `orgcode` (fresh: one shard) and reports it; the watch's figures are the deployed ones but for the fleet's flush. */
export async function runShardRamp(model: OrderModel, orgcode: string, plan = rampPlan, progress: (line: string) => void = () => undefined): Promise<RampReport> {
  const started = performance.now();
  const limits = { write: defaultAwsLikeOptions.partitionWriteUnitsPerSecond, read: defaultAwsLikeOptions.partitionReadUnitsPerSecond };
  const meter: PartitionMeter = partitionMeter({ partitionWriteUnitsPerSecond: limits.write, partitionReadUnitsPerSecond: limits.read });
  const random = seededRandom(31);
  const encodedOrg = encodeURIComponent(orgcode);
  const startedAt = Date.now();
  const totals = { orders: 0, writes: 0, throttledWrites: 0, failedWrites: 0, throttledReads: 0 };
  const rows: RampRow[] = [];
  let row = { orders: 0, writes: 0, throttledWrites: 0, failedWrites: 0 };
  let rowLoad = new KeyLoad();
  const finalLoad = new KeyLoad();
  const endMs = (plan.rampSeconds + plan.holdSeconds) * 1000;
  let retries: Retry[] = [];

  /** Sends a step's writes to one key at `atMs`: all taken, or all refused while its bucket is empty (sent again after a backoff). */
  const send = (ref: PartitionRef, writes: StepWrites, atMs: number, attempt: number, noted: Map<string, number>) => {
    if (meter.exhausted(ref.write, startedAt + atMs)) {
      row.throttledWrites += writes.writes;
      if (attempt === sdkAttempts) row.failedWrites += writes.writes;
      else retries.push({ ...writes, ref, at: atMs + random() * sdkBackoffMs * 2 ** (attempt - 1), attempt: attempt + 1 });
      return;
    }
    meter.charge(ref.write, writes.units, startedAt + atMs);
    const second = Math.floor(atMs / 1000);
    rowLoad.add(ref, writes.units, second);
    if (atMs >= endMs - finalStretchSeconds * 1000) finalLoad.add(ref, writes.units, second);
    if (ref.spread) noted.set(ref.spread, (noted.get(ref.spread) ?? 0) + writes.units);
  };

  let rowStart = 0;
  const closeRow = async (toSecond: number) => {
    const { writeShards } = await shardLayout(orgcode, startedAt + toSecond * 1000);
    rows.push({ fromSecond: rowStart, toSecond, ordersPerSecond: rateAt(plan, toSecond), ...row, writeShards, hottest: rowLoad.hottest(toSecond - rowStart, limits.write) });
    totals.orders += row.orders;
    totals.writes += row.writes;
    totals.throttledWrites += row.throttledWrites;
    totals.failedWrites += row.failedWrites;
    progress(`ramp: ${toSecond / 60} min of ${endMs / 60_000} on the virtual clock, ${writeShards} shards, ${Math.round((performance.now() - started) / 1000)} s`);
    row = { orders: 0, writes: 0, throttledWrites: 0, failedWrites: 0 };
    rowLoad = new KeyLoad();
    rowStart = toSecond;
  };

  configureShardWatch({ flushUnits: fleetFlushUnits });
  try {
    let nextOrderMs = 0;
    for (let atMs = 0; atMs < endMs; atMs += stepMs) {
      if (atMs >= (rowStart + plan.rowSeconds) * 1000) await closeRow(rowStart + plan.rowSeconds);
      const noted = new Map<string, number>();
      const due = retries.filter((retry) => retry.at < atMs + stepMs).sort((a, b) => a.at - b.at);
      if (due.length > 0) retries = retries.filter((retry) => retry.at >= atMs + stepMs);
      const { writeShards } = await shardLayout(orgcode, startedAt + atMs);
      const step = new Map<PartitionRef, StepWrites>();
      let orders = 0;
      for (; nextOrderMs < atMs + stepMs; nextOrderMs += 1000 / rateAt(plan, nextOrderMs / 1000)) orders += 1;
      addOrderWrites(model, orders, writeShards, random, step);
      for (const retry of due) send(retry.ref, retry, atMs, retry.attempt, noted);
      for (const [ref, writes] of step) {
        row.writes += writes.writes;
        send(ref, writes, atMs, 1, noted);
      }
      for (const fixed of model.unspread) {
        if (fixed.readUnitsPerOrder === 0 || orders === 0) continue;
        if (meter.exhausted(fixed.ref.read, startedAt + atMs)) totals.throttledReads += orders;
        else meter.charge(fixed.ref.read, fixed.readUnitsPerOrder * orders, startedAt + atMs);
      }
      row.orders += orders;
      if (noted.size > 0) await noteSpreadWrites([...noted].map(([partition, units]) => ({ orgcode: encodedOrg, partition, units })), startedAt + atMs);
    }
    await closeRow(endMs / 1000);
  } finally {
    configureShardWatch();
  }
  return {
    plan,
    orgcode,
    limits,
    rows,
    raises: await shardRaises(orgcode),
    startedAt,
    totals,
    finalHottest: finalLoad.hottest(finalStretchSeconds, limits.write),
    elapsedMs: performance.now() - started,
  };
}
