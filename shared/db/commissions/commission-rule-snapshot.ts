import type { CommissionRule } from '../../domain/commissions/commission-rule';
import { listCommissionRules, readRulesRevision } from './commission-rule-repository';

/**
 * A process's copy of each organisation's commission rules (docs/decisions.md:
 * Partition heat, the commission rules), so that rating an order
 * reads one small item, the revision of the org's rules, instead of every
 * rule. Every rule change bumps the revision after it is cached and before the
 * commissions it covers are read (shared/commissions/rules.ts), so:
 * - a copy taken at a revision holds every change bumped up to it (the
 *   revision is read before the rules);
 * - an order whose commission is written, then finds the revision where its
 *   rating's copy was taken, was rated by the rules in force: a change bumped
 *   later reads the commission's open marker and rates it itself. A change
 *   bumped earlier is seen, and the commission rated again at once.
 */
export interface RulesSnapshot {
  rules: CommissionRule[];
  revision: number;
}

/** How long a copy checked against the revision is used to rate before its write without checking again: the check after the write decides. */
const trustedForMs = 1_000;
/** Organisations whose rules a process keeps at most. */
const heldAtMost = 1_000;

const held = new Map<string, RulesSnapshot & { checkedAt: number }>();

function hold(orgcode: string, snapshot: RulesSnapshot, checkedAt: number): RulesSnapshot {
  held.delete(orgcode);
  held.set(orgcode, { ...snapshot, checkedAt });
  // Maps iterate in insertion order: the first is the organisation least recently checked.
  if (held.size > heldAtMost) held.delete(held.keys().next().value as string);
  return snapshot;
}

/** The org's rules now: the revision read consistently, then the copy if it was taken at it, else the rules read again. */
export async function currentRules(orgcode: string, now = Date.now()): Promise<RulesSnapshot> {
  const revision = await readRulesRevision(orgcode);
  const copy = held.get(orgcode);
  if (copy?.revision === revision) return hold(orgcode, copy, now);
  return hold(orgcode, { revision, rules: await listCommissionRules(orgcode) }, now);
}

/**
 * The rules to rate a new commission with before it is written: the copy if
 * it was checked within `trustedForMs`, else the rules now. Its revision goes
 * to rulesUnchangedSince once the commission is written.
 */
export async function rulesToRateWith(orgcode: string, now = Date.now()): Promise<RulesSnapshot> {
  const copy = held.get(orgcode);
  if (copy && now - copy.checkedAt < trustedForMs) return copy;
  return currentRules(orgcode, now);
}

/** Whether the org's rules are still at `revision` (a consistent read, after the commission rated by them was written). */
export async function rulesUnchangedSince(orgcode: string, revision: number, now = Date.now()): Promise<boolean> {
  if ((await readRulesRevision(orgcode)) !== revision) return false;
  const copy = held.get(orgcode);
  if (copy?.revision === revision) hold(orgcode, copy, now);
  return true;
}
