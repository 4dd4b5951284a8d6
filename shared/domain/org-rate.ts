/**
 * An organisation's call allowance as a token bucket in the form of GCRA (the
 * generic cell rate algorithm), which keeps the whole bucket in one number, so
 * environments can share it in one item: `tat`, the theoretical arrival time,
 * the instant (ms since the epoch) at which the bucket would be full again.
 * One call costs `emissionMs` = 1000 / perSecond; the bucket holds `burst`
 * calls, i.e. `tat` may run at most burst × emissionMs ahead of now. Taking n
 * calls at `now` moves tat to max(tat, now) + n × emissionMs, allowed while
 * that stays within the burst. Same admissions as the refilling bucket it
 * replaces (docs/decisions.md: Per-organisation limit).
 */
export interface OrgRateLimit {
  perSecond: number;
  burst: number;
}

/** What one call costs of the bucket, in ms of its refill. */
export const emissionMs = (limit: OrgRateLimit): number => 1000 / limit.perSecond;

/** How many calls the bucket holds at `now`, given its `tat` (undefined: never used, full). */
export function callsAvailable(limit: OrgRateLimit, tat: number | undefined, now: number): number {
  const base = Math.max(tat ?? now, now);
  return Math.max(0, Math.floor((now + limit.burst * emissionMs(limit) - base) / emissionMs(limit) + 1e-9));
}

/** The milliseconds from `now` until the bucket holds one call again (0 when it does). */
export function msUntilOneCall(limit: OrgRateLimit, tat: number | undefined, now: number): number {
  if (callsAvailable(limit, tat, now) >= 1) return 0;
  return Math.max(1, Math.ceil((tat ?? now) + emissionMs(limit) - limit.burst * emissionMs(limit) - now));
}

/** The `tat` after taking `calls` at `now` (the caller has checked they are available). */
export const tatAfter = (limit: OrgRateLimit, tat: number | undefined, now: number, calls: number): number =>
  Math.max(tat ?? now, now) + calls * emissionMs(limit);
