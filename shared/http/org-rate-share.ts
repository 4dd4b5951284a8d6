import { type OrgRateLimit, periodOf, sharePeriodMs } from '../domain/org-rate';

/**
 * A share an environment holds of its organisation's rate
 * (shared/domain/org-rate.ts, shared/http/org-rate-limit.ts): the rate it
 * claimed until the end of its last period, and the calls it may admit from
 * it, a bucket of its own that refills at the rate and holds at most the
 * share's part of the organisation's burst (two calls at least). It holds the
 * call it was claimed for; a renewal, claimed in its last period, takes over
 * where it ends.
 */
export class HeldShare {
  private tokens = 1;
  private next: { rate: number; until: number } | undefined;

  constructor(
    private rate: number,
    private until: number,
    private at: number,
    private readonly limit: OrgRateLimit,
  ) {}

  /** Whether the share (or its renewal) covers `nowMs`. */
  covers(nowMs: number): boolean {
    return nowMs < (this.next?.until ?? this.until);
  }

  /** Spends a call of the share at `nowMs`, if it holds one then. */
  spend(nowMs: number): boolean {
    if (nowMs >= this.until) {
      if (!this.next) return false;
      ({ rate: this.rate, until: this.until } = this.next);
      this.next = undefined;
    }
    // Two calls at least, so that one a little early after one a little late is not refused; an environment asked past
    // its share never holds more than the call it claimed with.
    const most = Math.max(2, (this.rate * this.limit.burst) / this.limit.perSecond);
    this.tokens = Math.min(most, this.tokens + ((nowMs - this.at) * this.rate) / 1000);
    this.at = nowMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether a renewal is due: in the share's last period, none claimed yet. */
  renewalDue(nowMs: number): boolean {
    return !this.next && nowMs >= this.until - sharePeriodMs;
  }

  /** The periods a renewal claims: `count` from the end of the share. */
  renewalPeriods(count: number): number[] {
    return Array.from({ length: count }, (_, index) => periodOf(this.until) + index);
  }

  /** Takes a renewal of `rate` until `until`, in force from the end of the share. */
  renew(rate: number, until: number): void {
    this.next = { rate, until };
  }
}
