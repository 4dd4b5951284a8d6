import type { Caller } from '../domain/auth/caller';
import { batchGetItems } from '../db/batch-get';
import { createInboxItem, findInboxItem, markInboxItems, moveInboxItem, unreadInboxItems } from '../db/inbox/inbox-repository';
import { withoutStorageAttributes } from '../db/item';
import * as keys from '../db/keys';
import type { ChangeOrigin } from '../domain/change-origin';
import { NotFoundError, RevisionConflictError } from '../domain/errors';
import { newId } from '../domain/identifiers';
import { type InboxItem, addresseesOf, inboxItemSchema, isAddressedTo, newInboxItem } from '../domain/inbox/inbox-item';
import type { InboxCreateRequest, InboxStateRequest, InboxStatusRequest } from '../domain/inbox/inbox-requests';
import { invalidLifecycleMove, lifecycleMoveSources } from '../domain/lifecycle';
import { requireExpectedRevision } from '../domain/revision';

/** Most items one "all read up to now" marks: the bound on one call's work; `complete` says whether that was all. */
export const maxItemsMarkedPerCall = 1000;

/** `/inbox/create`: an item for one user or team, current and unread. */
export async function createItem(request: InboxCreateRequest, origin: ChangeOrigin): Promise<{ item: InboxItem }> {
  const item = newInboxItem(
    {
      item_id: request.item_id ?? newId('inb', origin.now),
      addressee: request.team !== undefined ? { team: request.team } : { user_guid: request.user_guid ?? '' },
      kind: request.kind,
      title: request.title,
      ...(request.body !== undefined && { body: request.body }),
      ...(request.target_type !== undefined && request.target_id !== undefined && {
        target: { target_type: request.target_type, target_id: request.target_id },
      }),
      source_refs: request.source_refs,
    },
    origin,
  );
  await createInboxItem(item);
  return { item };
}

/** The caller's own item (or one of its teams'); any other is 404, so another's item is never revealed. */
export async function callersItem(caller: Caller, itemId: string): Promise<InboxItem> {
  const item = await findInboxItem(caller.orgcode, itemId);
  if (!item || !isAddressedTo(item, caller)) throw new NotFoundError();
  return item;
}

/** `/inbox/status`: current and archived move to each other, either to doomed, which is terminal; under the expected revision. */
export async function setItemStatus(request: InboxStatusRequest, caller: Caller, now: Date): Promise<{ item: InboxItem }> {
  const expected = requireExpectedRevision(request.expected_revision);
  const item = await callersItem(caller, request.item_id);
  if (item.revision !== expected) throw new RevisionConflictError(expected, item.revision);
  if (!lifecycleMoveSources(request.status).includes(item.status)) throw invalidLifecycleMove('inbox item', item.status, request.status);
  return { item: await moveInboxItem(item, request.status, expected, now) };
}

/** The attributes of a stored item that are the item's own fields, from its schema (built on the first call that reads them). */
const itemAttributes = () => Object.keys(inboxItemSchema._zod.innerType.shape);

/**
 * `/inbox/state`: marks the named items (one to 100: any that is not the
 * caller's is 404 and nothing changes; the others are marked 33 to a
 * transaction, markInboxItems) or, with `all`, every item of the caller and
 * its teams unread now, read.
 */
export async function setItemState(
  request: InboxStateRequest,
  caller: Caller,
  now: Date,
): Promise<{ items: InboxItem[]; marked: number; complete: boolean }> {
  if (request.all) return markAllRead(caller, now);
  const ids = [...new Set(request.item_ids ?? [request.item_id ?? ''])];
  const found = await batchGetItems(
    ids.map((id) => keys.inboxItem(caller.orgcode, id)),
    { attributes: itemAttributes(), consistent: true },
  );
  const byId = new Map(found.map((item) => withoutStorageAttributes<InboxItem>(item)).map((item) => [item.item_id, item]));
  const items = ids.map((id) => byId.get(id));
  if (items.some((item) => !item || !isAddressedTo(item, caller))) throw new NotFoundError();
  const named = items as InboxItem[];
  const marked = named.filter((item) => item.state !== request.state).length;
  return { items: await markInboxItems(named, request.state, now), marked, complete: true };
}

/**
 * "All read up to now": the caller's and its teams' items created up to the
 * call's instant and unread, read from each addressee's unread lists (oldest
 * first, consistently: an item created a moment before is among them) and
 * marked, at most maxItemsMarkedPerCall.
 */
async function markAllRead(caller: Caller, now: Date): Promise<{ items: InboxItem[]; marked: number; complete: boolean }> {
  let marked = 0;
  let complete = true;
  for (const addressee of addresseesOf(caller)) {
    const room = maxItemsMarkedPerCall - marked;
    if (room === 0) {
      complete = false;
      break;
    }
    const unread = await unreadInboxItems(caller.orgcode, addressee, now.toISOString(), room);
    await markInboxItems(unread.items, 'read', now);
    marked += unread.items.length;
    if (unread.more) complete = false;
  }
  return { items: [], marked, complete };
}
