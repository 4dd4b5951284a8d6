import type { Commission } from '../domain/commissions/commission';
import { accrueCommission, rerateCommission } from '../domain/commissions/commission-changes';
import { rateSale, saleOfCommission } from '../domain/commissions/rating';
import { commissionLines, findCommission, openCommissionIds, saveCommissionChange } from '../db/commissions/commission-repository';
import { ruleWindows } from '../db/commissions/commission-rule-repository';
import { currentRules } from '../db/commissions/commission-rule-snapshot';
import { retryingConflicts } from '../db/conflict-retry';
import { type ReratingWork, dueReratings, finishRerating, queueRerating } from '../db/commissions/rerating-work-repository';
import { takeDueEntry } from '../db/work-queue';
import { systemOrigin } from '../domain/change-origin';
import { fenceRemainingMs } from '../invocation-fence';

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
 * Time a re-rating keeps back from its invocation's deadline: it starts no
 * commission with less left, so that it can hand the rest to the sweep.
 */
const reratingReserveMs = 3_000;

/** What a re-rating did: how many commissions changed, and whether it handed the rest to the sweep. */
export interface ReratingOutcome {
  changed: number;
  handedOver: boolean;
}

/**
 * After a change of a rule was cached: rates again the org's open
 * commissions placed inside any window the rule ever had, by the rules in
 * force among all cached ones, in commission id order from after `after`.
 * Reads the open markers, never the whole table. An organisation with
 * thousands of them takes longer than an invocation may run: with less than
 * `reratingReserveMs` left of its deadline, the rest is queued for the sweep
 * (every commission's rating is idempotent, so a commission rated twice
 * changes once), and nothing of it runs past the invocation.
 */
export async function rateOpenCommissions(orgcode: string, ruleId: string, actor: string, now: Date, after?: string): Promise<ReratingOutcome> {
  const ids = new Set<string>();
  for (const window of await ruleWindows(orgcode, ruleId)) for (const id of await openCommissionIds(orgcode, window.from, window.to)) ids.add(id);
  const pending = [...ids].filter((id) => after === undefined || id > after).sort();
  let changed = 0;
  let last = after;
  for (const commissionId of pending) {
    if (fenceRemainingMs() < reratingReserveMs) {
      await queueRerating({ orgcode, rule_id: ruleId, actor, ...(last !== undefined && { after: last }) }, now);
      return { changed, handedOver: true };
    }
    const commission = await findCommission(orgcode, commissionId);
    if (commission && (await rateByRulesInForce(commission, actor, now))) changed += 1;
    last = commissionId;
  }
  return { changed, handedOver: false };
}

/** Re-ratings the sweep takes per run; the rest wait a minute. */
const reratingsPerSweep = 10;
/** How long a sweep run holds a re-rating it took: past the function's 5-minute timeout, so a live run's hold never lapses. */
const reratingHoldMs = 6 * 60_000;

/**
 * The sweep's part of re-rating (every minute, with the payout desks): each
 * due re-rating is taken (so overlapping runs never do one twice), then
 * continued from where it stopped, handed over again if this run runs out of
 * time too, and removed once done.
 */
export async function continueReratings(now: Date): Promise<{ reratings: number; commissions_rerated: number }> {
  let reratings = 0;
  let rerated = 0;
  for (const entry of await dueReratings(now, reratingsPerSweep)) {
    if (fenceRemainingMs() < reratingReserveMs) break;
    if (!(await takeDueEntry(entry, new Date(now.getTime() + reratingHoldMs)))) continue;
    const work: ReratingWork = entry;
    const outcome = await rateOpenCommissions(work.orgcode, work.rule_id, work.actor, now, work.after);
    if (!outcome.handedOver) await finishRerating(work);
    reratings += 1;
    rerated += outcome.changed;
  }
  return { reratings, commissions_rerated: rerated };
}
