/**
 * When and how long the client waits before sending a call again. An answer
 * is retried only when the service says the same call may succeed later:
 * `retryable: true` in its envelope, or 429/503 (which API Gateway may give
 * without the envelope). Anything else is thrown at once, and so is a failure
 * to reach the service at all: on a route without an idempotency key (a
 * revisioned write) sending it again could act twice, so that is the caller's
 * decision, with the key of its own it then sends.
 */

export interface RetryPolicy {
  /** Calls in all, the first included. */
  attempts: number;
  /** The first retry waits up to this long; each next one up to twice the last, within `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 4, baseDelayMs: 200, maxDelayMs: 5_000 };

export function isRetryableAnswer(status: number, envelopeRetryable: boolean | undefined): boolean {
  return envelopeRetryable === true || status === 429 || status === 503;
}

/**
 * The wait before retry number `retry` (1 for the first): what `Retry-After`
 * asks when the answer has it (seconds or an HTTP date), else a full-jitter
 * pause, drawn in [0, min(maxDelayMs, baseDelayMs x 2^(retry-1))) so that
 * callers refused together do not come back together.
 */
export function retryDelayMs(retry: number, retryAfter: string | null, policy: RetryPolicy, random: () => number = Math.random, now = Date.now()): number {
  const asked = retryAfterMs(retryAfter, now);
  if (asked !== undefined) return asked;
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1)));
}

function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
