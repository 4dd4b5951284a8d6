import type { Commission } from '../domain/commissions/commission';
import { accrueCommission } from '../domain/commissions/commission-changes';
import type { CommissionRule } from '../domain/commissions/commission-rule';
import { rateSale, saleOfCommission } from '../domain/commissions/rating';
import { RevisionConflictError } from '../domain/errors';
import { findCommission, saveCommissionChange, unratedCommissionIds } from '../db/commission-repository';
import { listCommissionRules } from '../db/commission-rule-repository';
import { systemOrigin } from '../domain/change-origin';

/**
 * Rates an unrated commission if one of `rules` now covers its sale, on
 * condition that it is still at the revision read: a rating happens once,
 * and a commission another rating or a cancellation changed meanwhile is
 * left to them. Whether this call rated it.
 */
export async function rateIfCovered(commission: Commission, rules: readonly CommissionRule[], actor: string, now: Date): Promise<boolean> {
  const rating = rateSale(rules, saleOfCommission(commission));
  if (!rating) return false;
  const change = accrueCommission(commission, rating, systemOrigin(commission.orgcode, actor, now));
  try {
    await saveCommissionChange(commission, change);
    return true;
  } catch (error) {
    if (error instanceof RevisionConflictError) return false;
    throw error;
  }
}

/**
 * After a change of rule `ruleId` was cached: rates the org's unrated
 * commissions placed inside the rule's window that a rule now covers (the
 * rule in force among all cached rules, which may be another). Reads the
 * unrated markers, never the whole table. How many it rated.
 */
export async function rateUnratedCommissions(orgcode: string, ruleId: string, actor: string, now: Date): Promise<number> {
  const rules = await listCommissionRules(orgcode);
  const changed = rules.find((rule) => rule.rule_id === ruleId);
  if (changed?.status !== 'active') return 0;
  let rated = 0;
  for (const commissionId of await unratedCommissionIds(orgcode, changed.effective_from, changed.effective_to)) {
    const commission = await findCommission(orgcode, commissionId);
    if (commission?.status === 'unrated' && (await rateIfCovered(commission, rules, actor, now))) rated += 1;
  }
  return rated;
}
