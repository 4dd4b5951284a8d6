import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactionConflictError } from '../../shared/db/atomic-write';
import { ThrottledError, ValidationError } from '../../shared/domain/errors';
import { isTransientFault } from '../../shared/exports/build-faults';

const named = (name: string, httpStatusCode?: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });

describe('an export build fault', () => {
  it.each([
    ['a transaction cancelled for throttling past the write retries', new TransactionCanceledException({ message: 'x', $metadata: {}, CancellationReasons: [{ Code: 'ThrottlingError' }] })],
    ["a conflict past the write retries, in the repositories' words (TransactionConflictError)", new TransactionConflictError()],
    ["a read's keys left unprocessed round after round (ThrottledError)", new ThrottledError()],
    ["S3's 503 SlowDown", named('SlowDown', 503)],
    ['DynamoDB throughput exceeded', named('ProvisionedThroughputExceededException', 400)],
  ])('passes, and the build is tried again: %s', (_case, error) => {
    expect(isTransientFault(error)).toBe(true);
  });

  it.each([
    ['S3 access denied', named('AccessDenied', 403)],
    ['a record that does not validate', new ValidationError([{ path: 'x', message: 'bad' }])],
    ['a plain bug', new TypeError('undefined is not a function')],
  ])('is permanent, and the build fails: %s', (_case, error) => {
    expect(isTransientFault(error)).toBe(false);
  });
});
