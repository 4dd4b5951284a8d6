import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InitializeMiddleware } from '@smithy/types';
import { writeLogLine } from '../observability/log-line';
import { dynamo, tableName } from './client';
import * as keys from './keys';
import { ShardCountDecreaseError, knownLayout, maxShards, raiseShards, shardLayout } from './shard-layout';
import { type SpreadPartitionWrite, spreadPartitionWrites, throttledSpreadPartitionWrites } from './spread-partition-writes';

/**
 * The shard watch (docs/decisions.md: Partition heat): raises an
 * organisation's shards on its own, by powers of two, before any of its
 * spread partitions reaches half of DynamoDB's 1,000 write units a second,
 * and never lowers them.
 *
 * AWS spreads an organisation's writes over as many Lambda environments as
 * it needs, hundreds at a peak, so no environment's own count says much: at
 * a thousand of them, a partition at the rate a raise is due for puts two
 * units a window on each. So no environment keeps a tally to add once it is
 * large (whatever it holds when the environment goes quiet is lost, and a
 * tally the size of a thousandth of the load is never large). Instead every
 * write on a spread partition is reported with probability units / F, as F
 * units, where F is `sampleUnits` times the layout's shards (a write of F
 * units or more is reported as it is): each organisation's reported units are
 * its written units in expectation, however many environments its writes are
 * spread over, and none waits in an environment. A report is one UpdateItem
 * ADD on the partition's counter item, inside the call that wrote (a Lambda's
 * work after its answer may never run), which answers the units of the last
 * `windowMs` over every environment (a sliding window: the current one's and
 * the part of the last one's it has not yet replaced). At the rate a raise is
 * due, a window holds `raiseAtShare × limit × windowSeconds /
 * (hottestShardFactor × sampleUnits)` = 80 reports of the partition: the
 * estimate's spread is about 11% there. The watch costs one report, a write
 * unit, per F units written (2% of an unraised organisation's spread writes,
 * 0.06% at 32 shards), whatever the number of environments.
 *
 * A write counts once, as the caller's command ends: written, or refused for
 * throughput past the SDK's and the service's retries (a throttle whose
 * reasons name the partition's key range, or a transaction item cancelled
 * with `ThrottlingError`, for which DynamoDB gives no reason). Refused writes
 * are load the partition could not take, so they count alike, and can raise
 * it by themselves. A throttle of the table as a whole (its on-demand
 * maximum, the account's limit) is not a partition's, and more shards would
 * not help it: it is not counted.
 *
 * From the window's units the watch takes the partition's rate and projects
 * its hottest shard under the layout's count: the mean per shard times
 * `hottestShardFactor`. Past `raiseAtShare` of the limit it raises to the
 * smallest power of two, at least double, that brings the projection back
 * under it: a raise is written to only `raiseDelayMs` after it is made, and
 * the load has that long to double before it reaches half the limit.
 */

export interface ShardWatchSettings {
  /** Write units one partition key takes a second before DynamoDB throttles it. */
  partitionWriteUnitsPerSecond: number;
  /** The window reports are added up over (sliding: the current one and the part of the last it has not replaced). */
  windowMs: number;
  /** Units one report stands for, per shard of the organisation's layout (F above). */
  sampleUnits: number;
}

const deployedSettings: Readonly<ShardWatchSettings> = { partitionWriteUnitsPerSecond: 1_000, windowMs: 20_000, sampleUnits: 50 };
const settings: ShardWatchSettings = { ...deployedSettings };

/** The projected load of a partition's hottest shard, as a share of its limit, past which the watch raises. */
export const raiseAtShare = 0.25;
/** How much hotter than the mean the hottest shard of a hashed partition runs (the bench: 1.18x of 16 shards' mean over 400 orders). */
export const hottestShardFactor = 1.25;
/** Counter items expire a day after their last report: what a raise's reason cites stays to be read a while. */
const counterLifetimeSeconds = 24 * 3600;

/**
 * The count the watch raises a layout of `shards` to when one of its spread
 * partitions takes `unitsPerSecond` over all its shards; undefined when it
 * stays (already under `raiseAtShare`, or at maxShards).
 */
export function raisedShardCount(unitsPerSecond: number, shards: number, limit = settings.partitionWriteUnitsPerSecond): number | undefined {
  const over = (count: number) => (unitsPerSecond * hottestShardFactor) / count > raiseAtShare * limit;
  if (!over(shards) || shards >= maxShards) return undefined;
  let next = 2 ** Math.ceil(Math.log2(shards + 1));
  while (next < maxShards && over(next)) next *= 2;
  return Math.min(next, maxShards);
}

/** Writes of one organisation's spread partition as the watch is told them: `writes` of `units` each (one unless said), refused if `throttled`. */
export interface WatchedWrites extends SpreadPartitionWrite {
  writes?: number;
  throttled?: boolean;
}

/** What one partition's reports of a call add to its window. */
interface Report {
  units: number;
  throttledUnits: number;
}

/** A partition's units over the last window, as the report that added to them answered. */
interface WindowTotal extends Report {
  partition: string;
}

/**
 * One environment's watch: what it reports is drawn with its own `random`
 * (a Lambda environment holds one, the process's; the ramp bench holds one
 * per environment it stands for).
 */
export class ShardWatch {
  constructor(private readonly random: () => number = Math.random) {}

  /**
   * Reports the drawn share of `writes` to their windows' totals and raises a
   * layout the totals say is hot, before it returns. A failure of the watch is
   * logged and never fails the write.
   */
  async note(writes: readonly WatchedWrites[], now = Date.now()): Promise<void> {
    for (const [encodedOrg, reports] of this.draw(writes, now)) {
      const orgcode = decodeURIComponent(encodedOrg);
      try {
        const totals = await Promise.all([...reports].map(([partition, report]) => addToWindow(orgcode, partition, report, now)));
        await raiseIfHot(orgcode, totals, now);
      } catch (error) {
        writeLogLine({ level: 'warn', message: 'shard watch: count not added', orgcode, error: String(error) });
      }
    }
  }

  /** The reports drawn from `writes`, by organisation (encoded, as keys carry it) and partition. */
  private draw(writes: readonly WatchedWrites[], now: number): Map<string, Map<string, Report>> {
    const drawn = new Map<string, Map<string, Report>>();
    for (const write of writes) {
      const perReport = settings.sampleUnits * (knownLayout(decodeURIComponent(write.orgcode), now)?.readShards ?? 1);
      const chance = Math.min(1, write.units / perReport);
      let reported = 0;
      for (let count = write.writes ?? 1; count > 0; count -= 1) if (this.random() < chance) reported += 1;
      if (reported === 0) continue;
      const units = reported * Math.max(write.units, perReport);
      const reports = drawn.get(write.orgcode) ?? new Map<string, Report>();
      const report = reports.get(write.partition) ?? { units: 0, throttledUnits: 0 };
      report.units += units;
      if (write.throttled) report.throttledUnits += units;
      reports.set(write.partition, report);
      drawn.set(write.orgcode, reports);
    }
    return drawn;
  }
}

/**
 * Adds a report to its partition's counter item (one per partition: `units_<window>`, the current window's and the
 * last's kept, older ones removed), and answers the units of the last `windowMs` over every environment: the
 * current window's and the part of the last one's the current has not yet replaced.
 */
async function addToWindow(orgcode: string, partition: string, report: Report, now: number): Promise<WindowTotal> {
  const window = Math.floor(now / settings.windowMs);
  const { Attributes = {} } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.shardWatch(orgcode, partition),
      UpdateExpression: 'SET expires_at_epoch = :expires ADD #units :units, #throttled :throttled REMOVE #oldUnits, #oldThrottled',
      ExpressionAttributeNames: {
        '#units': `units_${window}`,
        '#throttled': `throttled_${window}`,
        '#oldUnits': `units_${window - 2}`,
        '#oldThrottled': `throttled_${window - 2}`,
      },
      ExpressionAttributeValues: { ':expires': Math.floor(now / 1000) + counterLifetimeSeconds, ':units': report.units, ':throttled': report.throttledUnits },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const lastWeight = 1 - (now - window * settings.windowMs) / settings.windowMs;
  const over = (name: string) => Number(Attributes[`${name}_${window}`] ?? 0) + lastWeight * Number(Attributes[`${name}_${window - 1}`] ?? 0);
  return { partition, units: over('units'), throttledUnits: over('throttled') };
}

async function raiseIfHot(orgcode: string, totals: readonly WindowTotal[], now: number): Promise<void> {
  const seconds = settings.windowMs / 1000;
  const hottest = totals.reduce((top, total) => (total.units > top.units ? total : top));
  const { readShards } = await shardLayout(orgcode, now);
  const unitsPerSecond = hottest.units / seconds;
  const shards = raisedShardCount(unitsPerSecond, readShards);
  if (shards === undefined) return;
  const rate = Math.round(unitsPerSecond);
  const throttled = Math.round(hottest.throttledUnits / seconds);
  const perShard = Math.round((unitsPerSecond * hottestShardFactor) / readShards);
  const limit = settings.partitionWriteUnitsPerSecond;
  try {
    await raiseShards(orgcode, shards, new Date(now), {
      trigger: 'automatic',
      reason:
        `${hottest.partition} took ${rate} write units/s over ${readShards} shard(s)${throttled > 0 ? ` (${throttled} of them refused as throttled)` : ''}: ` +
        `its hottest shard about ${perShard} of ${limit}, past ${raiseAtShare * 100}%`,
      observed: { partition: hottest.partition, write_units_per_second: rate, ...(throttled > 0 && { throttled_write_units_per_second: throttled }) },
    });
  } catch (error) {
    // Another environment raised it further meanwhile: that layout stands.
    if (!(error instanceof ShardCountDecreaseError)) throw error;
  }
}

let processWatch = new ShardWatch();

/**
 * Sets the watch's figures from now on, unset ones to the deployed figures,
 * and the process's draws (`random`): a test's scaled-down limit and seeded
 * draws, or the ramp bench's.
 */
export function configureShardWatch(overrides: Partial<ShardWatchSettings> = {}, random: () => number = Math.random): void {
  Object.assign(settings, deployedSettings, overrides);
  processWatch = new ShardWatch(random);
}

const middlewareName = 'shardWatch';

/**
 * Puts the watch on a document client, once: every write it sends is
 * counted as the command ends, written or refused for throughput (around the
 * service's own retries of transactions, transient-write-retry.ts, so a write
 * is counted once however often it was sent). The function chains put it on
 * the service's client (shared/lambda/table-watch.ts), so the client knows
 * nothing of the watch.
 */
export function watchShardedWrites(client: DynamoDBDocumentClient): void {
  if (client.middlewareStack.identify().some((entry) => entry.startsWith(`${middlewareName} `))) return;
  const counting: InitializeMiddleware<any, any> = (next, context) => async (args) => {
    const commandName = context.commandName ?? '';
    const input = args.input as Record<string, unknown>;
    try {
      const result = await next(args);
      await processWatch.note(spreadPartitionWrites(commandName, input));
      return result;
    } catch (error) {
      const refused = throttledSpreadPartitionWrites(commandName, input, error);
      if (refused.length > 0) await processWatch.note(refused.map((write) => ({ ...write, throttled: true })));
      throw error;
    }
  };
  client.middlewareStack.addRelativeTo(counting, { relation: 'before', toMiddleware: 'transientWriteRetry', name: middlewareName });
}

/** Takes the watch off a client: the small organisation's cost bench compares calls with and without it. */
export function unwatchShardedWrites(client: DynamoDBDocumentClient): void {
  client.middlewareStack.remove(middlewareName);
}
