import type { Money } from '../common-schemas';
import { type Decimal, addDecimals, decimalFromNumber, decimalFromString, decimalToNumber, decimalToString } from '../decimal';

/**
 * Running totals of a reconcile report. Sums are kept as exact decimal strings
 * so they survive the trip through a page token without rounding.
 */
export interface ReconcileTotals {
  event_count: number;
  by_type: Record<string, number>;
  amount_totals: Record<string, string>;
  tax_totals: Record<string, string>;
}

export type ReconciledEvent = { event_type: string; amount?: Money; tax_amount?: Money };

export function emptyTotals(): ReconcileTotals {
  return { event_count: 0, by_type: {}, amount_totals: {}, tax_totals: {} };
}

type Sums = Map<string, Decimal>;

const sumsOf = (totals: Record<string, string>): Sums =>
  new Map(Object.entries(totals).map(([currency, sum]) => [currency, decimalFromString(sum)]));

const asStrings = (sums: Sums) => Object.fromEntries([...sums].map(([currency, sum]) => [currency, decimalToString(sum)]));

function addMoney(sums: Sums, money: Money | undefined) {
  if (!money) return;
  const amount = decimalFromNumber(money.amount);
  const sum = sums.get(money.currency);
  sums.set(money.currency, sum ? addDecimals(sum, amount) : amount);
}

/**
 * The totals with a page of events added. Each currency's sum is read from its
 * string once and written back once per page, not once per event: the round
 * trip was most of what the route spent beyond its Query (docs/decisions.md:
 * Performance).
 */
export function addToTotals(totals: ReconcileTotals, events: ReconciledEvent[]): ReconcileTotals {
  const byType = { ...totals.by_type };
  const amounts = sumsOf(totals.amount_totals);
  const taxes = sumsOf(totals.tax_totals);
  for (const event of events) {
    byType[event.event_type] = (byType[event.event_type] ?? 0) + 1;
    addMoney(amounts, event.amount);
    addMoney(taxes, event.tax_amount);
  }
  return { event_count: totals.event_count + events.length, by_type: byType, amount_totals: asStrings(amounts), tax_totals: asStrings(taxes) };
}

const asNumbers = (totals: Record<string, string>) =>
  Object.fromEntries(Object.entries(totals).map(([currency, sum]) => [currency, decimalToNumber(decimalFromString(sum))]));

/** The report object of `/reconcile/report` (spec: ReconcileReportRequest). */
export function reconcileReport(window: { from_utc: string; to_utc: string }, totals: ReconcileTotals, partial: boolean) {
  return {
    from_utc: window.from_utc,
    to_utc: window.to_utc,
    event_count: totals.event_count,
    by_type: totals.by_type,
    amount_totals: asNumbers(totals.amount_totals),
    tax_totals: asNumbers(totals.tax_totals),
    partial,
  };
}
