import {
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
} from '@aws-sdk/client-dynamodb';
import { AccountingError, InternalError, ThrottledError } from '../domain/errors';
import { TransactionConflictError } from '../db/atomic-write';
import { isTransientWriteFailure } from '../db/transient-write-retry';

/**
 * The one place where any thrown value becomes an AccountingError. DynamoDB
 * throughput errors and transaction conflicts or throttling that outlived the
 * retries (the SDK's, and transientWriteRetry's) are `throttled` (429,
 * retryable); anything unexpected is a 500 that says nothing internal.
 */
export function toAccountingError(error: unknown): AccountingError {
  if (error instanceof AccountingError) return error;
  if (
    error instanceof ProvisionedThroughputExceededException ||
    error instanceof ThrottlingException ||
    error instanceof RequestLimitExceeded ||
    error instanceof TransactionConflictError ||
    isTransientWriteFailure(error)
  ) {
    return new ThrottledError(error);
  }
  return new InternalError(error);
}
