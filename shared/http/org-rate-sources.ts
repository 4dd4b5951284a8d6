import { type TakenCalls, claimOrgShare, readOrgAllowance, takeOrgCalls } from '../db/auth/org-rate-repository';
import { type OrgAllowance, type OrgRateLimit, takeCalls } from '../domain/org-rate';

/** Where an organisation's allowance is (shared/http/org-rate-limit.ts): takes of the count bucket and, where environments share it, claims of shares. */
export interface CallSource {
  /** Takes up to `want` calls of the count bucket at `now`. */
  take(orgcode: string, want: number, now: number, known: OrgAllowance | undefined): Promise<TakenCalls>;
  /** Claims up to `rate` calls a second for `periods`; absent where the allowance is the environment's own (shares would save nothing). */
  claim?(orgcode: string, rate: number, periods: readonly number[], now: number, known: OrgAllowance | undefined): Promise<{ rate: number; allowance: OrgAllowance }>;
  /** The allowance as it is (a consistent read), without writing: what an environment that knows nothing of it, or whose last take found it spent, looks at before it takes. */
  read?(orgcode: string): Promise<OrgAllowance>;
}

/** The organisation's allowance in the table, shared by every environment of every route (shared/db/auth/org-rate-repository.ts): takes and shares. */
export function tableCallSource(limit: OrgRateLimit): CallSource {
  return {
    take: (orgcode, want, _now, known) => takeOrgCalls(orgcode, limit, want, known),
    claim: (orgcode, rate, periods, _now, known) => claimOrgShare(orgcode, limit, rate, periods, known),
    read: readOrgAllowance,
  };
}

/**
 * An allowance kept in this environment's memory only: the bucket the limit
 * used to be, per environment. For the bench's comparison and for a stack
 * whose environments are one process anyway. No shares: they save writes,
 * and this writes nothing.
 */
export function inMemoryCallSource(limit: OrgRateLimit): CallSource {
  const allowances = new Map<string, OrgAllowance>();
  return {
    async take(orgcode, want, now) {
      const { granted, allowance } = takeCalls(limit, allowances.get(orgcode) ?? { tat: undefined, shares: {} }, want, now);
      allowances.set(orgcode, allowance);
      return { granted, allowance };
    },
  };
}
