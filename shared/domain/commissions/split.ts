import * as z from 'zod/mini';
import { builtOnFirstUse, clientId, integer, requestContext, revision, shortText } from '../common-schemas';
import type { MinorUnits } from '../receivables/money';
import { maxRateBps } from './commission-rule';

/**
 * A commission's split between associates (docs/decisions.md: Commissions):
 * whole basis points adding up to 10000, one share per associate.
 */
const maxAllocations = 20;

export interface Allocation {
  associate_id: string;
  share_bps: number;
}

export const allocations = z.array(z.strictObject({ associate_id: clientId, share_bps: integer(1, maxRateBps) })).check(
  z.minLength(1),
  z.maxLength(maxAllocations),
  z.superRefine(
    (list, context) => {
      const sum = list.reduce((total, allocation) => total + allocation.share_bps, 0);
      if (sum !== maxRateBps) {
        context.addIssue({ code: 'custom', message: `share_bps must add up to ${maxRateBps}, not ${sum}`, input: list });
      }
      const seen = new Set<string>();
      list.forEach((allocation, index) => {
        if (seen.has(allocation.associate_id)) {
          context.addIssue({ code: 'custom', path: [index, 'associate_id'], message: 'appears more than once', input: allocation.associate_id });
        }
        seen.add(allocation.associate_id);
      });
    },
    // Only between valid allocations: a malformed one is reported alone.
    { when: ({ issues }) => issues.length === 0 },
  ),
);

/**
 * Divides `total` (not negative, in minor units) by the allocations' shares so
 * the parts add up to it exactly, by largest remainder: each part is first its
 * exact share rounded down, then the units left over (fewer than there are
 * parts) go one each to the parts with the largest remainders, ties to the
 * earlier allocation. So every part is within one minor unit of its exact
 * share, and the same split of the same amount always comes out the same.
 */
export function allocate(total: MinorUnits, shares: readonly Allocation[]): MinorUnits[] {
  const scale = BigInt(maxRateBps);
  const exact = shares.map((share) => total * BigInt(share.share_bps));
  const parts = exact.map((value) => value / scale);
  let leftover = total - parts.reduce((sum, part) => sum + part, 0n);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % scale }))
    // Array.prototype.sort is stable: equal remainders keep allocation order.
    .sort((a, b) => (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (leftover === 0n) break;
    parts[index] = (parts[index] as MinorUnits) + 1n;
    leftover -= 1n;
  }
  return parts;
}

export const splitSetRequest = builtOnFirstUse(() => z.strictObject({
  commission_id: clientId,
  // Optional here so that leaving it out is 428 expected-revision-required, not 400.
  expected_revision: z.optional(revision),
  allocations,
  /** Short: it goes into the event's reason beside every share. */
  reason: z.optional(shortText),
  request_context: z.optional(requestContext),
}));
export type SplitSetRequest = z.infer<typeof splitSetRequest>;
