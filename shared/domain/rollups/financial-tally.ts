import { type Decimal, addDecimals, decimalFromNumber, decimalToNumber } from '../decimal';
import { agingBucket, daysPastDue } from '../receivables/aging';
import {
  type FinancialDimension,
  type FinancialFigure,
  type FinancialMetric,
  financialDimensions,
  unassignedValue,
} from './financial-rollup';
import type { LedgerEntry } from './ledger-entry';
import { taxParts } from './tax-parts';
import { byCodeUnits } from '../code-units';

/** What is owed on one due day in one currency (the pre-aggregated receivables). */
export interface OwedAmount {
  currency: string;
  due_day: string;
  balance: number;
  open_invoices: number;
}

interface Running {
  count: number;
  amount: Decimal;
  tax_amount: Decimal;
}

const zero: Decimal = { units: 0n, scale: 0 };
const signed = (value: number, sign: 1 | -1): Decimal => {
  const decimal = decimalFromNumber(value);
  return { units: decimal.units * BigInt(sign), scale: decimal.scale };
};

/** Plain string order, the same whatever the runtime's locale. */

/** The method a captured tender names in its `tender_method` source ref (docs/decisions.md: Ledger of incoming events). */
export function tenderMethodOf(entry: LedgerEntry): string {
  return entry.source_refs?.find((ref) => ref.kind === 'tender_method')?.id ?? unassignedValue;
}

/**
 * Sums one organisation's day into figures per dimension value and currency,
 * exactly (decimals, never binary floats), entry by entry, so a day of any
 * size is read once and never held in memory.
 *
 * An entry counts in the currency of its amount (else of its tax amount); one
 * with neither has nothing to count. An order counts in `tax` once under
 * each jurisdiction its tax divides into (./tax-parts.ts), with its whole
 * amount and that jurisdiction's part of its tax. A cancelled order takes its
 * order's figures back, under the order's channel and jurisdictions, on the
 * day of the cancellation. Figures that net to nothing (count, amount and tax
 * all zero) are left out, and so is a value left with no figures.
 */
export class FinancialTally {
  private readonly values = new Map<string, { dimension: FinancialDimension; value: string; currencies: Map<string, Running> }>();

  addOrderPlaced(order: LedgerEntry): void {
    this.addOrder(order, 1);
  }

  /** `order` is the placed order's entry: the cancellation itself carries no amounts. */
  addOrderCancelled(order: LedgerEntry): void {
    this.addOrder(order, -1);
  }

  addTenderCaptured(tender: LedgerEntry): void {
    this.addEntry('tender', tenderMethodOf(tender), tender, 1);
  }

  /** Ages what is owed as of `asOfDay` (the rollup's own day, as `/ar/aging/report` would with `as_of`). */
  addOwed(owed: OwedAmount, asOfDay: string): void {
    const running = this.running('ar_aging', agingBucket(daysPastDue(owed.due_day, asOfDay)), owed.currency);
    running.count += owed.open_invoices;
    running.amount = addDecimals(running.amount, signed(owed.balance, 1));
  }

  /** The figures, by dimension (sales, tender, tax, ar_aging), then value, then currency. */
  figures(): FinancialFigure[] {
    const figures: FinancialFigure[] = [];
    for (const { dimension, value, currencies } of this.values.values()) {
      const metrics: FinancialMetric[] = [...currencies.entries()]
        .filter(([, running]) => running.count !== 0 || running.amount.units !== 0n || running.tax_amount.units !== 0n)
        .sort(([a], [b]) => byCodeUnits(a, b))
        .map(([currency, running]) => ({
          currency,
          count: running.count,
          amount: decimalToNumber(running.amount),
          tax_amount: decimalToNumber(running.tax_amount),
        }));
      if (metrics.length) figures.push({ dimension, dimension_value: value, metrics });
    }
    const rank = (dimension: FinancialDimension) => financialDimensions.indexOf(dimension);
    return figures.sort((a, b) => rank(a.dimension) - rank(b.dimension) || byCodeUnits(a.dimension_value, b.dimension_value));
  }

  private addOrder(order: LedgerEntry, sign: 1 | -1): void {
    this.addEntry('sales', order.channel_code ?? unassignedValue, order, sign);
    for (const part of taxParts(order)) this.addEntry('tax', part.jurisdiction, { amount: order.amount, tax_amount: part.tax_amount }, sign);
  }

  private addEntry(dimension: FinancialDimension, value: string, entry: LedgerEntry, sign: 1 | -1): void {
    const countedIn = entry.amount?.currency ?? entry.tax_amount?.currency;
    if (countedIn === undefined) return;
    this.running(dimension, value, countedIn).count += sign;
    if (entry.amount) {
      const running = this.running(dimension, value, entry.amount.currency);
      running.amount = addDecimals(running.amount, signed(entry.amount.amount, sign));
    }
    if (entry.tax_amount) {
      const running = this.running(dimension, value, entry.tax_amount.currency);
      running.tax_amount = addDecimals(running.tax_amount, signed(entry.tax_amount.amount, sign));
    }
  }

  private running(dimension: FinancialDimension, value: string, currency: string): Running {
    const key = `${dimension}\n${value}`;
    let entry = this.values.get(key);
    if (!entry) this.values.set(key, (entry = { dimension, value, currencies: new Map() }));
    let running = entry.currencies.get(currency);
    if (!running) entry.currencies.set(currency, (running = { count: 0, amount: zero, tax_amount: zero }));
    return running;
  }
}
