import { setTimeout as sleep } from 'node:timers/promises';
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';

/**
 * Cancellation reasons that say nothing about the items' conditions: another
 * transaction held an item, or the partition's throughput was exceeded. A
 * transaction cancelled only for these wrote nothing and may run again as it is.
 */
const transientReasons = new Set(['None', 'TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/** Attempts of one write, with jittered pauses of at most ~2.5 s in all: well inside a route's deadline. */
const maxAttempts = 6;
const basePauseMs = 25;

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
  return async (args: Args): Promise<Output> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await next(args);
      } catch (error) {
        if (attempt >= maxAttempts || !isTransientWriteFailure(error)) throw error;
        await sleep(Math.random() * basePauseMs * 2 ** attempt);
      }
    }
  };
}
