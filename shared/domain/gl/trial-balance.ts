import * as z from 'zod/mini';
import { builtOnFirstUse } from '../common-schemas';
import { type MinorUnits, fromMinorUnits } from '../receivables/money';
import { type GlMapping, type LineSide, mappingForDay, ruleFor } from './gl-mapping';
import { type DayFigures, type DayTotalsGroup, mixedCurrencies, noMoney, taxFigure } from './journal-day-totals';
import { type JournalEntry, roundedMinorUnits } from './journal-entry';
import { AccountTotals, type Sides } from './account-totals';
import { byCodeUnits } from '../code-units';

/**
 * Balances per account as of a day (docs/decisions.md: General ledger
 * journal, trial balance): every event up to the end of the day, exported or
 * not, mapped by the revisions as they stand, each on its own day, from the
 * day totals (./journal-day-totals.ts) and the cancellations' reversals.
 */

export const trialBalanceReport = builtOnFirstUse(() =>
  z.object({
    as_of: z.string(),
    accounts: z.array(
      z.object({ account: z.string(), currency: z.string(), debit_total: z.number(), credit_total: z.number(), balance: z.number() }),
    ),
    totals: z.array(z.object({ currency: z.string(), debit_total: z.number(), credit_total: z.number() })),
    unmapped: z.int(),
  }),
);
export type TrialBalanceReport = z.infer<typeof trialBalanceReport>;

const opposite = (side: LineSide): LineSide => (side === 'debit' ? 'credit' : 'debit');

export class TrialBalance {
  private readonly accounts = new AccountTotals();
  private unmapped = 0;

  constructor(
    private readonly mappings: readonly GlMapping[],
    private readonly currency?: string,
  ) {}

  /** A day's totals of one group of events, mapped as each of its events would be. */
  addDayTotals(group: DayTotalsGroup, figures: DayFigures): void {
    const count = Number(figures.count ?? 0n);
    const mapping = mappingForDay(this.mappings, group.day);
    const rule = mapping && group.currency !== mixedCurrencies ? ruleFor(mapping.rules, { ...group, ...(group.currency !== noMoney && { currency: group.currency }) }) : undefined;
    if (!mapping || !rule) {
      this.unmapped += count;
      return;
    }
    if (group.currency === noMoney || (this.currency !== undefined && group.currency !== this.currency)) return;
    const post = (side: LineSide, account: string, positive: MinorUnits = 0n, negative: MinorUnits = 0n) => {
      this.add(account, group.currency, side, positive);
      this.add(account, group.currency, opposite(side), negative);
    };
    let taxLinesDebitsLessCredits = 0n;
    for (const line of rule.lines) {
      if (line.amount !== 'tax') {
        post(line.side, line.account, figures[`${line.amount}+`], figures[`${line.amount}-`]);
        continue;
      }
      taxLinesDebitsLessCredits += line.side === 'debit' ? 1n : -1n;
      for (const jurisdiction of taxJurisdictions(figures)) {
        const account = line.tax_accounts?.[jurisdiction] ?? line.account;
        post(line.side, account, figures[taxFigure('+', jurisdiction)], figures[taxFigure('-', jurisdiction)]);
      }
    }
    // Each event's rounding line takes back d x r: a credit while it is positive, a debit while negative.
    const d = taxLinesDebitsLessCredits;
    const [leftOver, takenBack] = d > 0n ? [figures['round+'] ?? 0n, figures['round-'] ?? 0n] : [figures['round-'] ?? 0n, figures['round+'] ?? 0n];
    const times = d > 0n ? d : -d;
    this.add(mapping.rounding_account, group.currency, 'credit', times * leftOver);
    this.add(mapping.rounding_account, group.currency, 'debit', times * takenBack);
  }

  /** An entry posted as it is (a cancellation's reversal of its order), or a cancellation nothing can reverse. */
  addEntry(entry: JournalEntry | 'unmapped'): void {
    if (entry === 'unmapped') {
      this.unmapped += 1;
      return;
    }
    if (this.currency !== undefined && entry.currency !== this.currency) return;
    for (const line of entry.lines) this.add(line.account, entry.currency, line.side, roundedMinorUnits(line.amount, entry.currency));
  }

  report(asOf: string): TrialBalanceReport {
    const accounts = this.accounts.rows().filter((sides) => sides.debit !== 0n || sides.credit !== 0n);
    const totals = new Map<string, Sides>();
    for (const sides of accounts) {
      const total = totals.get(sides.currency) ?? { debit: 0n, credit: 0n };
      totals.set(sides.currency, { debit: total.debit + sides.debit, credit: total.credit + sides.credit });
    }
    return {
      as_of: asOf,
      accounts: accounts.map(({ account, currency, debit, credit }) => ({
        account,
        currency,
        debit_total: fromMinorUnits(debit, currency),
        credit_total: fromMinorUnits(credit, currency),
        balance: fromMinorUnits(debit - credit, currency),
      })),
      totals: [...totals]
        .sort(([a], [b]) => byCodeUnits(a, b))
        .map(([currency, sides]) => ({ currency, debit_total: fromMinorUnits(sides.debit, currency), credit_total: fromMinorUnits(sides.credit, currency) })),
      unmapped: this.unmapped,
    };
  }

  private add(account: string, currency: string, side: LineSide, units: MinorUnits): void {
    if (units !== 0n) this.accounts.add(account, currency, side, units);
  }
}

/** The jurisdictions a group's tax figures name. */
function taxJurisdictions(figures: DayFigures): string[] {
  const codes = new Set<string>();
  for (const name of Object.keys(figures)) if (name.startsWith('tax+') || name.startsWith('tax-')) codes.add(name.slice(4));
  return [...codes].sort(byCodeUnits);
}
