import type {
  CommissionRule,
  CommissionRuleSetDetail,
  CommissionRuleStatusSetDetail,
} from '../domain/commissions/commission-rule';
import {
  type CacheWrite,
  bumpRulesRevision,
  putRuleIfNewer,
  setRuleDefinitionIfNewer,
  recordRuleWindow,
  setRuleStatusIfNewer,
} from '../db/commissions/commission-rule-repository';
import { rateOpenCommissions } from './rerating';

/**
 * What a rule event did to the cache: `applied`; `definition_applied`, the
 * rule.set's definition is cached but the status stays that of the later
 * `cached_revision`; or nothing, as a `duplicate` (that revision is cached) or
 * `stale` (a later one is).
 */
export type RuleEventOutcome =
  | { outcome: 'applied' }
  | { outcome: 'definition_applied'; cached_revision: number }
  | { outcome: 'duplicate' }
  | { outcome: 'stale'; cached_revision: number };

function ignored(revision: number, write: Extract<CacheWrite, { applied: false }>): RuleEventOutcome {
  return write.cachedRevision === revision ? { outcome: 'duplicate' } : { outcome: 'stale', cached_revision: write.cachedRevision };
}

/**
 * Once a rule event is cached, the revision of the org's rules is bumped, so
 * every process's copy of them is read again (shared/db/commissions/commission-rule-snapshot.ts),
 * and then the org's open commissions placed in any window the rule ever had
 * are rated by the rules in force (docs/decisions.md: Commissions, re-rating):
 * a commission rated under an earlier definition may lie outside the latest
 * one. Also after a duplicate: the first delivery may have failed between
 * caching and bumping or rating. A stale event changes nothing; the later one
 * it lost to does both.
 */
async function ratedAfter(outcome: RuleEventOutcome, orgcode: string, ruleId: string, actor: string, now: Date): Promise<RuleEventOutcome> {
  if (outcome.outcome === 'stale') return outcome;
  await bumpRulesRevision(orgcode);
  await rateOpenCommissions(orgcode, ruleId, actor, now);
  return outcome;
}

/** `commission.rule.set`: its window recorded, the rule cached from its newest revisions, then the commissions it covers, or covered, rated anew. */
export async function setCommissionRule(detail: CommissionRuleSetDetail, now: Date): Promise<RuleEventOutcome> {
  await recordRuleWindow(detail.orgcode, detail.rule_id, { from: detail.effective_from, to: detail.effective_to });
  return ratedAfter(await cacheRule(detail, now), detail.orgcode, detail.rule_id, 'event:commission.rule.set', now);
}

/** `commission.rule.status.set`: the status cached if newest, then the commissions the rule covers, or covered, rated anew. */
export async function setCommissionRuleStatus(detail: CommissionRuleStatusSetDetail, now: Date): Promise<RuleEventOutcome> {
  return ratedAfter(await cacheRuleStatus(detail, now), detail.orgcode, detail.rule_id, 'event:commission.rule.status.set', now);
}

/**
 * A rule defined or redefined by the pricing service (docs/decisions.md:
 * Commission rules). Later than everything cached for the rule: cached whole.
 * Otherwise its definition still replaces an older cached one (or the none of
 * a rule whose status came first), under the later status; else it is ignored.
 */
async function cacheRule(detail: CommissionRuleSetDetail, now: Date): Promise<RuleEventOutcome> {
  const rule: CommissionRule = { ...detail, definition_revision: detail.revision, updated_at: now.toISOString() };
  const whole = await putRuleIfNewer(rule);
  if (whole.applied) return { outcome: 'applied' };
  const definition = await setRuleDefinitionIfNewer(rule);
  if (definition.applied) return { outcome: 'definition_applied', cached_revision: whole.cachedRevision };
  // Items are never deleted, so the rule the put found is still there.
  if (definition.cachedRevision < detail.revision) throw new Error(`Commission rule ${detail.rule_id} vanished from the cache`);
  return ignored(detail.revision, definition);
}

/** A rule's status set by the pricing service: cached if later than the rule's cached revision, else ignored. */
async function cacheRuleStatus(detail: CommissionRuleStatusSetDetail, now: Date): Promise<RuleEventOutcome> {
  const write = await setRuleStatusIfNewer(detail, now);
  return write.applied ? { outcome: 'applied' } : ignored(detail.revision, write);
}
