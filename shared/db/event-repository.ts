import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SourceRef } from '../domain/common-schemas';
import { DuplicateIdError } from '../domain/errors';
import {
  type AccountingEvent,
  type LineageItem,
  distinctSourceRefs,
  lineageItem,
} from '../domain/events/accounting-event';
import type { ReconciledEvent } from '../domain/events/reconcile-totals';
import type { RecordSelection } from '../domain/exports/export-record';
import { markDay } from './active-day-repository';
import { type GuardedPut, writeAtomically } from './atomic-write';
import { dynamo, tableName } from './client';
import { withoutStorageAttributes } from './item';
import * as keys from './keys';
import { timeOrderedKey } from './keys';
import { type Page, type StartKey, queryPage } from './query-page';

function eventPut(event: AccountingEvent): GuardedPut {
  const sortKey = timeOrderedKey(event.occurred_at, event.event_id);
  return {
    item: {
      ...keys.event(event.orgcode, event.event_id),
      record_type: 'event',
      gsi1pk: keys.eventsByTime(event.orgcode),
      gsi1sk: sortKey,
      gsi2pk: keys.eventsOfType(event.orgcode, event.event_type),
      gsi2sk: sortKey,
      ...event,
    },
    condition: { expression: 'attribute_not_exists(pk)' },
    onConditionFailed: () => new DuplicateIdError('event_id', event.event_id),
  };
}

function lineagePut(event: AccountingEvent, ref: SourceRef): GuardedPut {
  return {
    item: {
      pk: keys.lineagePartition(event.orgcode, ref.kind, ref.id),
      sk: timeOrderedKey(event.occurred_at, event.event_id),
      record_type: 'lineage',
      ...lineageItem(event, ref),
    },
  };
}

/** The items an event is stored as: the event and one lineage link per distinct source ref. */
export function eventRecordPuts(event: AccountingEvent): GuardedPut[] {
  return [eventPut(event), ...distinctSourceRefs(event.source_refs).map((ref) => lineagePut(event, ref))];
}

/**
 * Stores an event and its lineage links, and the idempotency record when given,
 * in one transaction, once its day is marked active. The idempotency record
 * goes first so that losing a same-key race is told apart from a duplicate id.
 */
export async function recordEvent(event: AccountingEvent, idempotencyRecord?: GuardedPut): Promise<void> {
  await markDay('ledger', event.orgcode, event.occurred_at);
  await writeAtomically([...(idempotencyRecord ? [idempotencyRecord] : []), ...eventRecordPuts(event)]);
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
 * The query over the org's events in occurred_at order: the event-type index
 * when exactly one type is asked for, else the org-wide index; from_utc is
 * inclusive and to_utc exclusive (a sort key `<to_utc>#id` sorts after `<to_utc>`).
 */
function eventQuery(orgcode: string, filter: EventFilter) {
  const [onlyType, ...otherTypes] = filter.event_types ?? [];
  const singleType = onlyType !== undefined && otherTypes.length === 0;
  const index = singleType ? { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' } : { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' };
  const names: Record<string, string> = { '#pk': index.pk };
  const values: Record<string, unknown> = {
    ':pk': singleType ? keys.eventsOfType(orgcode, onlyType) : keys.eventsByTime(orgcode),
  };

  let keyCondition = '#pk = :pk';
  if (filter.from_utc || filter.to_utc) names['#sk'] = index.sk;
  if (filter.from_utc && filter.to_utc) {
    keyCondition += ' AND #sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': filter.from_utc, ':to': filter.to_utc });
  } else if (filter.from_utc) {
    keyCondition += ' AND #sk >= :from';
    values[':from'] = filter.from_utc;
  } else if (filter.to_utc) {
    keyCondition += ' AND #sk < :to';
    values[':to'] = filter.to_utc;
  }

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
    IndexName: index.name,
    KeyConditionExpression: keyCondition,
    FilterExpression: conditions.length ? conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

export function listEvents(
  orgcode: string,
  filter: EventFilter,
  limit: number,
  startKey?: StartKey,
): Promise<Page<AccountingEvent>> {
  return queryPage(eventQuery(orgcode, filter), limit, startKey, (item) =>
    withoutStorageAttributes<AccountingEvent>(item),
  );
}

/** An event read for an export, with its place in the time order (its index sort key). */
export interface OrderedEvent {
  event: AccountingEvent;
  sortKey: string;
}

/** Events read per Query page by an export (about 0.5 MB of typical events). */
const exportReadPageSize = 1000;

/**
 * Streams the events an export selection holds, oldest first, a query page at
 * a time (memory stays flat whatever the window). A batch's first and last
 * keys narrow the window to its slice; events recorded at or after
 * `recorded_before` are left out, so a rebuild reads the same events.
 */
export async function* eventsForExport(orgcode: string, selection: RecordSelection): AsyncGenerator<OrderedEvent> {
  const query = eventQuery(orgcode, { event_types: selection.event_types, from_utc: selection.from_utc, to_utc: selection.to_utc });
  const sortKeyName = query.IndexName === 'gsi2' ? 'gsi2sk' : 'gsi1sk';
  query.ExpressionAttributeNames['#recorded_at'] = 'recorded_at';
  query.ExpressionAttributeValues[':recorded_before'] = selection.recorded_before;
  const conditions = [`#recorded_at < :recorded_before`, ...(query.FilterExpression ? [query.FilterExpression] : [])];
  if (selection.first_key !== undefined && selection.last_key !== undefined) {
    // The slice lies inside the window, so its inclusive bounds replace the window's.
    query.KeyConditionExpression = '#pk = :pk AND #sk BETWEEN :first AND :last';
    query.ExpressionAttributeNames['#sk'] = sortKeyName;
    delete query.ExpressionAttributeValues[':from'];
    delete query.ExpressionAttributeValues[':to'];
    query.ExpressionAttributeValues[':first'] = selection.first_key;
    query.ExpressionAttributeValues[':last'] = selection.last_key;
  }
  let startKey: StartKey | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        ...query,
        FilterExpression: conditions.join(' AND '),
        TableName: tableName(),
        // DynamoDB stops a page at 1 MB; DynamoDB Local, without a Limit, takes longer
        // per page the more of the range is left, which makes a long window quadratic.
        Limit: exportReadPageSize,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      yield { event: withoutStorageAttributes<AccountingEvent>(item), sortKey: String(item[sortKeyName]) };
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Reads only what a reconcile report sums, `limit` events at the most. */
export async function readEventsForReconcile(
  orgcode: string,
  filter: EventFilter,
  limit: number,
  startKey?: StartKey,
): Promise<Page<ReconciledEvent>> {
  const query = eventQuery(orgcode, filter);
  query.ExpressionAttributeNames['#event_type'] = 'event_type';
  query.ExpressionAttributeNames['#amount'] = 'amount';
  query.ExpressionAttributeNames['#tax_amount'] = 'tax_amount';
  return queryPage(
    { ...query, ProjectionExpression: '#event_type, #amount, #tax_amount' },
    limit,
    startKey,
    (item) => item as ReconciledEvent,
  );
}

export function listLineage(
  orgcode: string,
  ref: SourceRef,
  limit: number,
  startKey?: StartKey,
): Promise<Page<LineageItem>> {
  return queryPage(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.lineagePartition(orgcode, ref.kind, ref.id) },
    },
    limit,
    startKey,
    (item) => withoutStorageAttributes<LineageItem>(item),
  );
}
