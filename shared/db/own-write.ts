import { isDeepStrictEqual } from 'node:util';
import { type AttributeValue, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type PutCommandInput, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo } from './client';

export type ConditionalPutInput = PutCommandInput & { ConditionExpression: string };
export type ConditionalUpdateInput = UpdateCommandInput & { ConditionExpression: string };

/** What an update leaves on its item: attributes it sets, to these values, and attributes it removes. */
export interface UpdateOutcome {
  set: Record<string, unknown>;
  removed: readonly string[];
}

/**
 * A lone conditional PutItem that recognises its own write. When DynamoDB
 * commits a put but its answer is lost (a reset connection, a timeout), the
 * SDK sends the same request again; the item is then there and the put fails
 * its own condition, so the caller would be told its write was someone else's
 * (409 `duplicate_id` on /event/record). The put asks for the item its
 * condition failed on (`ALL_OLD`), and when that is exactly the item it wrote,
 * it succeeded: the stored state is the one the caller asked for.
 *
 * A transaction needs none of this: the SDK gives TransactWriteItems one
 * ClientRequestToken for all its attempts, and DynamoDB answers a repeat of it
 * as the first. Every lone conditional put of shared/db goes through here, and
 * every lone conditional update through conditionalUpdate.
 *
 * Throws the ConditionalCheckFailedException (with the stored item) when the
 * item is another's, as a plain put would.
 */
export async function conditionalPut(input: ConditionalPutInput): Promise<void> {
  try {
    await dynamo().send(new PutCommand({ ...input, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException && error.Item && isOwnWrite(error.Item, input.Item ?? {})) return;
    throw error;
  }
}

/**
 * Whether the stored item is the very item a put sent, both read as DynamoDB
 * holds them (numbers by value, undefined attributes dropped as the document
 * client drops them). Another call's item differs in what that call stamped
 * on it (its time, its holder); one equal in every attribute leaves the state
 * this caller asked for, so it is answered as its own.
 */
export function isOwnWrite(stored: Record<string, AttributeValue>, written: Record<string, unknown>): boolean {
  return isDeepStrictEqual(unmarshall(stored), unmarshall(marshall(written, { removeUndefinedValues: true })));
}

/**
 * A lone conditional UpdateItem that recognises its own write, as
 * conditionalPut does for a put. A revisioned update is conditional on the
 * revision it read; once committed, the SDK's retry after a lost answer meets
 * revision + 1 and fails, and the caller would be told 409 `conflict_revision`
 * about its own change. The update asks for the item its condition failed on
 * (`ALL_OLD`), and when that item shows exactly what this update leaves
 * (`outcome`: the next revision and this call's `updated_at` among what it
 * sets, and none of what it removes), it succeeded.
 *
 * Returns the item as stored (`ALL_NEW`). Throws the
 * ConditionalCheckFailedException (with the stored item) when the item shows
 * anything else, as a plain update would.
 */
export async function conditionalUpdate(input: ConditionalUpdateInput, outcome: UpdateOutcome): Promise<Record<string, unknown>> {
  try {
    const { Attributes } = await dynamo().send(new UpdateCommand({ ...input, ReturnValues: 'ALL_NEW', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
    return Attributes ?? {};
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException && error.Item && showsOwnUpdate(error.Item, outcome)) return unmarshall(error.Item);
    throw error;
  }
}

/**
 * Whether the stored item shows every attribute an update sets, with the
 * value it set (read as DynamoDB holds them, as isOwnWrite reads them), and
 * none it removes. Another call's change differs in what it stamped (its
 * instant, to the millisecond); one equal in all of these left the state this
 * caller asked for, so it is answered as its own.
 */
export function showsOwnUpdate(stored: Record<string, AttributeValue>, outcome: UpdateOutcome): boolean {
  const item = unmarshall(stored);
  const set = unmarshall(marshall(outcome.set, { removeUndefinedValues: true }));
  return (
    Object.entries(set).every(([attribute, value]) => isDeepStrictEqual(item[attribute], value)) &&
    outcome.removed.every((attribute) => !(attribute in item))
  );
}
