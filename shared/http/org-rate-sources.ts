import { claimOrgShare, readOrgAllowance, takeOrgCalls } from '../db/auth/org-rate-repository';
import { type OrgAllowance, type OrgRateLimit, takeCalls } from '../domain/org-rate';
import type { CallSource } from './org-rate-limit';

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
