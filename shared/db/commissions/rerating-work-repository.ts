import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { newId } from '../../domain/identifiers';
import { dynamo, tableName } from '../client';
import * as keys from '../keys';
import { type ReadEntry, findDueEntries } from '../work-queue';

/**
 * A re-rating left for the sweep (docs/decisions.md: Commissions, re-rating):
 * the open commissions of a rule's windows whose ids sort after `after` are
 * still to rate. One item per organisation and rule: a later change of the
 * rule queues a re-rating from the start over it, which covers the earlier
 * one. `work_id` tells one queuing from the next, so finishing an earlier one
 * never removes a later one.
 */
export interface ReratingWork {
  orgcode: string;
  rule_id: string;
  actor: string;
  /** The last commission id rated; absent: none yet. */
  after?: string;
  work_id: string;
}

/** Queues the rest of a re-rating, due at `dueAt` (a plain put: the newest queuing wins). */
export async function queueRerating(work: Omit<ReratingWork, 'work_id'>, dueAt: Date): Promise<void> {
  const workId = newId('rrw', dueAt);
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.reratingWork(work.orgcode, work.rule_id),
        record_type: 'rerating_work',
        ...work,
        work_id: workId,
        gsi3pk: keys.reratingWorkQueue,
        gsi3sk: keys.queueEntry(dueAt.toISOString(), work.orgcode, `${work.rule_id}#${workId}`),
      },
    }),
  );
}

/** Re-ratings due at `now`, earliest first, with the entries they were read from (what taking one is fenced on). */
export async function dueReratings(now: Date, limit: number): Promise<Array<ReadEntry & ReratingWork>> {
  return (await findDueEntries(keys.reratingWorkQueue, now, limit)) as unknown as Array<ReadEntry & ReratingWork>;
}

/** Removes a finished re-rating, unless it was queued again since (a later change of the rule, or a later hand-over). */
export async function finishRerating(work: ReratingWork): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.reratingWork(work.orgcode, work.rule_id),
        ConditionExpression: 'work_id = :work',
        ExpressionAttributeValues: { ':work': work.work_id },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
