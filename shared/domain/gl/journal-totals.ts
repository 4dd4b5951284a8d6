import * as z from 'zod/mini';
import { builtOnFirstUse } from '../common-schemas';
import { fromMinorUnits } from '../receivables/money';
import { roundedMinorUnits } from './journal-entry';
import type { JournalEntry } from './journal-entry';
import { AccountTotals, type Sides } from './account-totals';
import { byCodeUnits } from '../code-units';

/**
 * The proof a journal file, batch or export carries in its evidence and
 * manifest (docs/decisions.md: General ledger journal, evidence): how many
 * entries and lines, debits and credits per currency (always equal) and per
 * account, and how many entries did not balance (always 0). Summed from the
 * lines as written, exactly, in minor units: an auditor adds up a file's
 * lines and finds these figures.
 */
export const journalEvidence = builtOnFirstUse(() =>
  z.object({
    entries: z.int(),
    lines: z.int(),
    currencies: z.array(z.object({ currency: z.string(), debit_total: z.number(), credit_total: z.number() })),
    accounts: z.array(z.object({ account: z.string(), currency: z.string(), debit_total: z.number(), credit_total: z.number() })),
    unbalanced_entries: z.int(),
  }),
);
export type JournalEvidence = z.infer<typeof journalEvidence>;

export class JournalTally {
  private entries = 0;
  private lines = 0;
  private unbalanced = 0;
  private readonly currencies = new Map<string, Sides>();
  private readonly accounts = new AccountTotals();

  add(entry: Pick<JournalEntry, 'currency' | 'lines'>): void {
    this.entries += 1;
    let balance = 0n;
    const currency = this.currencySides(entry.currency);
    for (const line of entry.lines) {
      const units = roundedMinorUnits(line.amount, entry.currency);
      this.accounts.add(line.account, entry.currency, line.side, units);
      currency[line.side] += units;
      balance += line.side === 'debit' ? units : -units;
      this.lines += 1;
    }
    if (balance !== 0n) this.unbalanced += 1;
  }

  /** Adds another tally's figures (a batch's into its export's). */
  merge(other: JournalEvidence): void {
    this.entries += other.entries;
    this.lines += other.lines;
    this.unbalanced += other.unbalanced_entries;
    for (const total of other.currencies) {
      const sides = this.currencySides(total.currency);
      sides.debit += roundedMinorUnits(total.debit_total, total.currency);
      sides.credit += roundedMinorUnits(total.credit_total, total.currency);
    }
    for (const total of other.accounts) {
      this.accounts.add(total.account, total.currency, 'debit', roundedMinorUnits(total.debit_total, total.currency));
      this.accounts.add(total.account, total.currency, 'credit', roundedMinorUnits(total.credit_total, total.currency));
    }
  }

  evidence(): JournalEvidence {
    return {
      entries: this.entries,
      lines: this.lines,
      currencies: [...this.currencies]
        .sort(([a], [b]) => byCodeUnits(a, b))
        .map(([currency, sides]) => ({ currency, debit_total: fromMinorUnits(sides.debit, currency), credit_total: fromMinorUnits(sides.credit, currency) })),
      accounts: this.accounts.rows().map(({ account, currency, debit, credit }) => ({
        account,
        currency,
        debit_total: fromMinorUnits(debit, currency),
        credit_total: fromMinorUnits(credit, currency),
      })),
      unbalanced_entries: this.unbalanced,
    };
  }

  private currencySides(currency: string): Sides {
    let sides = this.currencies.get(currency);
    if (!sides) this.currencies.set(currency, (sides = { debit: 0n, credit: 0n }));
    return sides;
  }
}
