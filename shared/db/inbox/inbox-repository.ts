import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError } from '../../domain/errors';
import { type Addressee, type InboxItem, type InboxState, addresseeOf, inboxStates } from '../../domain/inbox/inbox-item';
import { type LifecycleStatus, invalidLifecycleMove, lifecycleMoveSources, lifecycleStatuses } from '../../domain/lifecycle';
import { type GuardedPut, type GuardedWrite, TransactionConflictError, writeAtomically } from '../atomic-write';
import { batchGetItems } from '../batch-get';
import { dynamo, tableName } from '../client';
import { retryingConflicts } from '../conflict-retry';
import { inParallel } from '../in-parallel';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { type Listing, listingMoves, listingPuts } from '../listings';
import { type MergedCursor, mergedQueryPage } from '../merged-query';
import { updateRevisioned } from '../revisioned-update';

/**
 * Inbox items (docs/decisions.md: Inbox): one partition per item, and a copy
 * of the item in its addressee's list partition on the table of its status and
 * read state (shared/db/listings.ts), by creation. One list per item rather
 * than a status list and an unread list: a new item is then two writes, so a
 * comment's transaction holds every notice it makes (createComment).
 */

type Listed = Pick<InboxItem, 'orgcode' | 'user_guid' | 'team' | 'status' | 'state' | 'created_at' | 'item_id'>;

/** Where an item is listed: its addressee's list of its status and read state (the sort key ends with its id, so it is unique there). */
export function inboxItemListings(item: Listed): Listing[] {
  const sortKey = keys.timeOrderedKey(item.created_at, item.item_id);
  return [{ partition: keys.inboxItemsOf(item.orgcode, addresseeOf(item), item.status, item.state), sortKey }];
}

function storedItem(item: InboxItem): Record<string, unknown> {
  return { ...keys.inboxItem(item.orgcode, item.item_id), record_type: 'inbox_item', ...item };
}

/**
 * The puts of a new item and its copy, for the transaction of the change that
 * causes it: that change's own condition makes it happen once, so the puts
 * need none (and must not fail the change).
 */
export function inboxItemPuts(item: InboxItem): GuardedPut[] {
  const stored = storedItem(item);
  return [{ item: stored }, ...listingPuts(stored, inboxItemListings(item))];
}

/** Puts a new item and its copy, only if its id is unused (else 409 duplicate_id). */
async function putNewItem(item: InboxItem): Promise<void> {
  const [own, ...copies] = inboxItemPuts(item);
  const condition = { expression: 'attribute_not_exists(pk)' };
  // Two puts of one id at once may meet in their transactions: the later goes again and finds the id taken.
  await retryingConflicts(async () => {
    await writeAtomically([{ ...own!, condition, onConditionFailed: () => new DuplicateIdError('item_id', item.item_id) }, ...copies]);
    return true;
  });
}

/** Puts an item the service derived from a cause once: false when a delivery of the same cause already did. */
export async function putInboxItemOnce(item: InboxItem): Promise<boolean> {
  try {
    await putNewItem(item);
    return true;
  } catch (error) {
    if (error instanceof DuplicateIdError) return false;
    throw error;
  }
}

/** Puts an item a caller creates; an `item_id` already used is 409 duplicate_id. */
export async function createInboxItem(item: InboxItem): Promise<void> {
  await putNewItem(item);
}

const toItem = (item: Record<string, unknown>) => withoutStorageAttributes<InboxItem>(item);

/** Consistent read (spec list rule 5: a get by identifier is the consistent read). */
export async function findInboxItem(orgcode: string, itemId: string): Promise<InboxItem | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.inboxItem(orgcode, itemId), ConsistentRead: true }));
  return Item && toItem(Item);
}

export interface InboxFilter {
  status: LifecycleStatus;
  state?: InboxState;
  kind?: string;
}

/**
 * A page of the addressees' items of one status, newest first, merged across
 * their lists (of the state asked for, else of both), each read consistently
 * (mergedQueryPage), so it shows every item written and changed before it.
 */
export async function listInboxItems(
  orgcode: string,
  addressees: readonly Addressee[],
  filter: InboxFilter,
  limit: number,
  cursor: MergedCursor | undefined,
): Promise<{ items: InboxItem[]; cursor?: MergedCursor }> {
  const states = filter.state ? [filter.state] : inboxStates;
  const page = await mergedQueryPage(
    {
      partitions: addressees.flatMap((addressee) => states.map((state) => keys.inboxItemsOf(orgcode, addressee, filter.status, state))),
      ...(filter.kind && { filter: { expression: '#kind = :kind', names: { '#kind': 'kind' }, values: { ':kind': filter.kind } } }),
    },
    limit,
    cursor,
  );
  return { items: page.items.map(toItem), ...(page.cursor && { cursor: page.cursor }) };
}

const listingKey = (listing: Listing) => ({ pk: listing.partition, sk: listing.sortKey });

/** Attempts of a status move whose item another call marked read or unread meanwhile, each from a fresh read. */
const maxMoveAttempts = 5;

/**
 * Moves an item to `status` under its expected revision, its copy into its
 * addressee's list of that status. A read mark moves no revision, so the move
 * also checks that the item has no copy in the list of the other state: if
 * a mark came between the read and the move, the move reads the item again
 * and goes again.
 */
export async function moveInboxItem(item: InboxItem, status: LifecycleStatus, expectedRevision: number, now: Date): Promise<InboxItem> {
  let current = item;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await moveAsRead(current, status, expectedRevision, now);
    } catch (error) {
      if (!(error instanceof TransactionConflictError) || attempt >= maxMoveAttempts) throw error;
      current = (await findInboxItem(item.orgcode, item.item_id)) ?? current;
    }
  }
}

async function moveAsRead(item: InboxItem, status: LifecycleStatus, expectedRevision: number, now: Date): Promise<InboxItem> {
  const moved: InboxItem = { ...item, status };
  const otherState: InboxState = item.state === 'read' ? 'unread' : 'read';
  const [markedMeanwhile] = inboxItemListings({ ...item, state: otherState });
  const stored = await updateRevisioned({
    key: keys.inboxItem(item.orgcode, item.item_id),
    expectedRevision,
    statusMove: { from: lifecycleMoveSources(status), invalid: (from) => invalidLifecycleMove('inbox item', from, status) },
    replace: storedItem(moved),
    companions: [
      {
        check: { key: listingKey(markedMeanwhile!) },
        condition: { expression: 'attribute_not_exists(pk)' },
        onConditionFailed: () => new TransactionConflictError(),
      },
    ],
    listings: { before: inboxItemListings(item), after: inboxItemListings(moved) },
    now,
  });
  return toItem(stored);
}

function withState(item: InboxItem, state: InboxState, now: Date): InboxItem {
  const { read_at: _readAt, ...unread } = item;
  return state === 'read' ? { ...item, state, read_at: now.toISOString() } : { ...unread, state };
}

/**
 * The writes that mark an item (as read, `item`) read or unread: the item,
 * only while it is still of the revision and state it was read with (a mark
 * moves no revision, so a status move or another mark may have come first),
 * and its copy moved from the list of one state to the other.
 */
function markWrites(item: InboxItem, state: InboxState, now: Date): GuardedWrite[] {
  const marked = withState(item, state, now);
  const change =
    state === 'read'
      ? { expression: 'SET #state = :state, read_at = :now', values: { ':state': state, ':now': now.toISOString() } }
      : { expression: 'SET #state = :state REMOVE read_at', values: { ':state': state } };
  return [
    {
      update: { key: keys.inboxItem(item.orgcode, item.item_id), ...change, names: { '#state': 'state' } },
      condition: {
        expression: 'attribute_exists(pk) AND #revision = :revision AND #state = :from',
        names: { '#revision': 'revision' },
        values: { ':revision': item.revision, ':from': item.state },
      },
      onConditionFailed: () => new TransactionConflictError(),
    },
    ...listingMoves(storedItem(marked), inboxItemListings(item), inboxItemListings(marked)),
  ];
}

/** The items as they are now (a consistent read): another call changed them since they were read. */
async function currentItems(items: readonly InboxItem[]): Promise<InboxItem[]> {
  const found = await batchGetItems(
    items.map((item) => keys.inboxItem(item.orgcode, item.item_id)),
    { consistent: true },
  );
  const byId = new Map(found.map(toItem).map((item) => [item.item_id, item]));
  return items.map((item) => byId.get(item.item_id) ?? item);
}

/** Marks one transaction's items, again from a fresh read if another call changed one of them meanwhile; returns them as they now are. */
function markTogether(items: readonly InboxItem[], state: InboxState, now: Date): Promise<InboxItem[]> {
  return retryingConflicts(async (round) => {
    const current = round === 1 ? items : await currentItems(items);
    const changing = current.filter((item) => item.state !== state);
    if (changing.length) await writeAtomically(changing.flatMap((item) => markWrites(item, state, now)));
    return current.map((item) => (item.state === state ? item : withState(item, state, now)));
  });
}

/** Items marked in one transaction: three writes each (the item, its copy out of one list and into the other), within 100. */
const itemsPerMarkTransaction = 33;

/**
 * Marks the items read or unread; items already so are left alone. Each
 * transaction marks up to 33 items all or none; a call that fails part way
 * may have marked some, which a repeat of it leaves as they are. Returns the
 * items as they now are.
 */
export async function markInboxItems(items: readonly InboxItem[], state: InboxState, now: Date): Promise<InboxItem[]> {
  const changing = items.filter((item) => item.state !== state);
  const transactions = Array.from({ length: Math.ceil(changing.length / itemsPerMarkTransaction) }, (_, index) =>
    changing.slice(index * itemsPerMarkTransaction, (index + 1) * itemsPerMarkTransaction),
  );
  const marked = new Map(items.map((item) => [item.item_id, item]));
  await inParallel(transactions, async (together) => {
    for (const item of await markTogether(together, state, now)) marked.set(item.item_id, item);
  });
  return items.map((item) => marked.get(item.item_id) ?? item);
}

/**
 * Up to `limit` of the addressee's items unread and created at or before
 * `upTo`, whatever their status, oldest first (its unread lists merged, read
 * consistently), and whether there are more.
 */
export async function unreadInboxItems(
  orgcode: string,
  addressee: Addressee,
  upTo: string,
  limit: number,
): Promise<{ items: InboxItem[]; more: boolean }> {
  const page = await mergedQueryPage(
    {
      partitions: lifecycleStatuses.map((status) => keys.inboxItemsOf(orgcode, addressee, status, 'unread')),
      // '$' sorts right after '#': every item created at `upTo` is included.
      range: { to: `${upTo}$` },
      oldestFirst: true,
    },
    limit,
    undefined,
  );
  return { items: page.items.map(toItem), more: page.cursor !== undefined };
}
