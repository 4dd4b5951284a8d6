import { TransactionConflictError } from '../db/atomic-write';
import { isTransientWriteFailure } from '../db/transient-write-retry';
import { AccountingError, ThrottledError } from '../domain/errors';

/** Attempts of one build (claims of its work) before it is failed rather than tried again. */
export const maxBuildAttempts = 5;

/** After a transient fault, the build is retried this long after, doubling each attempt (1, 2, 4, 8 minutes). */
const firstRetryDelayMs = 60_000;

/**
 * Error names of faults that pass: throttling that outlived the SDK's own
 * retries (DynamoDB, S3's 503 SlowDown), a server-side error or a timeout
 * (the SDK's classification, @smithy service-error-classification).
 */
const transientNames = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'InternalServerError',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);
const transientStatusCodes = new Set([429, 500, 502, 503, 504]);
const transientNetworkCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);

/** Whether a build failed for a cause that passes: it is tried again later instead of failed. */
export function isTransientFault(error: unknown): boolean {
  // The repositories' own words for the same causes: a conflict or throttling past the write retries, a read's unprocessed keys.
  if (isTransientWriteFailure(error) || error instanceof TransactionConflictError || error instanceof ThrottledError) return true;
  const fault = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return (
    transientNames.has(fault?.name ?? '') ||
    transientStatusCodes.has(fault?.$metadata?.httpStatusCode ?? 0) ||
    transientNetworkCodes.has(fault?.code ?? '')
  );
}

/** When a build whose attempt `attempt` met a transient fault is tried again. */
export function retryAt(attempt: number, now: Date): Date {
  return new Date(now.getTime() + firstRetryDelayMs * 2 ** (attempt - 1));
}

/** A build that did not finish in `maxBuildAttempts` attempts: crashed, timed out, or kept meeting transient faults. */
export class AbandonedBuildError extends Error {
  constructor(attempts: number, lastFault?: string) {
    super(
      `build_abandoned: ${attempts} attempts did not finish` +
        (lastFault ? ` (the last met a transient fault: ${lastFault})` : " within the worker's time limit"),
    );
    this.name = 'AbandonedBuildError';
  }
}

/** The reason stored on a failed build: ours in full, an unexpected one without internals (logged in full). */
export function failureReason(error: unknown, kind: string, id: string): string {
  if (error instanceof AbandonedBuildError || error instanceof AccountingError) return error.message;
  console.error(JSON.stringify({ level: 'error', message: `${kind} build failed`, id, error: String(error), stack: (error as Error)?.stack }));
  return 'internal: the files could not be written; see the service logs';
}
