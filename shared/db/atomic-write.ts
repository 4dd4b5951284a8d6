import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';

/** One item of an all-or-nothing write, with the error its failed condition means. */
export interface GuardedPut {
  item: Record<string, unknown>;
  condition?: { expression: string; values?: Record<string, unknown> };
  /** The domain error to raise when `condition` does not hold. */
  onConditionFailed?: () => Error;
}

/** Another transaction held one of the items; the whole write may be retried. */
export class TransactionConflictError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('A concurrent transaction touched the same items', options);
    this.name = 'TransactionConflictError';
  }
}

/**
 * Writes every item or none (one PutItem when there is a single item, else one
 * TransactWriteItems), and turns a failed condition into the domain error of the
 * first item whose condition failed, in the order given.
 */
export async function writeAtomically(puts: GuardedPut[]): Promise<void> {
  if (puts.length === 1) return putOne(puts[0] as GuardedPut);
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: puts.map((put) => ({
          Put: {
            TableName: tableName(),
            Item: put.item,
            ConditionExpression: put.condition?.expression,
            ExpressionAttributeValues: put.condition?.values,
          },
        })),
      }),
    );
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    const failed = puts.find((_put, index) => reasons[index]?.Code === 'ConditionalCheckFailed');
    if (failed?.onConditionFailed) throw failed.onConditionFailed();
    if (reasons.some((reason) => reason.Code === 'TransactionConflict')) {
      throw new TransactionConflictError({ cause: error });
    }
    throw error;
  }
}

async function putOne(put: GuardedPut): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: put.item,
        ConditionExpression: put.condition?.expression,
        ExpressionAttributeValues: put.condition?.values,
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException && put.onConditionFailed) throw put.onConditionFailed();
    throw error;
  }
}
