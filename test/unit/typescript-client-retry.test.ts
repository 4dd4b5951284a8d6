import { AccountingError, AccountingNetworkError, UnexpectedAnswerError } from '../../clients/typescript/src';
import { type RetryPolicy, answerHintMs, retryDelayMs, sendsAgain } from '../../clients/typescript/src/retry';

const policy: RetryPolicy = { budgetMs: 20_000, baseDelayMs: 200, maxDelayMs: 1_000 };

describe("the TypeScript client's retries", () => {
  it('sends again an answer of the service marked retryable and API Gateway\'s 429; what may have been carried out only with an idempotency key', () => {
    const envelope = (http_status: number, retryable: boolean) => new AccountingError('/accounting/x', { http_status, retryable, error_code: 'accounting.x', major: { tag: 'conflict' } } as never);
    const bare = (status: number) => new UnexpectedAnswerError('/accounting/x', status, '{"message":"…"}');
    const noAnswer = new AccountingNetworkError('/accounting/x', new TypeError('fetch failed'));
    const sent = (keyed: boolean) => [envelope(409, true), envelope(429, true), envelope(503, true), bare(429), bare(500), bare(503), noAnswer, envelope(409, false), envelope(400, false), bare(404), bare(413)].map((failure) => sendsAgain(failure, keyed));

    expect(sent(false)).toEqual([true, true, true, true, false, false, false, false, false, false, false]);
    expect(sent(true)).toEqual([true, true, true, true, true, true, true, false, false, false, false]);
  });

  it('draws a full-jitter pause that doubles with each retry up to the maximum, after the hint', () => {
    const longest = (retry: number) => retryDelayMs(retry, undefined, policy, () => 0.999_999);

    expect([1, 2, 3, 4, 5].map(longest)).toEqual([199, 399, 799, 999, 999]);
    expect(retryDelayMs(3, undefined, policy, () => 0)).toBe(0);
    expect(retryDelayMs(2, undefined, policy, () => 0.5)).toBe(200);
    expect(retryDelayMs(2, 1_500, policy, () => 0.5)).toBe(1_700);
  });

  it('takes the hint from details.retry_after_ms over Retry-After, in seconds or as a date', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');

    expect(answerHintMs(250, '1', now)).toBe(250);
    expect(answerHintMs(undefined, '3', now)).toBe(3_000);
    expect(answerHintMs(undefined, 'Fri, 20 Nov 2026 10:00:02 GMT', now)).toBe(2_000);
    expect(answerHintMs(undefined, 'Fri, 20 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect([answerHintMs(undefined, 'soon', now), answerHintMs(undefined, null, now), answerHintMs('250', null, now), answerHintMs(-1, null, now)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
