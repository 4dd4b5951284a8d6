import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import * as keys from './keys';
import type { StartKey } from './query-page';

/**
 * Which organisations recorded ledger events on which UTC day
 * (docs/decisions.md: Financial rollups): the daily financial rollup's way to
 * find who had activity, across organisations, without a Scan.
 */

/** The marker of an org's day: always the same attributes, so putting it again changes nothing, not even its index entry. */
export function activeDayItem(orgcode: string, day: string): Record<string, unknown> {
  return {
    ...keys.activeDay(orgcode, day),
    record_type: 'active_day',
    orgcode,
    day,
    gsi3pk: keys.activeOrgsOn(day),
    gsi3sk: orgcode,
  };
}

/**
 * Marks the day of an event about to be written, before its transaction and
 * outside it: no event then exists without its day's marker, and the marker,
 * which every event of the org and day shares, never makes two concurrent
 * transactions conflict. A marker whose event then fails to write is harmless
 * (that day's rollup of the org finds nothing).
 */
export async function markActiveDay(orgcode: string, occurredAt: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: activeDayItem(orgcode, occurredAt.slice(0, 10)) }));
}

/** Orgs read per Query page. */
const orgsPerPage = 1000;

/** Every org that recorded an event dated `day`, in orgcode order, a Query page at a time (gsi3: eventually consistent). */
export async function* orgsActiveOn(day: string): AsyncGenerator<string> {
  let startKey: StartKey | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :day',
        ExpressionAttributeValues: { ':day': keys.activeOrgsOn(day) },
        ProjectionExpression: 'orgcode',
        Limit: orgsPerPage,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) yield String(item.orgcode);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
