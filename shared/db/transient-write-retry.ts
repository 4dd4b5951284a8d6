import { pause } from '../pause';
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';

/**
 * Cancellation reasons that say nothing about the items' conditions: another
 * transaction held an item, or the partition's throughput was exceeded. A
 * transaction cancelled only for these wrote nothing and may run again as it is.
 */
const transientReasons = new Set(['None', 'TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/** How a write that failed for a cause that passes is run again. */
export interface TransientRetryPolicy {
  /** Whether a failure changed nothing and may pass: only those are retried. */
  isTransient(error: unknown): boolean;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The pause before attempt n + 1 is drawn from 0 up to basePauseMs * 2^n, at most maxPauseMs (full jitter). */
  basePauseMs: number;
  maxPauseMs?: number;
  /** No pause ends later than this many ms after the first attempt started: past it the last error is the caller's. */
  withinMs?: number;
}

/** Every write's own retries, on the client: 6 attempts, with jittered pauses of at most ~1.6 s in all, well inside a route's deadline. */
const clientWriteRetries: TransientRetryPolicy = { isTransient: isTransientWriteFailure, maxAttempts: 6, basePauseMs: 25 };

/** Whether `error` is a write DynamoDB refused before it changed anything, for a cause that passes. */
export function isTransientWriteFailure(error: unknown): boolean {
  if (error instanceof TransactionConflictException) return true;
  if (!(error instanceof TransactionCanceledException)) return false;
  const reasons = error.CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code !== 'None') && reasons.every((reason) => transientReasons.has(reason.Code ?? 'None'));
}

/**
 * Runs a write again, with full-jitter exponential backoff, when DynamoDB
 * refused it for a transient cause the SDK does not retry: a transaction
 * cancelled for a conflict or for throttling (TransactWriteItems), or a single
 * write that met a transaction in flight (TransactionConflictException). Such a
 * write changed nothing, so running it again is safe; a cancellation that names
 * a failed condition is the domain's answer and is never retried. Past the
 * attempts the last error goes to the caller (the HTTP chain answers 429,
 * retryable). One mechanism for every write of the service, on the client.
 */
export function transientWriteRetry<Args, Output>(next: (args: Args) => Promise<Output>) {
  return (args: Args): Promise<Output> => retryingTransientFaults(() => next(args), clientWriteRetries);
}

/**
 * Runs `write` until it succeeds, fails for a cause `policy` does not retry,
 * or spends the policy's attempts or time; pauses between attempts grow
 * exponentially, each drawn at random below its bound, so writers refused
 * together do not come back together.
 */
export async function retryingTransientFaults<Output>(write: () => Promise<Output>, policy: TransientRetryPolicy): Promise<Output> {
  const givesUpAt = Date.now() + (policy.withinMs ?? Number.POSITIVE_INFINITY);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= policy.maxAttempts || !policy.isTransient(error)) throw error;
      const wait = Math.random() * Math.min(policy.basePauseMs * 2 ** attempt, policy.maxPauseMs ?? Number.POSITIVE_INFINITY);
      if (Date.now() + wait > givesUpAt) throw error;
      await pause(wait);
    }
  }
}
