/**
 * The per-organisation call limit (docs/decisions.md: Per-organisation limit):
 * a token bucket per organisation, in each function environment. A bucket holds
 * at most `burst` calls and refills at `perSecond`; a call finding it empty is
 * refused with the time until a token is back. Kept in memory, so admitting a
 * call costs no I/O; the stage throttle bounds the total across environments.
 */
export interface OrgRateLimit {
  perSecond: number;
  burst: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms since the epoch). */
  at: number;
}

/** Organisations remembered per environment; the least recently seen is forgotten first (a full bucket again). */
const rememberedOrgs = 10_000;

export class OrgRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limit: OrgRateLimit) {}

  /** Takes a token for a call of `orgcode` at `nowMs`: 0 when admitted, else the milliseconds until it would be. */
  admit(orgcode: string, nowMs: number): number {
    const bucket = this.buckets.get(orgcode) ?? { tokens: this.limit.burst, at: nowMs };
    this.buckets.delete(orgcode);
    this.buckets.set(orgcode, bucket);
    if (this.buckets.size > rememberedOrgs) this.buckets.delete(this.buckets.keys().next().value as string);

    const elapsedSeconds = Math.max(0, nowMs - bucket.at) / 1000;
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + elapsedSeconds * this.limit.perSecond);
    bucket.at = nowMs;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) / this.limit.perSecond) * 1000);
  }
}
