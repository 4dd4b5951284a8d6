import { maxShards, shardKey } from '../../shared/db/shard-layout';
import { spreadPartitionOf } from '../../shared/db/spread-partition-writes';
import type { PartitionUse } from '../../shared/local/aws-like-partition-keys';
import type { PartitionHeat } from '../heat/partition-heat';

/**
 * One order's writes and reads as the ramp replays them (bench/shard-ramp/shard-ramp.ts):
 * the partition heat of a retail day the real code paths wrote for an
 * organisation of one shard (partition-heat-report.ts), per order. A spread
 * partition's writes are laid over the shards of the layout in force when the
 * order is written, as the code lays them: each item on the shard of a hash
 * of its id, so writes of distinct items (events, links, markers) each draw
 * a shard, and a partition whose writes update few items (the receivables
 * aggregate: an invoice's share, written several times an order) puts an
 * order's writes on one shard. Other partitions are written where they are.
 * The ramp adds up each step's writes per partition key (a step's keys are
 * metered at once), so a key is an object made once, not a string a write.
 */

/** The partitions an order writes or reads, from the heat per order. */
export interface OrderModel {
  /** The organisation's spread partitions, over the shards of its layout. */
  spread: SpreadFamily[];
  unspread: FixedPartition[];
  /** The platform's own fixed spreads (the outbox), over all their shards. */
  platformSpread: SpreadFamily[];
}

/** One partition key of the table or an index, as the meter is told it (made once: the ramp meets each key millions of times). */
export interface PartitionRef {
  where: string;
  key: string;
  /** The spread partition it is a shard of, as the watch names it (EVENTS, RECEIVABLES, …). */
  spread?: string;
  write: PartitionUse;
  read: PartitionUse;
}

/** A spread partition of the organisation: what an order writes to it, and its shards' keys. */
export interface SpreadFamily {
  writesPerOrder: number;
  unitsPerWrite: number;
  /** Whether an order's writes land on one shard (they update the order's one item there). */
  oneShardAnOrder: boolean;
  /** Shard n's key, shard 0 the partition itself. */
  shards: PartitionRef[];
}

/** A partition written or read where it is. */
export interface FixedPartition {
  ref: PartitionRef;
  writesPerOrder: number;
  unitsPerWrite: number;
  readUnitsPerOrder: number;
}

/** Partitions an order loads less than this (units an order, 50 a second at 1,000 orders) are left out: one order's own items, never hot. */
const negligibleUnitsPerOrder = 0.05;

function partitionRef(where: string, key: string, spread?: string): PartitionRef {
  const index = where === 'table' ? undefined : where;
  return { where, key, spread, write: { partitionKey: key, index, capacity: 'write' }, read: { partitionKey: key, index, capacity: 'read' } };
}

/** A key of a fixed set spread by hash, as the outbox's `SYSTEM#OUTBOX#<n>`: its set and number. */
const numberedKey = /^(.+)#(\d+)$/;
/** A set of numbered keys this large is a hashed spread (the outbox's 32), not a few keys that happen to end in numbers. */
const hashedSpreadAtLeast = 8;

/**
 * The platform's own hashed spreads (the outbox's 32 shards) as one partition
 * each, written with their total: a day of a few hundred orders hashes them
 * unevenly, and the ramp draws each write's shard again.
 */
function hashedSpreads(heat: readonly PartitionHeat[]): { families: SpreadFamily[]; members: Set<PartitionHeat> } {
  const sets = new Map<string, PartitionHeat[]>();
  for (const partition of heat) {
    const match = numberedKey.exec(partition.key);
    if (!match || partition.key.includes('<org>')) continue;
    const id = `${partition.where} ${match[1]}`;
    sets.set(id, [...(sets.get(id) ?? []), partition]);
  }
  const families: SpreadFamily[] = [];
  const members = new Set<PartitionHeat>();
  for (const set of sets.values()) {
    if (set.length < hashedSpreadAtLeast) continue;
    const writes = set.reduce((sum, partition) => sum + partition.writes, 0);
    const wcu = set.reduce((sum, partition) => sum + partition.wcu, 0);
    families.push({ writesPerOrder: writes, unitsPerWrite: wcu / writes, oneShardAnOrder: false, shards: set.map((partition) => partitionRef(partition.where, partition.key)) });
    for (const partition of set) members.add(partition);
  }
  return { families, members };
}

/**
 * The shard watch's own keys: the ramp runs the real watches and meters their reports itself, so what the day's
 * one process reported (at its own rate and layout) is not replayed as an order's.
 */
const watchKeys = /#SHARD_(?:WATCH|LAYOUT)$/;

/** The model of an order for `encodedOrg` from the heat per order of a one-shard day (keys name the organisation `<org>`). */
export function orderModel(heat: readonly PartitionHeat[], encodedOrg: string): OrderModel {
  const { families, members } = hashedSpreads(heat);
  const model: OrderModel = { spread: [], unspread: [], platformSpread: families };
  for (const partition of heat) {
    if (members.has(partition) || watchKeys.test(partition.key)) continue;
    const key = partition.key.split('<org>').join(encodedOrg);
    const spread = spreadPartitionOf(key);
    const unitsPerWrite = partition.writes > 0 ? partition.wcu / partition.writes : 0;
    if (spread && partition.writes > 0) {
      model.spread.push({
        writesPerOrder: partition.writes,
        unitsPerWrite,
        oneShardAnOrder: partition.items < partition.writes / 2,
        shards: Array.from({ length: maxShards }, (_shard, shard) => partitionRef(partition.where, shardKey(key, shard), spread.partition)),
      });
    } else if (partition.wcu >= negligibleUnitsPerOrder || partition.rcu >= negligibleUnitsPerOrder) {
      model.unspread.push({ ref: partitionRef(partition.where, key), writesPerOrder: partition.writes, unitsPerWrite, readUnitsPerOrder: partition.rcu });
    }
  }
  return model;
}

/** Writes to one partition key within a step of the ramp: how many, and their units. */
export interface StepWrites {
  writes: number;
  units: number;
}

/** A whole number of writes whose mean is `mean`: its integer part, and one more as often as its fraction. */
const countOf = (mean: number, random: () => number) => Math.floor(mean) + (random() < mean % 1 ? 1 : 0);

function add(step: Map<PartitionRef, StepWrites>, ref: PartitionRef, writes: number, units: number): void {
  const sum = step.get(ref);
  if (sum) {
    sum.writes += writes;
    sum.units += units;
  } else step.set(ref, { writes, units });
}

/** The fixed partitions' writes of `orders` orders, as their mean (they are where they are, whichever environment wrote them). */
export function addFixedWrites(model: OrderModel, orders: number, step: Map<PartitionRef, StepWrites>): void {
  for (const fixed of model.unspread) {
    if (fixed.writesPerOrder > 0) add(step, fixed.ref, fixed.writesPerOrder * orders, fixed.writesPerOrder * fixed.unitsPerWrite * orders);
  }
}

/** One order's spread writes under a layout writing to `writeShards` shards: each on a shard drawn for it (an order's own item once for all its writes). */
export function addSpreadWrites(model: OrderModel, writeShards: number, random: () => number, step: Map<PartitionRef, StepWrites>): void {
  for (const family of model.spread) {
    const orderShard = Math.floor(random() * writeShards);
    for (let count = countOf(family.writesPerOrder, random); count > 0; count -= 1) {
      add(step, family.shards[family.oneShardAnOrder ? orderShard : Math.floor(random() * writeShards)]!, 1, family.unitsPerWrite);
    }
  }
  for (const family of model.platformSpread) {
    for (let count = countOf(family.writesPerOrder, random); count > 0; count -= 1) add(step, family.shards[Math.floor(random() * family.shards.length)]!, 1, family.unitsPerWrite);
  }
}
