import * as z from 'zod/mini';
import {
  builtOnFirstUse,
  cccode,
  channelCode,
  eventType,
  idempotencyKey,
  instant,
  logicalGuid,
  longText,
  requestContext,
  revision,
  sourceRefs,
  text,
} from '../common-schemas';
import { ValidationError, type ValidationIssue } from '../errors';
import { currencyCode } from '../receivables/money';
import { utcDay } from '../rollups/rollup-days';

/**
 * An organisation's account mapping: which general-ledger accounts each
 * accounting event posts to (docs/decisions.md: General ledger journal).
 *
 * - A mapping is set whole, as a new revision (1, 2, …); revisions are never
 *   changed. An event is mapped by the latest revision whose `effective_from`
 *   is on or before its UTC day; no revision effective then: unmapped.
 * - Within it, the rules of the event's type compete: a rule matches when every
 *   field of its `match` equals the event's; the match naming the most fields
 *   wins, then the rule listed first. No rule matches: unmapped.
 * - A line posts the event's `gross` (its amount), `tax` (its tax amount,
 *   divided by jurisdiction as the financial rollups divide it) or `net`
 *   (gross less tax). A rule must balance for every event: its debits less its
 *   credits come to zero once gross = net + tax, whatever the amounts; a rule
 *   that cannot is refused when the mapping is set, naming it.
 * - `order.cancelled` takes no rule: it posts the reversal of its order's entry.
 */

export const lineSides = ['debit', 'credit'] as const;
export type LineSide = (typeof lineSides)[number];
export const lineAmounts = ['gross', 'net', 'tax'] as const;
export type LineAmount = (typeof lineAmounts)[number];

/** The fields a rule's `match` may name, each compared for equality with the event's. */
export const matchFields = ['channel_code', 'cccode', 'logical_guid', 'currency'] as const;
export type MatchField = (typeof matchFields)[number];
export type RuleMatch = Partial<Record<MatchField, string>>;

/** The event type that posts the reversal of its order's entry instead of a rule's lines. */
export const cancellationEventType = 'order.cancelled';

const accountName = () => text(1, 128);
const maxRules = 500;
const maxLinesPerRule = 20;
const maxTaxAccounts = 100;

/**
 * Built on first use, as the request and the record made of it: the journal
 * imports this module for `cancellationEventType`, so every function that
 * records an event would otherwise build a rule's schemas at its cold start.
 */
export const mappingRule = builtOnFirstUse(() => {
  const account = accountName();
  const ruleLine = z.strictObject({
    side: z.enum(lineSides),
    account,
    amount: z.enum(lineAmounts),
    /** For `tax`: the account of each jurisdiction's part; a jurisdiction not named posts to `account`. */
    tax_accounts: z.optional(
      z.record(text(1, 64), account).check(z.refine((accounts) => Object.keys(accounts).length <= maxTaxAccounts, `must name at most ${maxTaxAccounts} jurisdictions`)),
    ),
  });
  const ruleMatch = z.strictObject({
    channel_code: z.optional(channelCode),
    cccode: z.optional(cccode),
    logical_guid: z.optional(logicalGuid),
    currency: z.optional(currencyCode),
  });
  return z.strictObject({
    rule_id: text(1, 128),
    event_type: eventType,
    match: z.optional(ruleMatch),
    lines: z.array(ruleLine).check(z.minLength(1), z.maxLength(maxLinesPerRule)),
  });
});
export type MappingRule = z.infer<typeof mappingRule>;
export type RuleLine = MappingRule['lines'][number];

export const mappingSetRequest = builtOnFirstUse(() =>
  z.strictObject({
    rules: z.array(mappingRule).check(z.minLength(1), z.maxLength(maxRules)),
    rounding_account: accountName(),
    effective_from: utcDay,
    // Optional here so that leaving it out once a mapping exists is 428, not 400.
    expected_revision: z.optional(revision),
    reason: z.optional(longText),
    source_refs: z.optional(sourceRefs),
    idempotency_key: z.optional(idempotencyKey),
    request_context: z.optional(requestContext),
  }),
);
export type MappingSetRequest = z.infer<typeof mappingSetRequest>;

/** One revision of an organisation's mapping, as stored and answered. */
export const glMapping = builtOnFirstUse(() =>
  z.object({
    orgcode: z.string(),
    revision: z.int(),
    effective_from: z.string(),
    rules: z.array(mappingRule),
    rounding_account: z.string(),
    reason: z.optional(z.string()),
    source_refs: z.optional(sourceRefs),
    created_at: instant,
    request_context: requestContext,
  }),
);
export type GlMapping = z.infer<typeof glMapping>;

/** A mapping whose rules cannot post every event balanced, or name one rule twice: 400, naming each rule. */
export class MappingRefusedError extends ValidationError {
  constructor(issues: ValidationIssue[], ruleIds: string[]) {
    super(issues);
    this.details.rule_ids = ruleIds;
  }
}

/**
 * How much a rule debits less credits per unit of gross and of tax, once net
 * is written as gross less tax: both are zero exactly when it balances.
 */
export function ruleImbalance(lines: readonly RuleLine[]): { gross: number; tax: number } {
  let gross = 0;
  let tax = 0;
  for (const line of lines) {
    const sign = line.side === 'debit' ? 1 : -1;
    if (line.amount === 'gross') gross += sign;
    else if (line.amount === 'tax') tax += sign;
    else {
      gross += sign;
      tax -= sign;
    }
  }
  return { gross, tax };
}

/** Refuses (MappingRefusedError) rules that cannot balance, a `rule_id` given twice, and what a rule cannot do. */
export function checkMappingRules(rules: readonly MappingRule[]): void {
  const issues: ValidationIssue[] = [];
  const refused = new Set<string>();
  const refuse = (index: number, field: string, ruleId: string, message: string) => {
    issues.push({ path: `rules.${index}.${field}`, message: `rule ${ruleId}: ${message}` });
    refused.add(ruleId);
  };
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    if (seen.has(rule.rule_id)) refuse(index, 'rule_id', rule.rule_id, 'appears more than once: a rule_id is unique in the mapping');
    seen.add(rule.rule_id);
    if (rule.event_type === cancellationEventType) {
      refuse(index, 'event_type', rule.rule_id, `${cancellationEventType} takes no rule: it posts the reversal of its order's entry`);
    }
    const imbalance = ruleImbalance(rule.lines);
    if (imbalance.gross !== 0 || imbalance.tax !== 0) {
      refuse(
        index,
        'lines',
        rule.rule_id,
        `its debits and credits cannot balance: with gross = net + tax they leave ${describe(imbalance.gross, 'gross')} and ` +
          `${describe(imbalance.tax, 'tax')} (each must come to 0)`,
      );
    }
    rule.lines.forEach((line, lineIndex) => {
      if (line.tax_accounts && line.amount !== 'tax') refuse(index, `lines.${lineIndex}.tax_accounts`, rule.rule_id, 'applies only to a tax line');
    });
  });
  if (issues.length) throw new MappingRefusedError(issues, [...refused]);
}

const describe = (units: number, amount: string) => `${units >= 0 ? '+' : '−'}${Math.abs(units)} x ${amount} on the debit side`;

/** What a rule is compared on: the event's type, dimensions and currency. */
export interface MappedSubject {
  event_type: string;
  channel_code?: string;
  cccode?: string;
  logical_guid?: string;
  currency?: string;
}

/** The revision that maps an event of `day` (YYYY-MM-DD): the latest effective on or before it. */
export function mappingForDay<M extends Pick<GlMapping, 'revision' | 'effective_from'>>(mappings: readonly M[], day: string): M | undefined {
  let chosen: M | undefined;
  for (const mapping of mappings) {
    if (mapping.effective_from <= day && (!chosen || mapping.revision > chosen.revision)) chosen = mapping;
  }
  return chosen;
}

/** The rule that maps the subject: the most specific match, then the first listed; undefined when none matches. */
export function ruleFor(rules: readonly MappingRule[], subject: MappedSubject): MappingRule | undefined {
  let chosen: MappingRule | undefined;
  let chosenSpecificity = -1;
  for (const rule of rules) {
    if (rule.event_type !== subject.event_type) continue;
    const match = rule.match ?? {};
    const named = matchFields.filter((field) => match[field] !== undefined);
    if (!named.every((field) => match[field] === subject[field])) continue;
    if (named.length > chosenSpecificity) {
      chosen = rule;
      chosenSpecificity = named.length;
    }
  }
  return chosen;
}
