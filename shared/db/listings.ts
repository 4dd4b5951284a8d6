import type { GuardedPut, GuardedUpdate, GuardedWrite, ItemUpdate } from './atomic-write';

/**
 * Lists kept on the table itself (docs/decisions.md: Acknowledged writes are
 * listed). Each list a client reads is a partition of the table (one per shard
 * where the organisation's layout spreads it), and a record listed there has a
 * copy of itself in it, at the list's sort key, written in the record's own
 * transaction. A Query of that partition with `ConsistentRead: true` "returns
 * a result that reflects all writes that received a successful response prior
 * to that read" (DynamoDB developer guide, "DynamoDB read consistency"), which
 * no read of a global secondary index does: its reads are eventually
 * consistent, served by any replica. So a write answered 200 is in the next
 * list whoever asks, with no wait before the answer.
 *
 * A copy is the whole item (a list filters and answers from it, as an index
 * projecting ALL did) at the list's key. A list's sort keys are unique in its
 * partition (they end with the record's id), so no two records share a copy.
 */
export interface Listing {
  /** The list's partition key (the shard's, for a spread list). */
  partition: string;
  sortKey: string;
}

type Item = Record<string, unknown>;

const sameListing = (a: Listing, b: Listing) => a.partition === b.partition && a.sortKey === b.sortKey;

/** The item as a list holds it: the whole item at the list's key. */
export function listingCopy(item: Item, listing: Listing): Item {
  return { ...item, pk: listing.partition, sk: listing.sortKey };
}

/** The puts of a new item's copies, for the item's own transaction. */
export function listingPuts(item: Item, listings: readonly Listing[]): GuardedPut[] {
  return listings.map((listing) => ({ item: listingCopy(item, listing) }));
}

/**
 * The writes that keep the lists of an item that was listed at `before` and,
 * as it becomes (`item`, whole), is listed at `after`: its copy put where it is
 * listed now, deleted where it no longer is (a status move, a new due date).
 */
export function listingMoves(item: Item, before: readonly Listing[], after: readonly Listing[]): GuardedWrite[] {
  const left = before.filter((listing) => !after.some((kept) => sameListing(kept, listing)));
  return [...listingPuts(item, after), ...left.map((listing) => ({ delete: { key: { pk: listing.partition, sk: listing.sortKey } } }))];
}

/**
 * The same attribute update on each copy of an item whose listings it does
 * not move. Each copy exists (it was written with the item), so the update
 * can never create a partial one.
 */
export function listingUpdates(update: ItemUpdate, listings: readonly Listing[]): GuardedUpdate[] {
  return listings.map((listing) => ({
    update: { ...update, key: { pk: listing.partition, sk: listing.sortKey } },
    condition: { expression: 'attribute_exists(pk)' },
  }));
}
