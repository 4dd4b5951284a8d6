import type { Money } from '../common-schemas';
import { addDecimals, decimalFromNumber, decimalFromString, decimalToNumber, decimalToString } from '../decimal';

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

function addMoney(totals: Record<string, string>, money: Money | undefined) {
  if (!money) return;
  const sum = decimalFromString(totals[money.currency] ?? '0');
  totals[money.currency] = decimalToString(addDecimals(sum, decimalFromNumber(money.amount)));
}

export function addToTotals(totals: ReconcileTotals, events: ReconciledEvent[]): ReconcileTotals {
  const next: ReconcileTotals = {
    event_count: totals.event_count + events.length,
    by_type: { ...totals.by_type },
    amount_totals: { ...totals.amount_totals },
    tax_totals: { ...totals.tax_totals },
  };
  for (const event of events) {
    next.by_type[event.event_type] = (next.by_type[event.event_type] ?? 0) + 1;
    addMoney(next.amount_totals, event.amount);
    addMoney(next.tax_totals, event.tax_amount);
  }
  return next;
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
