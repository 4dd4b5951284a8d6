import type {
  CommissionRule,
  CommissionRuleSetDetail,
  CommissionRuleStatusSetDetail,
} from '../domain/commissions/commission-rule';
import {
  type CacheWrite,
  putRuleIfNewer,
  setRuleDefinitionIfNewer,
  setRuleStatusIfNewer,
} from '../db/commission-rule-repository';
import { listCommissionRules } from '../db/commission-rule-repository';
import { type PlacedWindow, rateOpenCommissions } from './rerating';

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

const windowOf = (rule: CommissionRule | undefined): PlacedWindow[] =>
  rule?.effective_from === undefined ? [] : [{ from: rule.effective_from, to: rule.effective_to }];

/** Every placed_at: '0' sorts before every instant. */
const everOpen: PlacedWindow = { from: '0' };

const cachedRule = async (orgcode: string, ruleId: string) => (await listCommissionRules(orgcode)).find((rule) => rule.rule_id === ruleId);

/**
 * Once a rule event is cached, the org's open commissions placed in the
 * rule's window before or after the change are rated by the rules in force
 * (docs/decisions.md: Commissions, re-rating). After a duplicate, every open
 * commission: the first delivery may have failed between caching and rating,
 * and the window it changed from is no longer known. A stale event changes
 * nothing; the later one it lost to does the rating.
 */
async function ratedAfter(
  orgcode: string,
  ruleId: string,
  actor: string,
  now: Date,
  cache: () => Promise<RuleEventOutcome>,
): Promise<RuleEventOutcome> {
  const before = await cachedRule(orgcode, ruleId);
  const outcome = await cache();
  if (outcome.outcome === 'stale') return outcome;
  const windows = outcome.outcome === 'duplicate' ? [everOpen] : [...windowOf(before), ...windowOf(await cachedRule(orgcode, ruleId))];
  await rateOpenCommissions(orgcode, windows, actor, now);
  return outcome;
}

/** `commission.rule.set`: the rule cached from its newest revisions, then the commissions it covers, or covered, rated anew. */
export function setCommissionRule(detail: CommissionRuleSetDetail, now: Date): Promise<RuleEventOutcome> {
  return ratedAfter(detail.orgcode, detail.rule_id, 'event:commission.rule.set', now, () => cacheRule(detail, now));
}

/** `commission.rule.status.set`: the status cached if newest, then the commissions the rule covers rated anew. */
export function setCommissionRuleStatus(detail: CommissionRuleStatusSetDetail, now: Date): Promise<RuleEventOutcome> {
  return ratedAfter(detail.orgcode, detail.rule_id, 'event:commission.rule.status.set', now, () => cacheRuleStatus(detail, now));
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
