import { setTimeout as sleep } from 'node:timers/promises';
import { TransactionConflictError } from '../db/atomic-write';
import {
  type IdempotencyClaim,
  IdempotencyClaimLostError,
  findStoredResponse,
} from '../db/idempotency-repository';
import { IdempotencyKeyReusedError, ThrottledError } from '../domain/errors';

const maxAttempts = 5;

/**
 * Runs a create at most once per idempotency key. Same key and same body: the
 * stored `data` of the first call. Same key, other body: 422. When concurrent
 * calls race, the transaction lets exactly one record in; the losers read the
 * winner's stored response.
 */
export async function runIdempotently(
  claim: IdempotencyClaim,
  now: Date,
  execute: () => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const stored = await findStoredResponse(claim, now);
    if (stored) {
      if (stored.requestHash !== claim.requestHash) throw new IdempotencyKeyReusedError();
      return JSON.parse(stored.data) as Record<string, unknown>;
    }
    try {
      return await execute();
    } catch (error) {
      const lostRace = error instanceof IdempotencyClaimLostError || error instanceof TransactionConflictError;
      if (!lostRace) throw error;
      await sleep(Math.random() * 20 * attempt);
    }
  }
  throw new ThrottledError();
}
