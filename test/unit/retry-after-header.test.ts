import { DeadlineExceededError, NotFoundError, OrgRateLimitedError, ThrottledError } from '../../shared/domain/errors';
import { errorHeaders } from '../../shared/http/envelope';

describe('Retry-After on the error answers', () => {
  it('is on 429 and 503 in whole seconds: the rate limit\'s retry_after_ms rounded up, else 1', () => {
    const headers = [new OrgRateLimitedError(50), new OrgRateLimitedError(1_000), new OrgRateLimitedError(2_001), new ThrottledError(), new DeadlineExceededError()].map(errorHeaders);

    expect(headers).toEqual([{ 'retry-after': '1' }, { 'retry-after': '1' }, { 'retry-after': '3' }, { 'retry-after': '1' }, { 'retry-after': '1' }]);
  });

  it('is on no other answer', () => {
    expect(errorHeaders(new NotFoundError('no such event'))).toEqual({});
  });
});
