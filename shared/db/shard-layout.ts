import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { embeddedMetrics } from '../observability/embedded-metrics';
import { shardRaisesMetric } from '../observability/emitted-metrics';
import { writeLogLine } from '../observability/log-line';
import { TransactionConflictError, writeAtomically } from './atomic-write';
import { dynamo, tableName } from './client';
import * as keys from './keys';
import { type RaiseCause, type ShardRaise, operatorRaise, raiseRecordPut } from './shard-raises';

/**
 * How many shards an organisation's hot partitions are spread over
 * (docs/decisions.md: Partition heat). One until raised, by the watch of its
 * write rate (shared/db/shard-watch.ts) or by an operator: an
 * organisation with one shard writes and reads exactly the keys it always did,
 * a Query per page, so a small organisation pays nothing for a large one's
 * layout. Shard 0 is always the unsharded key, so what was written before a
 * raise stays where every read looks.
 *
 * A raise takes effect for writes only `raiseDelayMs` after it is written, and
 * every process reloads its copy within `layoutCacheMs`: by the time an item is
 * written to a new shard, every reader already reads it. The count never
 * decreases, so no shard that holds items is ever left unread.
 */
export interface ShardLayout {
  /** Shards a read covers: every shard an item may be in. */
  readShards: number;
  /** Shards a write spreads over now. */
  writeShards: number;
}

/** How long a process trusts its copy of an organisation's layout. */
export const layoutCacheMs = 60_000;
/** How long after a raise writes start using the new shards: past every cached copy, with room for clock skew. */
export const raiseDelayMs = 2 * layoutCacheMs;

/** The most shards a layout may have: each costs a Query per page of a read of a sharded partition. */
export const maxShards = 64;

/** The layout of an organisation never raised: the unsharded keys alone (what seeds of a fresh organisation write with). */
export const unsharded: ShardLayout = { readShards: 1, writeShards: 1 };

export interface StoredLayout {
  shards: number;
  previous_shards: number;
  effective_at: string;
}

const cached = new Map<string, { stored: StoredLayout | undefined; loadedAt: number }>();

function layoutAt(stored: StoredLayout | undefined, now: number): ShardLayout {
  if (!stored) return unsharded;
  const effective = now >= Date.parse(stored.effective_at);
  return { readShards: stored.shards, writeShards: effective ? stored.shards : stored.previous_shards };
}

/**
 * The organisation's layout, read at most once per `layoutCacheMs` per
 * process. Read consistently (0.5 RCU more a minute a process): writes reach
 * a raise's new shards `raiseDelayMs` after it, counting on every copy
 * refreshed since to hold it, and an eventually consistent read may be served
 * by a replica that has not applied the raise yet, so a list would read fewer
 * shards than are written to.
 */
export async function shardLayout(orgcode: string, now = Date.now()): Promise<ShardLayout> {
  const hit = cached.get(orgcode);
  if (hit && now - hit.loadedAt < layoutCacheMs) return layoutAt(hit.stored, now);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.shardLayout(orgcode), ConsistentRead: true }));
  const stored = Item as StoredLayout | undefined;
  cached.set(orgcode, { stored, loadedAt: now });
  return layoutAt(stored, now);
}

/**
 * The organisation's layout as this process last read it, without reading
 * it again (undefined: not read, or read more than `layoutCacheMs` ago): what
 * the shard watch sizes its reports by on every write, at no cost. Any write
 * to a spread partition read the layout first, so it is known there.
 */
export function knownLayout(orgcode: string, now = Date.now()): ShardLayout | undefined {
  const hit = cached.get(orgcode);
  return hit && now - hit.loadedAt < layoutCacheMs ? layoutAt(hit.stored, now) : undefined;
}

/** Thrown when a raise asks for fewer shards than the organisation already has: a lower count would strand items. */
export class ShardCountDecreaseError extends Error {
  constructor(readonly orgcode: string, readonly requested: number) {
    super(`${orgcode} already has at least ${requested} shards; a layout's shard count never decreases`);
  }
}

/** A raise met a layout changed since it was read: it decides again against the new one. */
class LayoutChangedError extends Error {}

/**
 * Raises the organisation's shard count to `shards` (1..maxShards); writes use
 * them from `raiseDelayMs` on. Raising to the count it has changes nothing.
 * The raise is recorded in the same transaction, with its `cause`
 * (shared/db/shard-raises.ts), and logged. Returns the stored layout.
 */
export async function raiseShards(orgcode: string, shards: number, now = new Date(), cause: RaiseCause = operatorRaise): Promise<StoredLayout> {
  if (!Number.isInteger(shards) || shards < 1 || shards > maxShards) throw new RangeError(`shards must be an integer from 1 to ${maxShards}`);
  const current = await readStoredLayout(orgcode);
  // Read consistently: this process's copy is refreshed by it, so one that decided from a copy older than another's raise decides from this one next.
  cached.set(orgcode, { stored: current, loadedAt: now.getTime() });
  if (current && current.shards === shards) return current;
  if (current && shards < current.shards) throw new ShardCountDecreaseError(orgcode, shards);
  const next: StoredLayout = {
    shards,
    previous_shards: layoutAt(current, now.getTime()).writeShards,
    effective_at: new Date(now.getTime() + raiseDelayMs).toISOString(),
  };
  const raise: ShardRaise = { at: now.toISOString(), ...cause, from_shards: current?.shards ?? 1, to_shards: shards, effective_at: next.effective_at };
  try {
    await writeAtomically([
      {
        update: {
          key: keys.shardLayout(orgcode),
          expression: 'SET record_type = :type, orgcode = :org, shards = :shards, previous_shards = :previous, effective_at = :effective',
          values: { ':type': 'shard_layout', ':org': orgcode, ':shards': next.shards, ':previous': next.previous_shards, ':effective': next.effective_at },
        },
        condition: current ? { expression: 'shards = :current', values: { ':current': current.shards } } : { expression: 'attribute_not_exists(pk)' },
        onConditionFailed: () => new LayoutChangedError(),
      },
      raiseRecordPut(orgcode, raise),
    ]);
  } catch (error) {
    // Another raise landed between the read and the write: decide again against it.
    if (error instanceof LayoutChangedError || error instanceof TransactionConflictError) return raiseShards(orgcode, shards, now, cause);
    throw error;
  }
  cached.delete(orgcode);
  logRaise(orgcode, raise);
  return next;
}

/**
 * Logs a raise as one line, which is also one `ShardRaises` under its
 * `Trigger` (`automatic` or `operator`) in the service's namespace: the
 * operations dashboard's count of raises.
 */
function logRaise(orgcode: string, raise: ShardRaise): void {
  const { name, dimensions } = shardRaisesMetric;
  writeLogLine({
    level: 'info',
    message: 'shard layout raised',
    timestamp: raise.at,
    orgcode,
    ...raise,
    [dimensions[0]!]: raise.trigger,
    [name]: 1,
    ...embeddedMetrics(new Date(raise.at), [{ dimensions, metrics: [{ name, unit: 'Count' }] }]),
  });
}

/** The organisation's layout as stored (undefined: never raised), read consistently. */
export async function readStoredLayout(orgcode: string): Promise<StoredLayout | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.shardLayout(orgcode), ConsistentRead: true }));
  return Item && { shards: Item.shards, previous_shards: Item.previous_shards, effective_at: Item.effective_at };
}

/** The key of `shard` of a sharded partition: shard 0 is the unsharded key itself. */
export const shardKey = (partition: string, shard: number) => (shard === 0 ? partition : `${partition}#SHARD#${shard}`);

/** Every shard of a partition a read must cover, shard 0 first (the order a merged cursor is aligned with). */
export const shardKeys = (partition: string, layout: ShardLayout) =>
  Array.from({ length: layout.readShards }, (_shard, shard) => shardKey(partition, shard));

/** The shard an item with this stable id is written to: the same id always lands on the same shard of a layout. */
export function shardOf(id: string, layout: ShardLayout): number {
  if (layout.writeShards === 1) return 0;
  return createHash('sha256').update(id).digest().readUInt32BE(0) % layout.writeShards;
}
