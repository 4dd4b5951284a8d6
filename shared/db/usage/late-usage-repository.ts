import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import * as keys from '../keys';
import { queryAll } from '../query-page';

/**
 * Past days that received meters late (docs/decisions.md: Usage rollups): a
 * delayed log batch (Lambda's async queue keeps one up to 6 hours, a redrive
 * up to 14 days) can add to a day the 01:00 rollup already summed. The meter
 * aggregator marks such an org-day once its meters are counted; the next daily
 * run rolls it up again and clears the mark, unless the day was marked again
 * meanwhile (each mark bumps `marks`, and the clear is conditional on the
 * count it read), so a mark is never cleared before what it announced is summed.
 */

/** An org-day waiting to be rolled up again, with the mark count read. */
export interface LateUsageDay {
  orgcode: string;
  dt: string;
  marks: number;
}

/** Marks the org's `dt` as having received meters at `now`, after the day's end. */
export async function markLateUsage(orgcode: string, dt: string, now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.lateUsageDay(orgcode, dt),
      UpdateExpression: 'SET record_type = :type, orgcode = :org, dt = :dt, gsi3pk = :queue, gsi3sk = :entry, last_marked_at = :now ADD marks :one',
      ExpressionAttributeValues: {
        ':type': 'late_usage_day',
        ':org': orgcode,
        ':dt': dt,
        ':queue': keys.lateUsageQueue,
        ':entry': `${dt}#${orgcode}`,
        ':now': now.toISOString(),
        ':one': 1,
      },
    }),
  );
}

/** Marked org-days read per run; the rest wait for the next. */
const lateDaysPerRun = 1000;

/** The marked org-days, oldest day first, at most a run's worth (gsi3: eventually consistent; a mark missed now is read next time). */
export async function lateUsageDays(): Promise<LateUsageDay[]> {
  const days: LateUsageDay[] = [];
  const marked = queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :queue',
    ExpressionAttributeValues: { ':queue': keys.lateUsageQueue },
    Limit: lateDaysPerRun,
  });
  for await (const item of marked) {
    days.push({ orgcode: String(item.orgcode), dt: String(item.dt), marks: Number(item.marks) });
    if (days.length >= lateDaysPerRun) break;
  }
  return days;
}

/** Clears a mark the run read before it summed the day, unless the day was marked again since. */
export async function clearLateUsage(day: LateUsageDay): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.lateUsageDay(day.orgcode, day.dt),
        ConditionExpression: 'marks = :seen',
        ExpressionAttributeValues: { ':seen': day.marks },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
