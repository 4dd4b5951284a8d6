import { pause } from '../pause';
import { TransactionConflictError } from '../db/atomic-write';
import {
  type IdempotencyClaim,
  IdempotencyClaimLostError,
  type KeyState,
  claimKey,
  readKeyState,
  releaseKey,
} from '../db/idempotency-repository';
import { IdempotencyInProgressError, IdempotencyKeyReusedError } from '../domain/errors';

/**
 * How long a twin waits for the call holding its key: within a route's 10 s,
 * and long enough for any call that is not stuck to finish.
 */
export const twinWaitMs = 6_000;

const firstPollMs = 25;
const maxPollMs = 400;
const maxConflictAttempts = 5;

/**
 * Runs the call while holding its key. A transaction that met another one on
 * the same items is run again; any other failure frees the key, unless the
 * key was lost to another request, whose outcome the caller then reads.
 */
async function runHoldingKey(
  claim: IdempotencyClaim,
  execute: () => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await execute();
    } catch (error) {
      if (error instanceof TransactionConflictError && attempt < maxConflictAttempts) {
        await pause(Math.random() * 20 * attempt);
        continue;
      }
      if (!(error instanceof IdempotencyClaimLostError)) await releaseKey(claim);
      throw error;
    }
  }
}

export interface IdempotentOutcome {
  data: Record<string, unknown>;
  /** The stored response of an earlier call with the key: this call changed nothing. */
  replayed: boolean;
}

/**
 * Runs a call at most once per idempotency key (spec Limits: organisation,
 * route and key). The call first takes the key; a twin (same key, same body)
 * that finds it taken never runs, and so never sees the first call's effect
 * as a conflict: it answers with the stored `data` of the first call, waiting
 * for it up to twinWaitMs, past which it is a retryable 409
 * `idempotency_in_progress`. Same key with another body: 422. A call that
 * fails frees the key, so its retry runs afresh.
 */
export async function runIdempotently(
  claim: IdempotencyClaim,
  receivedAt: Date,
  execute: () => Promise<Record<string, unknown>>,
): Promise<IdempotentOutcome> {
  const deadline = receivedAt.getTime() + twinWaitMs;
  let pollMs = firstPollMs;
  let state: KeyState | undefined = await claimKey(claim, new Date());
  for (;;) {
    if (!state) {
      try {
        return { data: await runHoldingKey(claim, execute), replayed: false };
      } catch (error) {
        if (!(error instanceof IdempotencyClaimLostError)) throw error;
      }
    } else {
      if (state.requestHash !== claim.requestHash) throw new IdempotencyKeyReusedError();
      if (state.state === 'completed') return { data: JSON.parse(state.data) as Record<string, unknown>, replayed: true };
      if (Date.now() + pollMs > deadline) throw new IdempotencyInProgressError();
      await pause(pollMs);
      pollMs = Math.min(maxPollMs, pollMs * 2);
    }
    state = (await readKeyState(claim, new Date())) ?? (await claimKey(claim, new Date()));
  }
}
