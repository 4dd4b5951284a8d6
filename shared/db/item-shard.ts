import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import type { ItemKey } from './keys';
import { type ShardLayout, shardLayout, shardOf } from './shard-layout';

/**
 * The shard a record's companions in an organisation's sharded partitions are
 * kept on (docs/decisions.md: Partition heat): an invoice's share of the
 * receivables aggregate, a commission's open marker. A companion written
 * before a raise must be updated and deleted where it was written, so a
 * record's shard is chosen once, from its id under the layout of its first
 * write, and stored on it (`shard`, only when not 0: an organisation never
 * raised stores nothing new). It never changes, so a process remembers the
 * shards of the records it read or wrote; a change of a record it does not
 * remember reads the shard first.
 */

/** Records whose shard a process remembers at most (an entry is a key and a number). */
const rememberedAtMost = 10_000;
const remembered = new Map<string, number>();

/** The stored form of a record's shard: nothing for shard 0, so an unraised organisation's records are as they always were. */
export const shardAttribute = (shard: number): { shard?: number } => (shard === 0 ? {} : { shard });

/** The shard a stored record carries. */
const shardOfItem = (item: Record<string, unknown>) => Number(item.shard ?? 0);

/** Notes the shard of a record read or written. */
export function rememberShard(key: ItemKey, item: Record<string, unknown>): void {
  remembered.delete(key.pk);
  remembered.set(key.pk, shardOfItem(item));
  // Maps iterate in insertion order: the first key is the one least recently noted.
  if (remembered.size > rememberedAtMost) remembered.delete(remembered.keys().next().value as string);
}

/** The shard a new record of `id` goes to under the organisation's layout now, with that layout (its other writes use it too). */
export async function newRecordShard(orgcode: string, id: string): Promise<{ shard: number; layout: ShardLayout }> {
  const layout = await shardLayout(orgcode);
  return { shard: shardOf(id, layout), layout };
}

/**
 * The shard a stored record was placed on, with the layout now. An
 * organisation that reads one shard has every record on shard 0 (writes
 * spread only once every process reads the new shards); otherwise the
 * remembered shard, or the record's own, read consistently.
 */
export async function storedRecordShard(orgcode: string, key: ItemKey): Promise<{ shard: number; layout: ShardLayout }> {
  const layout = await shardLayout(orgcode);
  if (layout.readShards === 1) return { shard: 0, layout };
  const known = remembered.get(key.pk);
  if (known !== undefined) return { shard: known, layout };
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ProjectionExpression: '#shard', ExpressionAttributeNames: { '#shard': 'shard' }, ConsistentRead: true }),
  );
  // A record not there (yet) is not remembered: it may still be written, on any shard.
  if (Item) rememberShard(key, Item);
  return { shard: Item ? shardOfItem(Item) : 0, layout };
}
