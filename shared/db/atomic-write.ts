import {
  type CancellationReason,
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import type { ItemKey } from './keys';
import { conditionalPut } from './own-write';

interface Guard {
  condition?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
  /** The domain error to raise when `condition` does not hold. */
  onConditionFailed?: () => Error;
}

/** One item put by an all-or-nothing write, with the error its failed condition means. */
export interface GuardedPut extends Guard {
  item: Record<string, unknown>;
}

/** An UpdateItem's key and expression. */
export interface ItemUpdate {
  key: ItemKey;
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** One item updated by an all-or-nothing write. */
export interface GuardedUpdate extends Guard {
  update: ItemUpdate;
}

/** A condition on an item the write does not change (e.g. that another record is still absent). */
export interface GuardedCheck extends Guard {
  check: { key: ItemKey };
  condition: NonNullable<Guard['condition']>;
}

/** One item deleted by an all-or-nothing write. */
export interface GuardedDelete extends Guard {
  delete: { key: ItemKey };
}

export type GuardedWrite = GuardedPut | GuardedUpdate | GuardedCheck | GuardedDelete;

/** Another transaction held one of the items; the whole write may be retried. */
export class TransactionConflictError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('A concurrent transaction touched the same items', options);
    this.name = 'TransactionConflictError';
  }
}

/** The TransactWriteItems entry of one write. */
export function transactItem(write: GuardedWrite) {
  const names = { ...('update' in write ? write.update.names : {}), ...write.condition?.names };
  const values = { ...('update' in write ? write.update.values : {}), ...write.condition?.values };
  const guard = {
    TableName: tableName(),
    ConditionExpression: write.condition?.expression,
    ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
    ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
  };
  if ('item' in write) return { Put: { ...guard, Item: write.item } };
  if ('check' in write) return { ConditionCheck: { ...guard, Key: write.check.key, ConditionExpression: write.condition.expression } };
  if ('delete' in write) return { Delete: { ...guard, Key: write.delete.key } };
  return { Update: { ...guard, Key: write.update.key, UpdateExpression: write.update.expression } };
}

/**
 * Writes every item or none (one PutItem or UpdateItem when there is a single
 * item, else one TransactWriteItems), and turns a failed condition into the
 * domain error of the first item whose condition failed, in the order given.
 */
export async function writeAtomically(writes: GuardedWrite[]): Promise<void> {
  if (writes.length === 1) return writeOne(writes[0] as GuardedWrite);
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: writes.map(transactItem) }));
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    throw conditionFailure(writes, reasons) ?? (heldByAnother(reasons) ? new TransactionConflictError({ cause: error }) : error);
  }
}

/** The domain error of the first write, in the order given, whose condition failed (if it names one). */
export function conditionFailure(writes: GuardedWrite[], reasons: CancellationReason[]): Error | undefined {
  const failed = writes.find((_write, index) => reasons[index]?.Code === 'ConditionalCheckFailed');
  return failed?.onConditionFailed?.();
}

/** Whether another transaction held one of the items: then the same write may succeed now. */
export function heldByAnother(reasons: CancellationReason[]): boolean {
  return reasons.some((reason) => reason.Code === 'TransactionConflict');
}

async function writeOne(write: GuardedWrite): Promise<void> {
  // A lone check changes nothing: it only matters beside another write.
  if ('check' in write) return;
  const { Put, Update, Delete } = transactItem(write);
  try {
    if (Put?.ConditionExpression) await conditionalPut({ ...Put, ConditionExpression: Put.ConditionExpression });
    else if (Put) await dynamo().send(new PutCommand(Put));
    else if (Update) await dynamo().send(new UpdateCommand(Update));
    else if (Delete) await dynamo().send(new DeleteCommand(Delete));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException && write.onConditionFailed) throw write.onConditionFailed();
    throw error;
  }
}
