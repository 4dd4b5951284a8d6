import type { ValidationIssue } from '../errors';
import type { OrderPlacedDetail } from '../receivables/incoming-events';
import { type MinorUnits, fromMinorUnits, readAmount, sumUnits, timesQuantity, toMinorUnits } from '../receivables/money';
import type { Commission } from './commission';
import { type CommissionRule, commissionOn, ruleApplies } from './commission-rule';

/** A sale as rating reads it: each order line's amount before tax, exact in minor units of `currency`. */
export interface Sale {
  placedAt: string;
  channelCode?: string;
  currency: string;
  lines: Array<{ sku: string; amount: MinorUnits }>;
}

/** The order's sale, or the issues that keep it from being read exactly (by detail path). */
export function saleOfOrder(order: OrderPlacedDetail): { sale: Sale } | { issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const lines = order.lines.map((line, index) => {
    const unit = readAmount(line.unit_amount, order.currency);
    if ('problem' in unit) {
      issues.push({ path: `detail.lines.${index}.unit_amount`, message: unit.problem });
      return { sku: line.sku, amount: 0n };
    }
    if (unit.units < 0n) issues.push({ path: `detail.lines.${index}.unit_amount`, message: 'must not be negative' });
    const amount = timesQuantity(unit.units, line.quantity);
    if (amount === undefined) {
      issues.push({
        path: `detail.lines.${index}.quantity`,
        message: `quantity x unit_amount must come to whole ${order.currency} minor units`,
      });
    }
    return { sku: line.sku, amount: amount ?? 0n };
  });
  if (issues.length) return { issues };
  return { sale: { placedAt: order.placed_at, channelCode: order.channel_code, currency: order.currency, lines } };
}

/** The sale's lines as a commission keeps them, in major units. */
export function storedSaleLines(sale: Sale): Commission['sale_lines'] {
  return sale.lines.map((line) => ({ sku: line.sku, amount: fromMinorUnits(line.amount, sale.currency) }));
}

/** The sale a commission was created for, to rate it later. */
export function saleOfCommission(commission: Commission): Sale {
  return {
    placedAt: commission.placed_at,
    channelCode: commission.channel_code,
    currency: commission.currency,
    lines: commission.sale_lines.map((line) => ({ sku: line.sku, amount: toMinorUnits(line.amount, commission.currency) ?? 0n })),
  };
}

const lineCovered = (rule: CommissionRule, sale: Sale, sku: string) =>
  ruleApplies(rule, { placedAt: sale.placedAt, channelCode: sale.channelCode, sku });

/**
 * The rule in force for a sale: active, covering when it was placed, its
 * channel and at least one of its lines' SKUs; of several, the one with the
 * latest effective_from, then the lowest rule_id, so every rating of the same
 * sale under the same rules picks the same one.
 */
export function ruleInForce(rules: readonly CommissionRule[], sale: Sale): CommissionRule | undefined {
  const covering = rules.filter((rule) => sale.lines.some((line) => lineCovered(rule, sale, line.sku)));
  return covering.sort(
    (a, b) =>
      Date.parse(b.effective_from) - Date.parse(a.effective_from) || (a.rule_id < b.rule_id ? -1 : a.rule_id > b.rule_id ? 1 : 0),
  )[0];
}

export interface Rating {
  rule: CommissionRule;
  /** The subtotal of the lines the rule covers, tax excluded. */
  base: MinorUnits;
  amount: MinorUnits;
}

/** The sale rated by the rule in force, or undefined when no rule covers it. */
export function rateSale(rules: readonly CommissionRule[], sale: Sale): Rating | undefined {
  const rule = ruleInForce(rules, sale);
  if (!rule) return undefined;
  const base = sumUnits(sale.lines.filter((line) => lineCovered(rule, sale, line.sku)).map((line) => line.amount));
  return { rule, base, amount: commissionOn(rule, base, sale.currency) };
}
