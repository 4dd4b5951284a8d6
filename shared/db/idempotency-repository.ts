import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import type { GuardedPut } from './atomic-write';
import { keys } from './keys';

/** Spec Limits: idempotency retention. */
export const idempotencyRetentionSeconds = 24 * 60 * 60;

/** A request's claim on its idempotency key: scope (org, route, key) and body hash. */
export interface IdempotencyClaim {
  orgcode: string;
  route: string;
  key: string;
  requestHash: string;
}

export interface StoredResponse {
  requestHash: string;
  /** The response `data` exactly as first serialised. */
  data: string;
}

/** Another request with the same key won the race: re-read its stored response. */
export class IdempotencyClaimLostError extends Error {
  constructor() {
    super('The idempotency key was claimed by a concurrent request');
    this.name = 'IdempotencyClaimLostError';
  }
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Consistent read; an expired record (TTL deletion lags) counts as absent. */
export async function findStoredResponse(claim: IdempotencyClaim, now: Date): Promise<StoredResponse | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.idempotency(claim.orgcode, claim.route, claim.key),
      ConsistentRead: true,
    }),
  );
  if (!Item || Number(Item.expires_at_epoch) <= epochSeconds(now)) return undefined;
  return { requestHash: String(Item.request_hash), data: String(Item.response_data) };
}

/**
 * The idempotency record to write in the same transaction as the record it
 * creates, so neither can exist without the other.
 */
export function idempotencyRecordPut(claim: IdempotencyClaim, data: unknown, now: Date): GuardedPut {
  return {
    item: {
      ...keys.idempotency(claim.orgcode, claim.route, claim.key),
      record_type: 'idempotency',
      request_hash: claim.requestHash,
      response_data: JSON.stringify(data),
      created_at: now.toISOString(),
      expires_at_epoch: epochSeconds(now) + idempotencyRetentionSeconds,
    },
    condition: {
      expression: 'attribute_not_exists(pk) OR expires_at_epoch <= :now',
      values: { ':now': epochSeconds(now) },
    },
    onConditionFailed: () => new IdempotencyClaimLostError(),
  };
}
