import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError, RevisionConflictError } from '../domain/errors';
import { dynamo, tableName } from './client';
import type { ItemKey } from './keys';

export interface RevisionedUpdate {
  key: ItemKey;
  expectedRevision: number;
  /** Attributes to set; `revision` and `updated_at` are managed here. */
  set: Record<string, unknown>;
  now: Date;
}

/**
 * Changes a record only if its revision is still the one the caller read, and
 * bumps it by one. On a mismatch the stored item comes back with the failure
 * (ReturnValuesOnConditionCheckFailure), so the 409 names the current revision
 * without a second read.
 */
export async function updateRevisioned(update: RevisionedUpdate): Promise<Record<string, unknown>> {
  const names: Record<string, string> = { '#revision': 'revision', '#updated_at': 'updated_at' };
  const values: Record<string, unknown> = {
    ':expected': update.expectedRevision,
    ':one': 1,
    ':now': update.now.toISOString(),
  };
  const assignments = Object.entries(update.set).map(([attribute, value], index) => {
    names[`#a${index}`] = attribute;
    values[`:a${index}`] = value;
    return `#a${index} = :a${index}`;
  });
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: update.key,
        ConditionExpression: 'attribute_exists(pk) AND #revision = :expected',
        UpdateExpression: `SET ${[...assignments, '#updated_at = :now', '#revision = #revision + :one'].join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return Attributes ?? {};
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const current = error.Item?.revision;
    if (!current) throw new NotFoundError();
    const currentRevision = Number('N' in current ? current.N : Number.NaN);
    throw new RevisionConflictError(update.expectedRevision, currentRevision);
  }
}
