import * as z from 'zod/mini';
import { amount, builtOnFirstUse, channelCode, clientId, dateTime, instant, integer, orgcode, revision, shortText } from '../common-schemas';
import { decimalFromNumber } from '../decimal';
import { type MinorUnits, minUnits, minorDigits } from '../receivables/money';
import { orderedRange } from '../time-window';

/**
 * Commission rules as the pricing service defines them and this service caches
 * them (docs/decisions.md: Commission rules). A rate is in basis points of the
 * base: 1 bp is 0.01 %, 10000 the whole base.
 */
export const ruleStatuses = ['active', 'inactive'] as const;
export type RuleStatus = (typeof ruleStatuses)[number];

export const maxRateBps = 10_000;
export const maxTiers = 20;
/** Scope lists stay well inside one 400 KB item (500 SKUs of 256 characters is 128 KB). */
const maxScopeChannels = 100;
const maxScopeSkus = 500;

const rateBps = integer(0, maxRateBps);

/** A graduated tier: its rate applies to the part of the base from `from_amount` up to the next tier's. */
const tier = z.object({
  from_amount: amount.check(z.minimum(0, 'must not be negative')),
  rate_bps: rateBps,
});
export type CommissionTier = z.infer<typeof tier>;

const tiers = z.array(tier).check(
  z.minLength(1),
  z.maxLength(maxTiers),
  z.superRefine(
    (list, context) => {
      list.forEach((current, index) => {
        const previous = list[index - 1];
        const problem =
          previous === undefined
            ? current.from_amount !== 0 && 'must be 0: the first tier starts where the base does'
            : current.from_amount <= previous.from_amount && "must be greater than the previous tier's from_amount";
        if (problem) context.addIssue({ code: 'custom', path: [index, 'from_amount'], message: problem, input: current.from_amount });
      });
    },
    // Only between valid tiers: a malformed one is reported alone.
    { when: ({ issues }) => issues.length === 0 },
  ),
);

/** Which sales a rule covers: absent lists cover every channel or SKU; a given list is never empty. */
const scope = z.object({
  channel_codes: z.optional(z.array(channelCode).check(z.minLength(1), z.maxLength(maxScopeChannels))),
  skus: z.optional(z.array(shortText).check(z.minLength(1), z.maxLength(maxScopeSkus))),
});
export type CommissionScope = z.infer<typeof scope>;

/** What a rule.set defines: everything but the status, which a status.set may change alone. */
const definitionFields = {
  name: shortText,
  rate_bps: z.optional(rateBps),
  tiers: z.optional(tiers),
  scope: z.optional(scope),
  /** The rule covers sales placed in [effective_from, effective_to); no effective_to: open-ended. */
  effective_from: dateTime,
  effective_to: z.optional(dateTime),
};

/** Names the definition's fields, for a write that replaces a cached definition only. */
export const ruleDefinitionFields = Object.keys(definitionFields) as Array<keyof typeof definitionFields>;

const oneRate = z.superRefine<{ rate_bps?: number; tiers?: unknown[] }>((rule, context) => {
  if (rule.rate_bps === undefined && rule.tiers === undefined) {
    context.addIssue({ code: 'custom', path: ['rate_bps'], message: 'is required when tiers are not given', input: undefined });
  }
  if (rule.rate_bps !== undefined && rule.tiers !== undefined) {
    context.addIssue({ code: 'custom', path: ['tiers'], message: 'must not be given with rate_bps: a rule has one or the other', input: rule.tiers });
  }
});

/** `retail.pricing` / `commission.rule.set`: the whole rule at `revision`. */
export const commissionRuleSetDetail = z
  .object({ orgcode, rule_id: clientId, status: z.enum(ruleStatuses), ...definitionFields, revision })
  .check(oneRate, orderedRange('effective_from', 'effective_to'));
export type CommissionRuleSetDetail = z.infer<typeof commissionRuleSetDetail>;

/** `retail.pricing` / `commission.rule.status.set`: the rule's status alone, at `revision`. */
export const commissionRuleStatusSetDetail = z.object({ orgcode, rule_id: clientId, status: z.enum(ruleStatuses), revision });
export type CommissionRuleStatusSetDetail = z.infer<typeof commissionRuleStatusSetDetail>;

/**
 * A cached rule. `revision` is the rule's latest known revision, the one its
 * status comes from; `definition_revision` (at most `revision`) is the
 * rule.set its definition comes from: a status.set moves the first only.
 */
export const commissionRuleSchema = builtOnFirstUse(() => z.object({
  orgcode,
  rule_id: clientId,
  status: z.enum(ruleStatuses),
  ...definitionFields,
  revision,
  definition_revision: revision,
  updated_at: instant,
}));
export type CommissionRule = z.infer<typeof commissionRuleSchema>;

/** The sale (an order line) a rule is asked about. */
export interface SaleLine {
  /** When the order was placed (ISO 8601). */
  placedAt: string;
  channelCode?: string;
  sku?: string;
}

const inScope = (listed: readonly string[] | undefined, value: string | undefined) =>
  listed === undefined || (value !== undefined && listed.includes(value));

/** Whether the rule earns commission on the sale: active, effective when it was placed, and in scope. */
export function ruleApplies(rule: CommissionRule, sale: SaleLine): boolean {
  const placedAt = Date.parse(sale.placedAt);
  const effective =
    Date.parse(rule.effective_from) <= placedAt && (rule.effective_to === undefined || placedAt < Date.parse(rule.effective_to));
  return (
    rule.status === 'active' &&
    effective &&
    inScope(rule.scope?.channel_codes, sale.channelCode) &&
    inScope(rule.scope?.skus, sale.sku)
  );
}

/** The rule's tiers, lowest first; a flat rate is one tier from 0. */
function tiersOf(rule: Pick<CommissionRule, 'rate_bps' | 'tiers'>): CommissionTier[] {
  if (rule.tiers) return [...rule.tiers].sort((a, b) => a.from_amount - b.from_amount);
  if (rule.rate_bps === undefined) throw new RangeError('A commission rule has either rate_bps or tiers');
  return [{ from_amount: 0, rate_bps: rule.rate_bps }];
}

/** numerator / denominator (both non-negative) to the nearest integer, halves up. */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * The commission on a base of `base` minor units of `currency` (tier bounds are
 * in its units). Each tier's rate applies to the part of the base from its
 * from_amount up to the next tier's; a flat rate to the whole base. The sum is
 * exact (bounds have at most 6 decimals, so everything is counted in
 * millionths of a unit or finer) and rounded once, to the nearest minor unit,
 * halves up: never per tier, so tiers cannot add up rounding errors.
 */
export function commissionOn(rule: Pick<CommissionRule, 'rate_bps' | 'tiers'>, base: MinorUnits, currency: string): MinorUnits {
  if (base < 0n) throw new RangeError(`A commission base cannot be negative: ${base}`);
  const bounds = tiersOf(rule).map((entry) => ({ from: decimalFromNumber(entry.from_amount), rate: BigInt(entry.rate_bps) }));
  const digits = minorDigits(currency);
  const scale = Math.max(digits, ...bounds.map(({ from }) => from.scale));
  const scaled = (units: bigint, unitsScale: number) => units * 10n ** BigInt(scale - unitsScale);
  const scaledBase = scaled(base, digits);
  let numerator = 0n;
  bounds.forEach(({ from, rate }, index) => {
    const next = bounds[index + 1];
    const start = scaled(from.units, from.scale);
    const end = next === undefined ? scaledBase : minUnits(scaled(next.from.units, next.from.scale), scaledBase);
    if (end > start) numerator += rate * (end - start);
  });
  return roundHalfUp(numerator, BigInt(maxRateBps) * 10n ** BigInt(scale - digits));
}
