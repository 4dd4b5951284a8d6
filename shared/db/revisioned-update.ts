import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { NotFoundError, RevisionConflictError } from '../domain/errors';
import { TransactionConflictError } from './atomic-write';
import { dynamo, tableName } from './client';
import type { ItemKey } from './keys';

/** An UpdateItem written in the same transaction as a revisioned change (e.g. a usage meter). */
export interface CompanionUpdate {
  key: ItemKey;
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

export interface RevisionedUpdate {
  key: ItemKey;
  expectedRevision: number;
  /** Attributes to set; `revision` and `updated_at` are managed here. */
  set: Record<string, unknown>;
  /** Attributes to remove (e.g. a work-queue entry that no longer applies). */
  remove?: string[];
  /** The change is a status move: allowed only from these statuses, else `invalid(current)`. */
  statusMove?: { from: readonly string[]; invalid: (current: string) => Error };
  /** Written atomically with the change, only if it applies. */
  companions?: CompanionUpdate[];
  now: Date;
}

/**
 * Changes a record only if its revision is still the one the caller read (and,
 * for a status move, its status is one the move starts from), and bumps the
 * revision by one. A failure is classified from the stored item: missing is
 * 404, another revision 409 conflict (naming the current one), another status
 * 409 invalid-state. The revision is judged first: a caller holding a stale
 * copy must re-read before anything else it concludes is meaningful.
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
  const removals = (update.remove ?? []).map((attribute, index) => {
    names[`#r${index}`] = attribute;
    return `#r${index}`;
  });
  let condition = 'attribute_exists(pk) AND #revision = :expected';
  if (update.statusMove) {
    const sources = update.statusMove.from.map((status, index) => {
      values[`:from${index}`] = status;
      return `:from${index}`;
    });
    if (sources.length) names['#status'] = 'status';
    // An empty list means no status can make the move: the condition can never hold.
    condition += sources.length ? ` AND #status IN (${sources.join(', ')})` : ' AND attribute_not_exists(pk)';
  }
  const expression =
    `SET ${[...assignments, '#updated_at = :now', '#revision = #revision + :one'].join(', ')}` +
    (removals.length ? ` REMOVE ${removals.join(', ')}` : '');
  const change = {
    TableName: tableName(),
    Key: update.key,
    ConditionExpression: condition,
    UpdateExpression: expression,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };

  try {
    if (!update.companions?.length) {
      const { Attributes } = await dynamo().send(
        new UpdateCommand({ ...change, ReturnValues: 'ALL_NEW', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
      );
      return Attributes ?? {};
    }
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: { ...change, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
          ...update.companions.map((companion) => ({
            Update: {
              TableName: tableName(),
              Key: companion.key,
              UpdateExpression: companion.expression,
              ExpressionAttributeNames: companion.names,
              ExpressionAttributeValues: companion.values,
            },
          })),
        ],
      }),
    );
    return await readCurrent(update.key);
  } catch (error) {
    throw await classifyFailure(error, update);
  }
}

async function readCurrent(key: ItemKey): Promise<Record<string, unknown>> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ?? {};
}

async function classifyFailure(error: unknown, update: RevisionedUpdate): Promise<unknown> {
  let stored: Record<string, unknown> | undefined;
  if (error instanceof ConditionalCheckFailedException) {
    stored = error.Item ? unmarshall(error.Item) : {};
  } else if (error instanceof TransactionCanceledException) {
    const reasons = error.CancellationReasons ?? [];
    if (reasons[0]?.Code !== 'ConditionalCheckFailed') {
      return reasons.some((reason) => reason.Code === 'TransactionConflict')
        ? new TransactionConflictError({ cause: error })
        : error;
    }
    const returned = reasons[0].Item;
    stored = returned ? unmarshall(returned) : await readCurrent(update.key);
  } else {
    return error;
  }
  if (stored.revision === undefined) return new NotFoundError();
  const currentRevision = Number(stored.revision);
  if (currentRevision !== update.expectedRevision) {
    return new RevisionConflictError(update.expectedRevision, currentRevision);
  }
  return update.statusMove ? update.statusMove.invalid(String(stored.status)) : error;
}
