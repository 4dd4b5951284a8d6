/**
 * An organisation's call allowance, shared by every environment of every
 * route function (docs/decisions.md: Per-organisation limit), in two parts
 * kept in one item.
 *
 * Count takes: a token bucket in the form of GCRA (the generic cell rate
 * algorithm), which keeps the whole bucket in one number: `tat`, the
 * theoretical arrival time, the instant (ms since the epoch) at which the
 * bucket would be full again. One call costs `emissionMs` = 1000 / perSecond;
 * the bucket holds `burst` calls, i.e. `tat` may run at most burst ×
 * emissionMs ahead of now. Taking n calls at `now` moves tat to max(tat, now)
 * + n × emissionMs, allowed while that stays within the burst.
 *
 * Shares: an environment asked for calls steadily claims a rate for whole
 * periods of `sharePeriodMs` ahead, and admits its calls at that rate with no
 * I/O. The shares claimed for a period add up to at most `shareHeadroom` ×
 * perSecond (each is claimed with that headroom over its environment's
 * demand, so that calls a little early are not refused), and count takes are
 * left the rest of the rate: perSecond − shares / shareHeadroom. A share is a
 * rate, not a number of calls held: what an environment holds back costs the
 * others nothing beyond it, so a share can be claimed for half a minute at a
 * time (one write), where calls taken ahead would hold the burst.
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

/** The periods shares are claimed for. */
export const sharePeriodMs = 10_000;
/** The period `now` falls in. */
export const periodOf = (now: number): number => Math.floor(now / sharePeriodMs);
/** A share's headroom over its environment's demand, and the most a period's shares may add up to: the rate times it. */
export const shareHeadroom = 1.05;

/**
 * The smallest share worth claiming: each holder may admit the call it claims
 * with at once, so at most 1.25 bursts' worth of holders (40 calls a second
 * with a burst of 40: 0.4 a second each). An environment asked less keeps to
 * count takes.
 */
export const smallestShare = (limit: OrgRateLimit): number => limit.perSecond / (1.25 * limit.burst);

/** The most one period's shares may add up to. */
export const sharesCeiling = (limit: OrgRateLimit): number => limit.perSecond * shareHeadroom;

/**
 * The allowance count takes have while `shares` are claimed for the period:
 * the rest of the rate and the whole burst; none once less than the smallest
 * share is left (the shares hold the rate).
 */
export function countLimit(limit: OrgRateLimit, shares: number): OrgRateLimit | undefined {
  const perSecond = limit.perSecond - shares / shareHeadroom;
  return perSecond >= smallestShare(limit) ? { perSecond, burst: limit.burst } : undefined;
}

/** An organisation's allowance as stored: the count bucket's `tat` and the shares claimed, by period. */
export interface OrgAllowance {
  tat: number | undefined;
  shares: Readonly<Record<number, number>>;
}

/** The shares of `period`, 0 when none were claimed. */
export const sharesOf = (allowance: OrgAllowance, period: number): number => allowance.shares[period] ?? 0;

/**
 * The rate a share for `periods` may have, at most `wanted`: what the fullest
 * of them leaves under the ceiling; 0 when that is less than a quarter of the
 * smallest share (the last environment to claim a period takes what is left,
 * rather than be refused for want of a few hundredths of a call a second).
 */
export function shareRoom(limit: OrgRateLimit, allowance: OrgAllowance, periods: readonly number[], wanted: number): number {
  const room = Math.min(wanted, ...periods.map((period) => sharesCeiling(limit) - sharesOf(allowance, period)));
  return room >= smallestShare(limit) / 4 ? room : 0;
}

/** Calls the count bucket of `allowance` has room for at `now`, at the rate the period's shares leave (none when they hold it all). */
export function countRoom(limit: OrgRateLimit, allowance: OrgAllowance, now: number): number {
  const counts = countLimit(limit, sharesOf(allowance, periodOf(now)));
  return counts ? callsAvailable(counts, allowance.tat, now) : 0;
}

/** Up to `want` calls taken from the count bucket at `now`: how many, and the allowance after. */
export function takeCalls(limit: OrgRateLimit, allowance: OrgAllowance, want: number, now: number): { granted: number; allowance: OrgAllowance } {
  const counts = countLimit(limit, sharesOf(allowance, periodOf(now)));
  const granted = counts ? Math.min(want, callsAvailable(counts, allowance.tat, now)) : 0;
  if (!counts || granted < 1) return { granted: 0, allowance };
  return { granted, allowance: { ...allowance, tat: tatAfter(counts, allowance.tat, now, granted) } };
}

/** A share of `rate` claimed for `periods`, whole or not at all: whether it was, and the allowance after. */
export function claimShare(limit: OrgRateLimit, allowance: OrgAllowance, rate: number, periods: readonly number[]): { claimed: boolean; allowance: OrgAllowance } {
  if (rate <= 0 || periods.some((period) => sharesOf(allowance, period) + rate > sharesCeiling(limit) + 1e-9)) return { claimed: false, allowance };
  const shares = { ...allowance.shares };
  for (const period of periods) shares[period] = sharesOf(allowance, period) + rate;
  return { claimed: true, allowance: { ...allowance, shares } };
}

/**
 * One attempt of a take as it is sent at `now` (shared/db/auth/org-rate-repository.ts
 * writes it, the bench's virtual allowance judges it): the calls it asks for,
 * at the rate the period's shares leave, and the form of its conditional
 * write. Draining: `tat` moves on by the calls' `cost`, on condition that it
 * is at least `floor` and at most `latest`. Full: `tat` is set to `fullTat`,
 * on condition that it is below `floor` (or absent). Either, on condition the
 * period's shares are still at most `shares`. `floor` is `now`, or, for a
 * second attempt asking with an item up to `staleMs` old, that much earlier
 * (at most a burst's refill): a bucket others keep draining shows a `tat`
 * behind now by up to that much, and is still draining.
 */
export interface TakeAttempt {
  shares: number;
  calls: number;
  cost: number;
  draining: boolean;
  floor: number;
  latest: number;
  fullTat: number;
}

/** The attempt a take sends at `now` with `allowance` known; undefined when it would ask for nothing. */
export function takeAttempt(limit: OrgRateLimit, allowance: OrgAllowance, want: number, now: number, staleMs: number): TakeAttempt | undefined {
  const shares = sharesOf(allowance, periodOf(now));
  const counts = countLimit(limit, shares);
  const calls = counts ? Math.min(want, callsAvailable(counts, allowance.tat, now)) : 0;
  if (!counts || calls < 1) return undefined;
  const floor = now - Math.min(staleMs, counts.burst * emissionMs(counts));
  return {
    shares,
    calls,
    cost: calls * emissionMs(counts),
    draining: allowance.tat !== undefined && allowance.tat >= floor,
    floor,
    latest: now + (counts.burst - calls) * emissionMs(counts),
    fullTat: tatAfter(counts, undefined, now, calls),
  };
}

