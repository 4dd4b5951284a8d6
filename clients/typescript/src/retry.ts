import { type AccountingClientError, AccountingError, UnexpectedAnswerError } from './errors.js';

/**
 * When and how long the client waits before sending a call again.
 *
 * What is sent again: an answer in the service's envelope that says the same
 * call may succeed later (`retryable: true`: 429, 503, a twin still running),
 * and API Gateway's own 429, which it gives before calling the service. A call
 * that may have been carried out without its answer reaching the client (no
 * answer at all, or API Gateway's 500, 502, 503 or 504 for a function that
 * crashed or outran its 30 s) is sent again only with an idempotency key, which
 * the service carries out once however often it is sent; without one, sending
 * it again is the caller's decision. Anything else is thrown at once.
 *
 * For how long: a call goes on for `budgetMs` from its first request, so a
 * burst a service sends at once is served at its organisation's rate instead of
 * failing. 300 calls at 20 a second with a burst of 40 take 13 s at the rate;
 * against the local stack they took 17 to 46 s on a shared 2-core machine (its
 * limiter admits in leases and backs off, and the machine was loaded ten times
 * over), hence 60 s. Each pause is what the answer asked
 * (`details.retry_after_ms`, else `Retry-After`), plus a full-jitter draw in
 * [0, min(maxDelayMs, baseDelayMs x 2^(retry-1))), so that callers refused
 * together do not come back together. A call whose answer asks for more than
 * the budget has left is thrown at once.
 */

export interface RetryPolicy {
  /** How long one call may go on retrying, from its first request; 0 sends every call once. */
  budgetMs: number;
  /** The first retry's draw is below this; each next one's below twice the last, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { budgetMs: 60_000, baseDelayMs: 200, maxDelayMs: 5_000 };

/** Whether a failed call is sent again (within the budget): see above. `keyed`: it carries an idempotency key. */
export function sendsAgain(failure: AccountingClientError, keyed: boolean): boolean {
  const answeredByTheService = failure instanceof AccountingError;
  const refusedBeforeTheService = failure instanceof UnexpectedAnswerError && failure.http_status === 429;
  return failure.retryable && (keyed || answeredByTheService || refusedBeforeTheService);
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
