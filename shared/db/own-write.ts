import { isDeepStrictEqual } from 'node:util';
import { type AttributeValue, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo } from './client';

export type ConditionalPutInput = PutCommandInput & { ConditionExpression: string };

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
 * as the first. Every lone conditional put of shared/db goes through here.
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
