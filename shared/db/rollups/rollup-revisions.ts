import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../client';
import type { ItemKey } from '../keys';
import { queryAll } from '../query-page';

/**
 * How a daily rollup rewrites an organisation's day in place
 * (docs/decisions.md: Financial rollups, Usage rollups). The day is one
 * partition: a run header and one record per thing the day is broken down by,
 * under the same keys on every run. A run first claims the day's next
 * revision; a record is written only over an older revision; what the run did
 * not write is then deleted. So a re-run bumps every record, leaves no
 * duplicate and removes what the day no longer has, and of two runs at once
 * the later claim wins, record by record.
 */

/** The day's run header: which run claimed its latest revision, and when. */
export interface RunClaim {
  /** The header's key, in the day's partition. */
  key: ItemKey;
  /** The header's record type, e.g. `financial_rollup_run`. */
  recordType: string;
  orgcode: string;
  dt: string;
  runId: string;
  now: Date;
}

/** Claims the day's next revision for the run: 1 for the first run, then one more per run. */
export async function claimRollupRevision(claim: RunClaim): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: claim.key,
      UpdateExpression: 'SET record_type = :type, orgcode = :orgcode, dt = :dt, run_id = :run, claimed_at = :now ADD revision :one',
      ExpressionAttributeValues: {
        ':type': claim.recordType,
        ':orgcode': claim.orgcode,
        ':dt': claim.dt,
        ':run': claim.runId,
        ':now': claim.now.toISOString(),
        ':one': 1,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.revision);
}

/**
 * Writes a record's attributes (its `revision` the run's claim, its
 * `updated_at` this run's time) over an older revision of it, keeping when it
 * was first created. False when a later run wrote it first.
 */
export async function saveRollupRecord(
  key: ItemKey,
  attributes: Record<string, unknown> & { revision: number; updated_at: string },
): Promise<boolean> {
  const names = Object.fromEntries(Object.keys(attributes).map((name, index) => [`#a${index}`, name]));
  const values = Object.fromEntries(Object.values(attributes).map((value, index) => [`:a${index}`, value]));
  const assignments = Object.keys(names).map((placeholder, index) => `${placeholder} = :a${index}`);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET ${assignments.join(', ')}, #created = if_not_exists(#created, :updated)`,
        ConditionExpression: 'attribute_not_exists(pk) OR #revision < :revision',
        ExpressionAttributeNames: { ...names, '#created': 'created_at', '#revision': 'revision' },
        ExpressionAttributeValues: { ...values, ':updated': attributes.updated_at, ':revision': attributes.revision },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Deletes the day's records of `recordType` older than `revision`: what the
 * run at `revision` no longer has. Returns how many.
 */
export async function removeRollupRecordsBefore(partition: string, recordType: string, revision: number): Promise<number> {
  let removed = 0;
  const stale = queryAll({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'record_type = :type AND revision < :revision',
    ExpressionAttributeValues: { ':pk': partition, ':type': recordType, ':revision': revision },
    ProjectionExpression: 'pk, sk',
    // A table partition: a record written a moment ago by this run is seen, so never taken for a stale one.
    ConsistentRead: true,
  });
  for await (const item of stale) {
    try {
      await dynamo().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          // A later run may have rewritten it meanwhile: then it is that run's to keep.
          ConditionExpression: 'revision < :revision',
          ExpressionAttributeValues: { ':revision': revision },
        }),
      );
      removed += 1;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return removed;
}
