/**
 * When and how long the client waits before sending a call again.
 *
 * What is sent again: an answer that says the same call may succeed later
 * (`retryable: true` in its envelope, or 429 and 503, which API Gateway also
 * gives without the envelope), and a call that got no answer at all when it
 * carries an idempotency key (the service carries out a key once, however
 * often it is sent). Anything else is thrown at once: a call without a key
 * that got no answer may have been carried out, so sending it again is the
 * caller's decision.
 *
 * For how long: a call goes on for `budgetMs` from its first request, so a
 * burst a service sends at once is served at its organisation's rate instead of
 * failing: 300 calls at 20 a second with a burst of 40 take 13 s at the rate, and
 * 16 to 24 s measured against the local stack, whose limiter admits in leases
 * and backs off; 30 s leaves room for that. Each
 * pause is what the answer asked (`details.retry_after_ms`, else `Retry-After`),
 * plus a full-jitter draw in [0, min(maxDelayMs, baseDelayMs x 2^(retry-1))),
 * so that callers refused together do not come back together. A call whose
 * answer asks for more than the budget has left is thrown at once.
 */

export interface RetryPolicy {
  /** How long one call may go on retrying, from its first request; 0 sends every call once. */
  budgetMs: number;
  /** The first retry's draw is below this; each next one's below twice the last, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { budgetMs: 30_000, baseDelayMs: 200, maxDelayMs: 5_000 };

export function isRetryableAnswer(status: number, envelopeRetryable: boolean | undefined): boolean {
  return envelopeRetryable === true || status === 429 || status === 503;
}

/** The pause before retry number `retry` (1 for the first): the answer's hint, plus the jitter drawn. */
export function retryDelayMs(retry: number, hintMs: number | undefined, policy: RetryPolicy, random: () => number = Math.random): number {
  const bound = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return (hintMs ?? 0) + Math.floor(random() * bound);
}

/**
 * The wait an answer asks for, in milliseconds: the envelope's
 * `details.retry_after_ms` (the finer figure), else the `Retry-After` header,
 * in seconds or as an HTTP date (RFC 9110, section 10.2.3).
 */
export function answerHintMs(retryAfterMs: unknown, retryAfter: string | null, now: number): number | undefined {
  if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) return retryAfterMs;
  if (!retryAfter) return undefined;
  const header = retryAfter.trim();
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
