import type { Commission } from '../domain/commissions/commission';
import { accrueCommission, rerateCommission } from '../domain/commissions/commission-changes';
import { rateSale, saleOfCommission } from '../domain/commissions/rating';
import { commissionLines, findCommission, openCommissionIds, saveCommissionChange } from '../db/commission-repository';
import type { PlacedWindow } from '../db/commission-rule-repository';
import { currentRules } from '../db/commission-rule-snapshot';
import { retryingConflicts } from '../db/conflict-retry';
import { systemOrigin } from '../domain/change-origin';

/**
 * Rating follows the rules cached now (docs/decisions.md: Commissions,
 * re-rating): after a rule change, and after an order whose rules may have
 * changed while it was written, each open commission is rated by the rule in
 * force, whichever arrived first. A commission a payout holds a line of keeps
 * its rating. Whether the commission changed.
 */
export async function rateByRulesInForce(commission: Commission, actor: string, now: Date): Promise<boolean> {
  return retryingConflicts(async (round) => {
    const current = round === 1 ? commission : await findCommission(commission.orgcode, commission.commission_id);
    if (!current) return false;
    // Read after the commission, every round: a save under the commission's revision then cannot put an older rule's rating over a newer one's.
    const { rules } = await currentRules(current.orgcode);
    const origin = systemOrigin(current.orgcode, actor, now);
    const rating = rateSale(rules, saleOfCommission(current));
    if (current.status === 'unrated') {
      if (!rating) return false;
      await saveCommissionChange(current, accrueCommission(current, rating, origin));
      return true;
    }
    if (current.status !== 'accrued') return false;
    const lines = await commissionLines(current);
    if (lines.some((line) => line.payout_id !== undefined)) return false;
    const change = rerateCommission(current, lines, rating, origin);
    if (!change) return false;
    // A line's void is conditioned on it being free: a payout that took one meanwhile sends this round back to a fresh read.
    await saveCommissionChange(current, change);
    return true;
  });
}

/**
 * After a change of a rule was cached: rates again the org's open
 * commissions placed inside `windows` (every window the rule ever had), by
 * the rules in force among all cached ones. Reads the open markers, never the
 * whole table. How many changed.
 */
export async function rateOpenCommissions(orgcode: string, windows: readonly PlacedWindow[], actor: string, now: Date): Promise<number> {
  const ids = new Set<string>();
  for (const window of windows) for (const id of await openCommissionIds(orgcode, window.from, window.to)) ids.add(id);
  let changed = 0;
  for (const commissionId of ids) {
    const commission = await findCommission(orgcode, commissionId);
    if (commission && (await rateByRulesInForce(commission, actor, now))) changed += 1;
  }
  return changed;
}
