import { ConditionalCheckFailedException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo, tableName } from './client';
import type { GuardedPut } from './atomic-write';
import * as keys from './keys';
import { type ConditionalPutInput, conditionalPut } from './own-write';

/** Spec Limits: idempotency retention. */
export const idempotencyRetentionSeconds = 24 * 60 * 60;

/**
 * How much longer than its route may run an in-progress claim holds its key,
 * so only a call that died mid-way leaves one to be taken over, never one that
 * is still writing.
 */
const leaseMarginMs = 5_000;

/** How long a claim on a route whose function runs at most `timeoutSeconds` holds its key. */
export const inProgressLeaseMs = (timeoutSeconds: number): number => timeoutSeconds * 1000 + leaseMarginMs;

/** A request's claim on its idempotency key: scope (org, route, key), body hash, and who holds it. */
export interface IdempotencyClaim {
  orgcode: string;
  route: string;
  key: string;
  requestHash: string;
  /** The request holding the claim while it runs (its request id). */
  holder: string;
  /** How long the claim holds the key while the request runs: past the route's timeout (inProgressLeaseMs). */
  leaseMs: number;
}

/** What a key holds: a call still running, or the stored response of a finished one. */
export type KeyState =
  | { state: 'in_progress'; requestHash: string }
  | {
      state: 'completed';
      requestHash: string;
      /** The response `data` exactly as first serialised. */
      data: string;
    };

/** Another request with the same key holds or finished it: see what it left. */
export class IdempotencyClaimLostError extends Error {
  constructor() {
    super('The idempotency key was claimed by a concurrent request');
    this.name = 'IdempotencyClaimLostError';
  }
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A record past its retention (TTL deletion lags) or an abandoned claim counts as absent. */
function stateOf(item: Record<string, unknown> | undefined, now: Date): KeyState | undefined {
  if (!item || Number(item.expires_at_epoch) <= epochSeconds(now)) return undefined;
  const requestHash = String(item.request_hash);
  if (item.status !== 'in_progress') {
    return { state: 'completed', requestHash, data: String(item.response_data) };
  }
  return Number(item.lease_until_ms) <= now.getTime() ? undefined : { state: 'in_progress', requestHash };
}

/** Consistent read of the key: running, finished, or free. */
export async function readKeyState(claim: IdempotencyClaim, now: Date): Promise<KeyState | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.idempotency(claim.orgcode, claim.route, claim.key),
      ConsistentRead: true,
    }),
  );
  return stateOf(Item, now);
}

/** The conditional put that takes a free (or abandoned) key for a request. */
export function keyClaimRequest(claim: IdempotencyClaim, now: Date): ConditionalPutInput {
  return {
    TableName: tableName(),
    Item: {
      ...keys.idempotency(claim.orgcode, claim.route, claim.key),
      record_type: 'idempotency',
      status: 'in_progress',
      holder: claim.holder,
      request_hash: claim.requestHash,
      lease_until_ms: now.getTime() + claim.leaseMs,
      expires_at_epoch: epochSeconds(now) + idempotencyRetentionSeconds,
    },
    ConditionExpression:
      'attribute_not_exists(pk) OR expires_at_epoch <= :now OR (#status = :inProgress AND lease_until_ms <= :nowMs)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':now': epochSeconds(now), ':nowMs': now.getTime(), ':inProgress': 'in_progress' },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  };
}

/**
 * Takes the key for this request before it runs (a conditional put, like AWS
 * Powertools' idempotency layer), so a twin arriving meanwhile waits for the
 * response instead of running into the first call's effect. Answers what the
 * key holds when it is taken, read from the failed put itself.
 */
export async function claimKey(claim: IdempotencyClaim, now: Date): Promise<KeyState | undefined> {
  try {
    await conditionalPut(keyClaimRequest(claim, now));
    return undefined;
  } catch (error) {
    // The first call's transaction still writing the key, past the client's retries: the key is held.
    if (error instanceof TransactionConflictException) return { state: 'in_progress', requestHash: claim.requestHash };
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // Held when the condition was checked, though it may have lapsed since: then run again.
    return stateOf(error.Item && unmarshall(error.Item), now) ?? { state: 'in_progress', requestHash: claim.requestHash };
  }
}

/** Frees the key after the call failed without effect, so a retry with the same key runs again. */
export async function releaseKey(claim: IdempotencyClaim): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.idempotency(claim.orgcode, claim.route, claim.key),
        ConditionExpression: '#status = :inProgress AND holder = :holder',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':inProgress': 'in_progress', ':holder': claim.holder },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * The stored response, written in the same transaction as the record the call
 * creates, so neither can exist without the other. It replaces this request's
 * own claim; if the claim lapsed and another request took the key, the write
 * fails and the call answers with what that one leaves.
 */
export function idempotencyRecordPut(claim: IdempotencyClaim, data: unknown, now: Date): GuardedPut {
  return {
    item: {
      ...keys.idempotency(claim.orgcode, claim.route, claim.key),
      record_type: 'idempotency',
      status: 'completed',
      request_hash: claim.requestHash,
      response_data: JSON.stringify(data),
      created_at: now.toISOString(),
      expires_at_epoch: epochSeconds(now) + idempotencyRetentionSeconds,
    },
    condition: {
      expression: '#status = :inProgress AND holder = :holder',
      names: { '#status': 'status' },
      values: { ':inProgress': 'in_progress', ':holder': claim.holder },
    },
    onConditionFailed: () => new IdempotencyClaimLostError(),
  };
}
