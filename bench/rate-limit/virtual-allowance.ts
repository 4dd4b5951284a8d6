import {
  type OrgAllowance,
  type OrgRateLimit,
  countRoom,
  periodOf,
  shareRoom,
  sharesCeiling,
  sharesOf,
  takeAttempt,
} from '../../shared/domain/org-rate';
import type { CallSource } from '../../shared/http/org-rate-sources';
import type { VirtualClock } from './virtual-clock';

/** What the allowance item was asked on the virtual clock: write units (a failed condition costs one too) and consistent reads. */
export interface AllowanceMeter {
  writes: number;
  failedWrites: number;
  reads: number;
}

const untouched: OrgAllowance = { tat: undefined, shares: {} };
const copyOf = (allowance: OrgAllowance): OrgAllowance => ({ tat: allowance.tat, shares: { ...allowance.shares } });

/**
 * One organisation's allowance item as shared/db/auth/org-rate-repository.ts
 * writes it, kept in memory on a virtual clock: each request lands half of
 * `roundTripMs` after it is sent and is answered the other half later, judged
 * against the item as it is when it lands, with the condition the
 * repository's UpdateItem carries (the draining or the full form of a take,
 * a claim's ceiling per period); a failed condition costs a write unit and
 * answers the item as it is, and the second attempt asks with it, taking a
 * `tat` up to that round trip behind its clock for draining. `virtual-allowance.test.ts` holds it to the repository on DynamoDB
 * Local, request for request.
 */
export function virtualAllowance(limit: OrgRateLimit, clock: VirtualClock, roundTripMs: number): { source: CallSource; meter: AllowanceMeter; item(): OrgAllowance } {
  let item: OrgAllowance = untouched;
  const meter: AllowanceMeter = { writes: 0, failedWrites: 0, reads: 0 };
  /** One conditional write landing now: it applies `next` when `holds` of the item, else fails; either costs a unit. */
  const write = (holds: boolean, next: () => OrgAllowance): OrgAllowance | undefined => {
    meter.writes += 1;
    if (!holds) {
      meter.failedWrites += 1;
      return undefined;
    }
    item = next();
    return copyOf(item);
  };
  const source: CallSource = {
    async take(_orgcode, want, _now, known) {
      let allowance = known ?? untouched;
      let staleMs = 0;
      for (let round = 0; round < 2; round += 1) {
        // The repository reads the clock as it sends each attempt; the item is judged when the request lands.
        const now = clock.now;
        const attempt = takeAttempt(limit, allowance, want, now, staleMs);
        if (!attempt) return { granted: 0, allowance };
        await clock.after(roundTripMs / 2);
        const tat = item.tat;
        const sharesHeld = sharesOf(item, periodOf(now)) <= attempt.shares;
        const holds = attempt.draining
          ? tat !== undefined && tat >= attempt.floor && tat <= attempt.latest && sharesHeld
          : (tat === undefined || tat < attempt.floor) && sharesHeld;
        const written = write(holds, () => ({ ...item, tat: attempt.draining ? tat! + attempt.cost : attempt.fullTat }));
        const answered = copyOf(item);
        await clock.after(roundTripMs / 2);
        if (written) return { granted: attempt.calls, allowance: written };
        allowance = answered;
        staleMs = clock.now - now;
      }
      return { granted: 0, allowance, contended: countRoom(limit, allowance, clock.now) >= 1 };
    },
    async claim(_orgcode, rate, periods, _now, known) {
      let allowance = known ?? untouched;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const share = Math.floor(shareRoom(limit, allowance, periods, rate) * 1000) / 1000;
        if (share <= 0) return { rate: 0, allowance };
        const current = periodOf(clock.now);
        await clock.after(roundTripMs / 2);
        const holds = periods.every((period) => sharesOf(item, period) <= sharesCeiling(limit) - share);
        const written = write(holds, () => {
          const shares: Record<number, number> = { ...item.shares };
          for (const period of periods) shares[period] = sharesOf(item, period) + share;
          for (const back of [1, 2, 3]) if (!periods.includes(current - back)) delete shares[current - back];
          return { tat: item.tat, shares };
        });
        const answered = copyOf(item);
        await clock.after(roundTripMs / 2);
        if (written) return { rate: share, allowance: written };
        allowance = answered;
      }
      return { rate: 0, allowance };
    },
    async read() {
      meter.reads += 1;
      await clock.after(roundTripMs / 2);
      const read = copyOf(item);
      await clock.after(roundTripMs / 2);
      return read;
    },
  };
  return { source, meter, item: () => copyOf(item) };
}
