import { type RetryPolicy, isRetryableAnswer, retryDelayMs } from '../../clients/typescript/src/retry';

const policy: RetryPolicy = { attempts: 4, baseDelayMs: 200, maxDelayMs: 1_000 };

describe("the TypeScript client's retries", () => {
  it('retries an answer marked retryable, and 429 and 503 with or without the envelope; nothing else', () => {
    expect([isRetryableAnswer(409, true), isRetryableAnswer(429, undefined), isRetryableAnswer(503, false)]).toEqual([true, true, true]);
    expect([isRetryableAnswer(409, false), isRetryableAnswer(500, undefined), isRetryableAnswer(404, false), isRetryableAnswer(400, undefined)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('draws a full-jitter pause that doubles with each retry up to the maximum', () => {
    const longest = (retry: number) => retryDelayMs(retry, null, policy, () => 0.999_999);

    expect([1, 2, 3, 4, 5].map(longest)).toEqual([199, 399, 799, 999, 999]);
    expect(retryDelayMs(3, null, policy, () => 0)).toBe(0);
    expect(retryDelayMs(2, null, policy, () => 0.5)).toBe(200);
  });

  it("waits what Retry-After asks, in seconds or as a date, over the drawn pause", () => {
    const now = Date.parse('2026-11-20T10:00:00Z');

    expect(retryDelayMs(1, '3', policy, () => 0, now)).toBe(3_000);
    expect(retryDelayMs(1, 'Fri, 20 Nov 2026 10:00:02 GMT', policy, () => 0, now)).toBe(2_000);
    expect(retryDelayMs(1, 'Fri, 20 Nov 2026 09:59:00 GMT', policy, () => 0, now)).toBe(0);
    expect(retryDelayMs(1, 'soon', policy, () => 0.5, now)).toBe(100);
  });
});
