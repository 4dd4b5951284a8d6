import type { ItemKey } from './keys';
import {
  type CursorEntry,
  type MergedCursor,
  type MergedQuery,
  isSortKeyPosition,
  mergedQueryPage,
  mergedQueryStream,
  partitionQuery,
} from './merged-query';
import { type StartKey, keyAttributes, queryPage } from './query-page';
import { type ShardLayout, shardKey, shardKeys } from './shard-layout';

/**
 * Reads of a partition an organisation's layout spreads over shards
 * (docs/decisions.md: Partition heat), in the order one partition would give.
 * With one shard a page is the single Query it always was and its cursor
 * DynamoDB's own key (the token it always gave); with more, the shards are
 * merged by sort key, the cursor one entry per shard.
 */
export type ShardedQuery = Omit<MergedQuery, 'partitions'> & {
  /** The unsharded partition key (shard 0); the other shards are derived from it. */
  partition: string;
  /**
   * The table key of the item at a sort key of the index read, when it follows
   * from it: a token then keeps sort keys alone (the table's own items need none).
   */
  itemKeyAt?: (sortKey: string) => ItemKey;
};

/**
 * A shard's place as a token keeps it: the sort key of the item to resume
 * after when its key follows from it (so the ledger's token of 16 shards stays
 * well inside next_token's 8,192 characters whatever the ids), else an entry of MergedCursor as it is.
 */
type ShardPosition = string | CursorEntry;

/** Where a sharded listing stands: DynamoDB's key while one shard is read, else each shard's place and the sort key of the last item given. */
export type ShardedCursor = StartKey | { shards: ShardPosition[]; after?: string };

const isMerged = (cursor: ShardedCursor): cursor is { shards: ShardPosition[]; after?: string } => Array.isArray(cursor.shards);

/** The key DynamoDB resumes a Query of one shard from, after the item at `sortKey` (kept alone only when its key follows from it). */
function startKeyAt(query: ShardedQuery, shard: number, sortKey: string): StartKey {
  const { pk, sk } = keyAttributes(query.index);
  const partition = shardKey(query.partition, shard);
  return query.index ? { ...query.itemKeyAt!(sortKey), [pk]: partition, [sk]: sortKey } : { pk: partition, sk: sortKey };
}

/**
 * The merged cursor over `shards` shards a listing resumes from. A key of a
 * single Query (a token issued before a raise) resumes shard 0 there and the
 * other shards past its sort key; a cursor over fewer shards (issued before a
 * further raise) reads the new ones past the last item it gave. Items of a new
 * shard written meanwhile with an earlier sort key stay behind the listing, as
 * they would behind a single Query's key.
 */
function mergedCursorOf(query: ShardedQuery, cursor: ShardedCursor | undefined, shards: number): MergedCursor | undefined {
  if (cursor === undefined) return undefined;
  const { sk } = keyAttributes(query.index);
  if (!isMerged(cursor)) return [cursor, ...Array.from({ length: shards - 1 }, () => ({ after: String(cursor[sk]) }))];
  const { shards: positions, after } = cursor;
  return Array.from({ length: shards }, (_shard, shard) => {
    const position = positions[shard];
    if (shard >= positions.length) return after === undefined ? null : { after };
    return typeof position === 'string' && position !== 'done' ? startKeyAt(query, shard, position) : position!;
  });
}

/** Each shard's place as a token keeps it: a key as its sort key, when the key follows from it. */
function positionsOf(query: ShardedQuery, cursor: MergedCursor): ShardPosition[] {
  const { sk } = keyAttributes(query.index);
  const compact = !query.index || query.itemKeyAt !== undefined;
  return cursor.map((entry) => (!compact || entry === null || entry === 'done' || isSortKeyPosition(entry) ? entry : String(entry[sk])));
}

/**
 * One page of a sharded partition, `limit` items at most, in its order. The
 * shards read are the layout's, or more when the cursor came from a process
 * that had loaded a raise this one has not yet.
 */
export async function shardedPage(
  query: ShardedQuery,
  layout: ShardLayout,
  limit: number,
  cursor: ShardedCursor | undefined,
): Promise<{ items: Array<Record<string, unknown>>; cursor?: ShardedCursor }> {
  const { partition, itemKeyAt: _itemKeyAt, ...rest } = query;
  const shards = Math.max(layout.readShards, cursor && isMerged(cursor) ? cursor.shards.length : 1);
  if (shards === 1) {
    const page = await queryPage(partitionQuery(rest, partition, { withKeys: true }), limit, cursor, (item) => item);
    return { items: page.items, ...(page.lastKey && { cursor: page.lastKey }) };
  }
  const { sk } = keyAttributes(query.index);
  const page = await mergedQueryPage(
    { ...rest, partitions: shardKeys(partition, { ...layout, readShards: shards }) },
    limit,
    mergedCursorOf(query, cursor, shards),
  );
  if (!page.cursor) return { items: page.items };
  const last = page.items.at(-1);
  const after = last ? String(last[sk]) : cursor && isMerged(cursor) ? cursor.after : cursor && String(cursor[sk]);
  return { items: page.items, cursor: { shards: positionsOf(query, page.cursor), ...(after !== undefined && { after }) } };
}

/** Every item of a sharded partition (in the query's range), in its order, `pageSize` items a Query. */
export function shardedStream(query: ShardedQuery, layout: ShardLayout, pageSize: number): AsyncGenerator<Record<string, unknown>> {
  const { partition, itemKeyAt: _itemKeyAt, ...rest } = query;
  return mergedQueryStream({ ...rest, partitions: shardKeys(partition, layout) }, pageSize);
}
