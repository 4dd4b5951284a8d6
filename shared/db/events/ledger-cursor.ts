import type { ShardedCursor } from '../sharded-read';

/**
 * The ledger's page tokens, compact at any layout (docs/decisions.md:
 * Partition heat). A merged cursor keeps each shard's place as a sort key of
 * up to 225 characters (`<occurred_at>#<id>`, the id encoded up to 200): at
 * 64 shards that is a next_token of about 19,000 characters, past the 8,192 a
 * request may send back. Most places need no sort key of their own:
 *
 * - A ledger sort key names one item of the whole listing, whichever shard
 *   holds it (the event's id ends it; an event and its links are on one shard).
 * - A merge gives an item only once every shard still read has been read past
 *   it, and gives them in order: a shard whose place is before the last item
 *   given (`after`) holds no item up to `after` that was not given.
 *
 * So such a shard resumes past `after` (`pastAfter`, a sort-key position of
 * sharded-read.ts), and the shard that gave that item after it (`atAfter`). Only a
 * shard read further than the page gave (a filter skipped its items) keeps its own
 * sort key. Ledger listings are oldest first, so "before" is "sorts lower".
 */

type MergedCursor = Extract<ShardedCursor, { shards: unknown[] }>;
type Position = MergedCursor['shards'][number];

/** Resume the shard past `after` (no item of it is between its place and `after`). */
const pastAfter = '+';
/** Resume the shard after its item at `after`. */
const atAfter = '=';

const isMerged = (cursor: ShardedCursor): cursor is MergedCursor => Array.isArray(cursor.shards);

/** The sort key a shard's place is at; `''` before its first read, undefined for a table key (a ledger cursor has none). */
function sortKeyOf(position: Position): string | undefined {
  if (position === null) return '';
  if (typeof position === 'string') return position;
  return typeof position.after === 'string' && !('pk' in position) ? position.after : undefined;
}

/** The cursor a ledger token keeps: each shard's place relative to `after` where it can be. */
export function compactLedgerCursor(cursor: ShardedCursor | undefined): ShardedCursor | undefined {
  if (!cursor || !isMerged(cursor) || cursor.after === undefined) return cursor;
  const { after } = cursor;
  const compact = (position: Position): Position => {
    const sortKey = position === 'done' ? undefined : sortKeyOf(position);
    if (sortKey === undefined) return position;
    if (sortKey === after) return atAfter;
    return sortKey < after ? pastAfter : position;
  };
  return { ...cursor, shards: cursor.shards.map(compact) };
}

/** The cursor sharded-read.ts resumes from, out of a ledger token's. */
export function expandLedgerCursor(cursor: ShardedCursor | undefined): ShardedCursor | undefined {
  if (!cursor || !isMerged(cursor) || cursor.after === undefined) return cursor;
  const { after } = cursor;
  const expand = (position: Position): Position => (position === pastAfter ? { after } : position === atAfter ? after : position);
  return { ...cursor, shards: cursor.shards.map(expand) };
}
