import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError, NotFoundError } from '../../domain/errors';
import { type Addressee, type InboxItem, type InboxState, addresseeOf } from '../../domain/inbox/inbox-item';
import { type LifecycleStatus, invalidLifecycleMove, lifecycleMoveSources } from '../../domain/lifecycle';
import { type GuardedPut, type GuardedUpdate, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { retryingConflicts } from '../conflict-retry';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { type MergedCursor, mergedQueryPage } from '../merged-query';
import { updateRevisioned } from '../revisioned-update';

/**
 * Inbox items (docs/decisions.md: Inbox): one partition per item; gsi1 holds
 * each in its addressee's partition of its status, gsi2 in its addressee's
 * unread partition while unread. Both sort by creation.
 */

const unreadIndexKeys = (item: InboxItem) => ({
  gsi2pk: keys.unreadInboxItemsOf(item.orgcode, addresseeOf(item)),
  gsi2sk: keys.timeOrderedKey(item.created_at, item.item_id),
});

function storedItem(item: InboxItem): Record<string, unknown> {
  return {
    ...keys.inboxItem(item.orgcode, item.item_id),
    record_type: 'inbox_item',
    ...item,
    gsi1pk: keys.inboxItemsOf(item.orgcode, addresseeOf(item), item.status),
    gsi1sk: keys.timeOrderedKey(item.created_at, item.item_id),
    ...(item.state === 'unread' && unreadIndexKeys(item)),
  };
}

/**
 * The put of a new item, for the transaction of the change that causes it:
 * that change's own condition makes it happen once, so the put needs none
 * (and must not fail the change).
 */
export function inboxItemPut(item: InboxItem): GuardedPut {
  return { item: storedItem(item) };
}

/** Puts an item the service derived from a cause once: false when a delivery of the same cause already did. */
export async function putInboxItemOnce(item: InboxItem): Promise<boolean> {
  try {
    await writeAtomically([{ ...inboxItemPut(item), condition: { expression: 'attribute_not_exists(pk)' } }]);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Puts an item a caller creates; an `item_id` already used is 409 duplicate_id. */
export async function createInboxItem(item: InboxItem): Promise<void> {
  await writeAtomically([
    {
      ...inboxItemPut(item),
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('item_id', item.item_id),
    },
  ]);
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

/** A page of the addressees' items of one status, newest first, merged across their partitions. */
export async function listInboxItems(
  orgcode: string,
  addressees: readonly Addressee[],
  filter: InboxFilter,
  limit: number,
  cursor: MergedCursor | undefined,
): Promise<{ items: InboxItem[]; cursor?: MergedCursor }> {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (filter.state) {
    conditions.push('#state = :state');
    names['#state'] = 'state';
    values[':state'] = filter.state;
  }
  if (filter.kind) {
    conditions.push('#kind = :kind');
    names['#kind'] = 'kind';
    values[':kind'] = filter.kind;
  }
  const page = await mergedQueryPage(
    {
      index: 'gsi1',
      partitions: addressees.map((addressee) => keys.inboxItemsOf(orgcode, addressee, filter.status)),
      ...(conditions.length > 0 && { filter: { expression: conditions.join(' AND '), names, values } }),
    },
    limit,
    cursor,
  );
  return { items: page.items.map(toItem), ...(page.cursor && { cursor: page.cursor }) };
}

/** Moves an item to `status` under its expected revision, into its addressee's partition of that status. */
export async function moveInboxItem(item: InboxItem, status: LifecycleStatus, expectedRevision: number, now: Date): Promise<InboxItem> {
  const stored = await updateRevisioned({
    key: keys.inboxItem(item.orgcode, item.item_id),
    expectedRevision,
    statusMove: { from: lifecycleMoveSources(status), invalid: (from) => invalidLifecycleMove('inbox item', from, status) },
    set: { status, gsi1pk: keys.inboxItemsOf(item.orgcode, addresseeOf(item), status) },
    now,
  });
  return toItem(stored);
}

/** The update that marks an item read or unread (and puts it in, or takes it out of, its unread partition). */
function stateUpdate(item: InboxItem, state: InboxState, now: Date): GuardedUpdate {
  const update =
    state === 'read'
      ? { expression: 'SET #state = :state, read_at = :now REMOVE gsi2pk, gsi2sk', values: { ':state': state, ':now': now.toISOString() } }
      : { expression: 'SET #state = :state, gsi2pk = :unreadPk, gsi2sk = :unreadSk REMOVE read_at', values: { ':state': state, ':unreadPk': unreadIndexKeys(item).gsi2pk, ':unreadSk': unreadIndexKeys(item).gsi2sk } };
  return {
    update: { key: keys.inboxItem(item.orgcode, item.item_id), ...update, names: { '#state': 'state' } },
    condition: { expression: 'attribute_exists(pk)' },
    onConditionFailed: () => new NotFoundError(),
  };
}

/**
 * Marks the items (at most 100: one transaction) read or unread, all or none;
 * items already so are left alone. Returns them as they now are.
 */
export async function markInboxItems(items: readonly InboxItem[], state: InboxState, now: Date): Promise<InboxItem[]> {
  const changing = items.filter((item) => item.state !== state);
  if (changing.length) {
    await retryingConflicts(async () => {
      await writeAtomically(changing.map((item) => stateUpdate(item, state, now)));
      return true;
    });
  }
  return items.map((item) => (item.state === state ? item : withState(item, state, now)));
}

function withState(item: InboxItem, state: InboxState, now: Date): InboxItem {
  const { read_at: _readAt, ...unread } = item;
  return state === 'read' ? { ...item, state, read_at: now.toISOString() } : { ...unread, state };
}

/** Up to `limit` of the addressee's items unread and created at or before `upTo`, oldest first, and whether there are more. */
export async function unreadInboxItems(
  orgcode: string,
  addressee: Addressee,
  upTo: string,
  limit: number,
): Promise<{ items: InboxItem[]; more: boolean }> {
  const { Items, LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      // '$' sorts right after '#': every item created at `upTo` is included.
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :bound',
      ExpressionAttributeValues: { ':pk': keys.unreadInboxItemsOf(orgcode, addressee), ':bound': `${upTo}$` },
      Limit: limit,
    }),
  );
  return { items: (Items ?? []).map(toItem), more: LastEvaluatedKey !== undefined };
}

/** Marks one item read on its own (the index may still list an item read a moment ago: marking it again is harmless). */
export async function markInboxItemRead(item: InboxItem, now: Date): Promise<void> {
  await writeAtomically([stateUpdate(item, 'read', now)]).catch((error: unknown) => {
    if (!(error instanceof NotFoundError)) throw error;
  });
}
