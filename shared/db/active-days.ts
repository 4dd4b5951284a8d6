import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import * as keys from './keys';
import { queryAll } from './query-page';

/**
 * Which organisations had something to roll up on which UTC day: a daily
 * rollup's way to find them, across organisations, without a Scan. One item
 * per org, day and kind, whose gsi3 entry lists the day's orgs of that kind
 * (docs/decisions.md: Financial rollups, Usage rollups):
 *
 * - `ledger`: it recorded ledger events dated that day (the financial rollup);
 * - `metered`: it was metered that day, or recorded storage usage counting on
 *   it (the usage rollup).
 */
export type DayMarkerKind = 'ledger' | 'metered';

const markers = {
  ledger: { recordType: 'active_day', key: keys.activeDay, orgsOn: keys.activeOrgsOn },
  metered: { recordType: 'metered_day', key: keys.meteredDay, orgsOn: keys.meteredOrgsOn },
} as const satisfies Record<DayMarkerKind, unknown>;

/** The marker of an org's day: always the same attributes, so putting it again changes nothing, not even its index entry. */
export function dayMarkerItem(kind: DayMarkerKind, orgcode: string, day: string): Record<string, unknown> {
  const marker = markers[kind];
  return {
    ...marker.key(orgcode, day),
    record_type: marker.recordType,
    orgcode,
    day,
    gsi3pk: marker.orgsOn(day),
    gsi3sk: orgcode,
  };
}

/** Org-days this process has marked, by kind, oldest first; bounded, so a long-lived process forgets the oldest. */
const markedDays = new Set<string>();
const maxMarkedDays = 10_000;

/**
 * Marks the UTC day of `instant` for the org, once per process. Ledger events
 * put it before their transaction and outside it: no event then exists without
 * its day's marker, and the marker, which every event of the org and day
 * shares, never makes two concurrent transactions conflict. A marker whose
 * write then fails is harmless (that day's rollup of the org finds nothing).
 * Markers are never removed, so one this process wrote still stands: putting
 * it again before every event, invoice change, log batch, delivery or storage
 * record would write an item all of the org's day shares, more often than one
 * partition takes at a large organisation's peak (docs/decisions.md: Partition
 * heat). Remembered only once written, so a failed write is tried again by the next.
 */
export async function markDay(kind: DayMarkerKind, orgcode: string, instant: string): Promise<void> {
  const day = instant.slice(0, 10);
  const orgDay = `${kind}\n${orgcode}\n${day}`;
  if (markedDays.has(orgDay)) return;
  await putDayMarker(kind, orgcode, day);
  if (markedDays.size >= maxMarkedDays) {
    const oldest = markedDays.values().next().value;
    if (oldest !== undefined) markedDays.delete(oldest);
  }
  markedDays.add(orgDay);
}

/** Puts the org's marker of `day`, whatever this process remembers: for a repair that writes what must be there. */
export async function putDayMarker(kind: DayMarkerKind, orgcode: string, day: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: dayMarkerItem(kind, orgcode, day) }));
}

/**
 * The days after `day` the org has marked `kind`, oldest first, future days
 * included: one Query of its own markers (a table partition, read consistently).
 */
export async function daysMarkedAfter(kind: DayMarkerKind, orgcode: string, day: string): Promise<string[]> {
  const days: string[] = [];
  const marked = queryAll({
    KeyConditionExpression: 'pk = :pk AND sk > :day',
    ExpressionAttributeValues: { ':pk': markers[kind].key(orgcode, day).pk, ':day': day },
    ProjectionExpression: '#day',
    ExpressionAttributeNames: { '#day': 'day' },
  });
  for await (const item of marked) days.push(String(item.day));
  return days;
}

/** Orgs read per Query page. */
const orgsPerPage = 1000;

/** Every org marked `kind` on `day`, in orgcode order, a Query page at a time (gsi3: eventually consistent). */
export async function* orgsMarkedOn(kind: DayMarkerKind, day: string): AsyncGenerator<string> {
  const marked = queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :day',
    ExpressionAttributeValues: { ':day': markers[kind].orgsOn(day) },
    ProjectionExpression: 'orgcode',
    Limit: orgsPerPage,
  });
  for await (const item of marked) yield String(item.orgcode);
}
