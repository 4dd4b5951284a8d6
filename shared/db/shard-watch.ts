import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writeLogLine } from '../observability/log-line';
import { dynamo, tableName } from './client';
import * as keys from './keys';
import { ShardCountDecreaseError, maxShards, raiseShards, shardLayout } from './shard-layout';
import { type SpreadPartitionWrite, spreadPartitionWrites } from './spread-partition-writes';

/**
 * The shard watch (docs/decisions.md: Partition heat): raises an
 * organisation's shards on its own, by powers of two, before any of its
 * spread partitions reaches half of DynamoDB's 1,000 write units a second,
 * and never lowers them.
 *
 * Each process counts, in memory, the write units its own successful writes
 * put on each organisation's spread partitions (spread-partition-writes.ts),
 * per window of `windowMs`. Only once an organisation's units on one of them
 * reach `flushUnits` in a window does the process add what it counted to the
 * organisation's counter item for the window (one UpdateItem ADD, inside the
 * call that crossed it), which answers the window's total over every process.
 * An organisation below that rate in every process costs a Map update per
 * write and nothing else: no read, no write, no wait.
 *
 * From the total the watch takes the partition's rate and projects its
 * hottest shard under the layout's count: the mean per shard times
 * `hottestShardFactor`. Past `raiseAtShare` of the limit it raises to the
 * smallest power of two, at least double, that brings the projection back
 * under it: a raise is written to only `raiseDelayMs` after it is made, and
 * the load has that long to double before it reaches half the limit.
 */

export interface ShardWatchSettings {
  /** Write units one partition key takes a second before DynamoDB throttles it. */
  partitionWriteUnitsPerSecond: number;
  /** The window units are counted and added up in. */
  windowMs: number;
  /** Units on one spread partition of an organisation, counted by one process in a window, that make it add its counts to the total. */
  flushUnits: number;
}

const deployedSettings: Readonly<ShardWatchSettings> = { partitionWriteUnitsPerSecond: 1_000, windowMs: 10_000, flushUnits: 50 };
const settings: ShardWatchSettings = { ...deployedSettings };

/** The projected load of a partition's hottest shard, as a share of its limit, past which the watch raises. */
export const raiseAtShare = 0.25;
/** How much hotter than the mean the hottest shard of a hashed partition runs (the bench: 1.18x of 16 shards' mean over 400 orders). */
export const hottestShardFactor = 1.25;
/** Window counter items expire a day after their window: what a raise's reason cites stays to be read a while. */
const counterLifetimeSeconds = 24 * 3600;

/**
 * Sets the watch's figures from now on, unset ones to the deployed figures:
 * a test's scaled-down limit, or the ramp bench's one process standing for a
 * fleet of them (bench/run-shard-ramp.ts).
 */
export function configureShardWatch(overrides: Partial<ShardWatchSettings> = {}): void {
  Object.assign(settings, deployedSettings, overrides);
  tallies.clear();
}

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

/** What one process counted of one organisation in the current window and has not added to the total yet. */
interface Tally {
  window: number;
  pending: Map<string, number>;
}

/** Organisations a process keeps tallies of at most: past it, those of earlier windows are dropped. */
const talliesAtMost = 1_000;
const tallies = new Map<string, Tally>();

/** Counts `units` on an organisation's partition; answers whether the process should add its counts to the total now. */
function count(encodedOrg: string, partition: string, units: number, now: number): boolean {
  const window = Math.floor(now / settings.windowMs);
  let tally = tallies.get(encodedOrg);
  if (!tally || tally.window !== window) {
    if (tallies.size >= talliesAtMost) for (const [org, old] of tallies) if (old.window !== window) tallies.delete(org);
    tally = { window, pending: new Map() };
    tallies.set(encodedOrg, tally);
  }
  const pending = (tally.pending.get(partition) ?? 0) + units;
  tally.pending.set(partition, pending);
  return pending >= settings.flushUnits;
}

/**
 * Adds the organisation's hottest pending counts (up to four partitions, each
 * at least a quarter of `flushUnits`) to its window's total, and raises its
 * layout when the total says so.
 */
async function addToTotal(encodedOrg: string, now: number): Promise<void> {
  const tally = tallies.get(encodedOrg);
  if (!tally) return;
  const due = [...tally.pending]
    .filter(([, units]) => units >= settings.flushUnits / 4)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4);
  if (due.length === 0) return;
  for (const [partition] of due) tally.pending.delete(partition);
  const orgcode = decodeURIComponent(encodedOrg);
  const windowStart = tally.window * settings.windowMs;
  const { Attributes = {} } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.shardWatch(orgcode, new Date(windowStart).toISOString()),
      UpdateExpression: `SET expires_at_epoch = :expires ADD ${due.map((_due, index) => `#p${index} :u${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(due.map(([partition], index) => [`#p${index}`, `units ${partition}`])),
      ExpressionAttributeValues: {
        ':expires': Math.floor(windowStart / 1000) + counterLifetimeSeconds,
        ...Object.fromEntries(due.map(([, units], index) => [`:u${index}`, units])),
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const [hottest, units] = Object.entries(Attributes)
    .filter(([name]) => name.startsWith('units '))
    .reduce<[string, number]>((top, [name, value]) => (Number(value) > top[1] ? [name.slice('units '.length), Number(value)] : top), ['', 0]);
  // Early in a window its total is a few writes: half a window is the shortest time a rate is taken over.
  const unitsPerSecond = (units * 1000) / Math.max(now - windowStart, settings.windowMs / 2);
  await raiseIfHot(orgcode, hottest, unitsPerSecond, now);
}

async function raiseIfHot(orgcode: string, partition: string, unitsPerSecond: number, now: number): Promise<void> {
  const { readShards } = await shardLayout(orgcode, now);
  const shards = raisedShardCount(unitsPerSecond, readShards);
  if (shards === undefined) return;
  const rate = Math.round(unitsPerSecond);
  const perShard = Math.round((unitsPerSecond * hottestShardFactor) / readShards);
  const limit = settings.partitionWriteUnitsPerSecond;
  try {
    await raiseShards(orgcode, shards, new Date(now), {
      trigger: 'automatic',
      reason: `${partition} took ${rate} write units/s over ${readShards} shard(s): its hottest shard about ${perShard} of ${limit}, past ${raiseAtShare * 100}%`,
      observed: { partition, write_units_per_second: rate },
    });
  } catch (error) {
    // Another process raised it further meanwhile: that layout stands.
    if (!(error instanceof ShardCountDecreaseError)) throw error;
  }
}

/**
 * Counts units written to spread partitions, and when an organisation's count
 * is due adds it to the total (and raises) before it returns: a Lambda's work
 * after its answer may never run. A failure of the watch is logged and never
 * fails the write.
 */
export async function noteSpreadWrites(writes: readonly SpreadPartitionWrite[], now = Date.now()): Promise<void> {
  const due = new Set<string>();
  for (const write of writes) if (count(write.orgcode, write.partition, write.units, now)) due.add(write.orgcode);
  for (const encodedOrg of due) {
    try {
      await addToTotal(encodedOrg, now);
    } catch (error) {
      writeLogLine({ level: 'warn', message: 'shard watch: count not added', orgcode: decodeURIComponent(encodedOrg), error: String(error) });
    }
  }
}

const middlewareName = 'shardWatch';

/**
 * Puts the watch on a document client, once: every write it sends
 * successfully is counted. The function chains put it on the service's client
 * (shared/lambda/table-watch.ts), so the client knows nothing of the watch.
 */
export function watchShardedWrites(client: DynamoDBDocumentClient): void {
  if (client.middlewareStack.identify().some((entry) => entry.startsWith(`${middlewareName} `))) return;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      await noteSpreadWrites(spreadPartitionWrites(context.commandName ?? '', args.input as Record<string, unknown>));
      return result;
    },
    { step: 'initialize', priority: 'low', name: middlewareName },
  );
}

/** Takes the watch off a client: the small organisation's cost bench compares calls with and without it. */
export function unwatchShardedWrites(client: DynamoDBDocumentClient): void {
  client.middlewareStack.remove(middlewareName);
}
