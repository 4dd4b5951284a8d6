import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SourceRef } from '../../domain/common-schemas';
import { DuplicateIdError } from '../../domain/errors';
import {
  type AccountingEvent,
  type LineageItem,
  distinctSourceRefs,
  lineageItem,
} from '../../domain/events/accounting-event';
import type { ReconciledEvent } from '../../domain/events/reconcile-totals';
import type { RecordSelection } from '../../domain/exports/export-record';
import { markDay } from '../active-days';
import { dayTotalsUpdates } from '../gl/journal-day-totals-repository';
import { type GuardedPut, type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import { shardAttribute, storedRecordShard } from '../item-shard';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import { type Listing, listingPuts } from '../listings';
import { compactLedgerCursor, expandLedgerCursor } from './ledger-cursor';
import { type ShardLayout, shardKey, shardLayout, shardOf } from '../shard-layout';
import { type ShardedCursor, type ShardedQuery, shardedPage, shardedStream } from '../sharded-read';

/**
 * Where an event is listed (shared/db/listings.ts): the organisation's ledger
 * by time and the ledger of its type, on its shard, each a list partition on
 * the table sorted by `<occurred_at>#<event id>` (unique: the id ends it).
 */
function eventListings(event: AccountingEvent, shard: number): Listing[] {
  const sortKey = timeOrderedKey(event.occurred_at, event.event_id);
  return [
    { partition: shardKey(keys.eventsByTime(event.orgcode), shard), sortKey },
    { partition: shardKey(keys.eventsOfType(event.orgcode, event.event_type), shard), sortKey },
  ];
}

function eventPut(event: AccountingEvent, shard: number): GuardedPut {
  return {
    item: { ...keys.event(event.orgcode, event.event_id), record_type: 'event', ...shardAttribute(shard), ...event },
    condition: { expression: 'attribute_not_exists(pk)' },
    onConditionFailed: () => new DuplicateIdError('event_id', event.event_id),
  };
}

function lineagePut(event: AccountingEvent, ref: SourceRef, shard: number): GuardedPut {
  return {
    item: {
      pk: shardKey(keys.lineagePartition(event.orgcode, ref.kind, ref.id), shard),
      sk: timeOrderedKey(event.occurred_at, event.event_id),
      record_type: 'lineage',
      ...lineageItem(event, ref),
    },
  };
}

/** The event first (its condition is the one a duplicate id fails), then its copies in its lists, then its links. */
function putsOnShard(event: AccountingEvent, shard: number): GuardedPut[] {
  const stored = eventPut(event, shard);
  return [
    stored,
    ...listingPuts(stored.item, eventListings(event, shard)),
    ...distinctSourceRefs(event.source_refs).map((ref) => lineagePut(event, ref, shard)),
  ];
}

/**
 * What recording an event writes, for its transaction (other families add it
 * to theirs): its items (eventRecordPuts) and the update of its day's journal
 * totals (shared/db/gl/journal-day-totals-repository.ts), which the trial
 * balance reads instead of every event: at most 54 actions.
 */
export function eventRecordWrites(event: AccountingEvent, layout: ShardLayout): GuardedWrite[] {
  return [...eventRecordPuts(event, layout), ...dayTotalsUpdates(event, layout)];
}

/**
 * The items an event is stored as, to write in one transaction (other
 * families add them to theirs): the event, its copy in each of its lists and
 * one lineage link per distinct source ref, 3 + refs actions (at most 53), all
 * on the shard of its id in the organisation's layout (docs/decisions.md,
 * Partition heat; Acknowledged writes are listed). The event's own item is first.
 */
export function eventRecordPuts(event: AccountingEvent, layout: ShardLayout): GuardedPut[] {
  return putsOnShard(event, shardOf(event.event_id, layout));
}

/**
 * The items stored with an event's copy in the ledger by time: the event under
 * its own key, its copy in the ledger of its type and its lineage links
 * (measured rather than read by the storage reconcile: they are written with it and never change).
 */
export function storedBesideLedgerCopy(copy: Record<string, unknown>): Array<Record<string, unknown>> {
  const stored = putsOnShard(withoutStorageAttributes<AccountingEvent>(copy), Number(copy.shard ?? 0));
  return stored.map((put) => put.item).filter((item) => item.pk !== copy.pk);
}

/**
 * The shard the event was stored on, for links written after it (a payout's):
 * beside its other links whatever the layout is now, so a link written twice
 * is one item.
 */
export async function shardOfEvent(orgcode: string, eventId: string): Promise<number> {
  return (await storedRecordShard(orgcode, keys.event(orgcode, eventId))).shard;
}

/**
 * Stores an event and its lineage links, and the idempotency record when given,
 * in one transaction, once its day is marked active. The idempotency record
 * goes first so that losing a same-key race is told apart from a duplicate id.
 */
export async function recordEvent(event: AccountingEvent, idempotencyRecord?: GuardedPut): Promise<void> {
  const [layout] = await Promise.all([shardLayout(event.orgcode), markDay('ledger', event.orgcode, event.occurred_at)]);
  await writeAtomically([...(idempotencyRecord ? [idempotencyRecord] : []), ...eventRecordWrites(event, layout)]);
}

/**
 * Events are immutable, so any copy found is the current one: an eventually
 * consistent read (half the cost) answers, and only a miss, which may be an
 * event written a moment ago, is confirmed by a consistent read.
 */
export async function findEvent(orgcode: string, eventId: string): Promise<AccountingEvent | undefined> {
  for (const consistent of [false, true]) {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.event(orgcode, eventId), ConsistentRead: consistent }),
    );
    if (Item) return withoutStorageAttributes<AccountingEvent>(Item);
  }
  return undefined;
}

export interface EventFilter {
  event_types?: string[];
  logical_guid?: string;
  channel_code?: string;
  cccode?: string;
  from_utc?: string;
  to_utc?: string;
}

/**
 * The read of the org's events in occurred_at order, oldest first, from its
 * list partitions on the table, read consistently (docs/decisions.md:
 * Acknowledged writes are listed): the ledger of the type when exactly one
 * type is asked for, else the ledger by time; from_utc is inclusive and to_utc
 * exclusive (a sort key `<to_utc>#id` sorts after `<to_utc>`). A page token
 * keeps each shard's place as a sort key alone.
 */
function eventQuery(orgcode: string, filter: EventFilter): ShardedQuery {
  const [onlyType, ...otherTypes] = filter.event_types ?? [];
  const singleType = onlyType !== undefined && otherTypes.length === 0;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conditions: string[] = [];
  if (!singleType && filter.event_types?.length) {
    names['#type'] = 'event_type';
    const placeholders = filter.event_types.map((type, i) => {
      values[`:type${i}`] = type;
      return `:type${i}`;
    });
    conditions.push(`#type IN (${placeholders.join(', ')})`);
  }
  for (const field of ['logical_guid', 'channel_code', 'cccode'] as const) {
    const value = filter[field];
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    conditions.push(`#${field} = :${field}`);
  }
  return {
    partition: singleType ? keys.eventsOfType(orgcode, onlyType) : keys.eventsByTime(orgcode),
    range: { from: filter.from_utc, to: filter.to_utc },
    ...(conditions.length && { filter: { expression: conditions.join(' AND '), names, values } }),
    oldestFirst: true,
  };
}

/** A page of listed items and where the listing goes on (absent at its end). */
export interface ShardedPage<T> {
  items: T[];
  cursor?: ShardedCursor;
}

/** A page of one of the organisation's ledger listings, over every shard, its cursor compact (ledger-cursor.ts). */
async function ledgerPage(query: ShardedQuery, orgcode: string, limit: number, cursor: ShardedCursor | undefined): Promise<ShardedPage<Record<string, unknown>>> {
  const page = await shardedPage(query, await shardLayout(orgcode), limit, expandLedgerCursor(cursor));
  const next = compactLedgerCursor(page.cursor);
  return { items: page.items, ...(next && { cursor: next }) };
}

export async function listEvents(
  orgcode: string,
  filter: EventFilter,
  limit: number,
  cursor?: ShardedCursor,
): Promise<ShardedPage<AccountingEvent>> {
  const page = await ledgerPage(eventQuery(orgcode, filter), orgcode, limit, cursor);
  return { ...page, items: page.items.map((item) => withoutStorageAttributes<AccountingEvent>(item)) };
}

/** An event read for an export, with its place in the time order (its sort key in the ledger). */
export interface OrderedEvent {
  event: AccountingEvent;
  sortKey: string;
}

/** Events read per Query page by an export (about 0.5 MB of typical events). */
const exportReadPageSize = 1000;

/**
 * Streams the events an export selection holds, oldest first, a query page at
 * a time per shard, read consistently (memory stays flat whatever the window). A batch's first and last
 * keys narrow the window to its slice on every shard (a sort key is the same whichever shard holds
 * the event); events recorded at or after `recorded_before` are left out, so a rebuild reads the same events.
 */
export type EventSelection = Pick<RecordSelection, 'from_utc' | 'to_utc' | 'event_types' | 'recorded_before' | 'first_key' | 'last_key'>;

export async function* eventsForExport(orgcode: string, selection: EventSelection): AsyncGenerator<OrderedEvent> {
  const query = eventQuery(orgcode, { event_types: selection.event_types, from_utc: selection.from_utc, to_utc: selection.to_utc });
  const recorded = {
    expression: '#recorded_at < :recorded_before',
    names: { '#recorded_at': 'recorded_at', ...query.filter?.names },
    values: { ':recorded_before': selection.recorded_before, ...query.filter?.values },
  };
  const filter = { ...recorded, expression: [recorded.expression, ...(query.filter ? [query.filter.expression] : [])].join(' AND ') };
  // The slice lies inside the window, so its inclusive bounds replace the window's.
  const slice = selection.first_key !== undefined && selection.last_key !== undefined ? { from: selection.first_key, to: selection.last_key } : query.range;
  for await (const item of shardedStream({ ...query, filter, range: slice }, await shardLayout(orgcode), exportReadPageSize)) {
    yield { event: withoutStorageAttributes<AccountingEvent>(item), sortKey: String(item.sk) };
  }
}

/** Reads only what a reconcile report sums, `limit` events at the most. */
export async function readEventsForReconcile(
  orgcode: string,
  filter: EventFilter,
  limit: number,
  cursor?: ShardedCursor,
): Promise<ShardedPage<ReconciledEvent>> {
  const query = { ...eventQuery(orgcode, filter), projection: ['event_type', 'amount', 'tax_amount'] };
  const page = await ledgerPage(query, orgcode, limit, cursor);
  return { ...page, items: page.items as ReconciledEvent[] };
}

/** A page of the events that name one source record, oldest first. */
export async function listLineage(orgcode: string, ref: SourceRef, limit: number, cursor?: ShardedCursor): Promise<ShardedPage<LineageItem>> {
  const query = { partition: keys.lineagePartition(orgcode, ref.kind, ref.id), oldestFirst: true };
  const page = await ledgerPage(query, orgcode, limit, cursor);
  return { ...page, items: page.items.map((item) => withoutStorageAttributes<LineageItem>(item)) };
}
