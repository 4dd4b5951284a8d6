import { type MergedCursor, type MergedQuery, keyAttributes, mergedQueryPage, mergedQueryStream, partitionQuery } from './merged-query';
import { type StartKey, queryPage } from './query-page';
import { type ShardLayout, shardKeys } from './shard-layout';

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
};

/** Where a sharded listing stands: DynamoDB's key while one shard is read, else the merged cursor and the sort key of the last item given. */
export type ShardedCursor = StartKey | { shards: MergedCursor; after?: string };

const isMerged = (cursor: ShardedCursor): cursor is { shards: MergedCursor; after?: string } => Array.isArray(cursor.shards);

/**
 * The cursor over `shards` shards a listing resumes from. A key of a single
 * Query (a token issued before a raise) resumes shard 0 there and the other
 * shards past its sort key; a merged cursor over fewer shards (issued before a
 * further raise) reads the new ones past the last item it gave. Items of a new
 * shard written meanwhile with an earlier sort key stay behind the listing, as
 * they would behind a single Query's key.
 */
function mergedCursorOf(cursor: ShardedCursor | undefined, shards: number, sortKey: string): MergedCursor | undefined {
  if (cursor === undefined) return undefined;
  if (!isMerged(cursor)) return [cursor, ...Array.from({ length: shards - 1 }, () => ({ after: String(cursor[sortKey]) }))];
  const { shards: entries, after } = cursor;
  return Array.from({ length: shards }, (_shard, shard) => (shard < entries.length ? entries[shard]! : after === undefined ? null : { after }));
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
  const { partition, ...rest } = query;
  const shards = Math.max(layout.readShards, cursor && isMerged(cursor) ? cursor.shards.length : 1);
  if (shards === 1) {
    const page = await queryPage(partitionQuery(rest, partition), limit, cursor, (item) => item);
    return { items: page.items, ...(page.lastKey && { cursor: page.lastKey }) };
  }
  const { sk } = keyAttributes(query.index);
  const page = await mergedQueryPage(
    { ...rest, partitions: shardKeys(partition, { ...layout, readShards: shards }) },
    limit,
    mergedCursorOf(cursor, shards, sk),
  );
  if (!page.cursor) return { items: page.items };
  const last = page.items.at(-1);
  const after = last ? String(last[sk]) : cursor && isMerged(cursor) ? cursor.after : cursor && String(cursor[sk]);
  return { items: page.items, cursor: { shards: page.cursor, ...(after !== undefined && { after }) } };
}

/** Every item of a sharded partition (in the query's range), in its order, `pageSize` items a Query. */
export function shardedStream(query: ShardedQuery, layout: ShardLayout, pageSize: number): AsyncGenerator<Record<string, unknown>> {
  const { partition, ...rest } = query;
  return mergedQueryStream({ ...rest, partitions: shardKeys(partition, layout) }, pageSize);
}
