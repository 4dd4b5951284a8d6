import type { MinorUnits } from '../receivables/money';
import { byCodeUnits } from '../code-units';
import type { LineSide } from './gl-mapping';

/** Debits and credits, exact, in minor units. */
export interface Sides {
  debit: MinorUnits;
  credit: MinorUnits;
}

export interface AccountSides extends Sides {
  account: string;
  currency: string;
}

/** Debits and credits per account and currency: what a trial balance and a journal's evidence add up. */
export class AccountTotals {
  private readonly byAccount = new Map<string, AccountSides>();

  add(account: string, currency: string, side: LineSide, units: MinorUnits): void {
    const key = `${account}\n${currency}`;
    let sides = this.byAccount.get(key);
    if (!sides) this.byAccount.set(key, (sides = { account, currency, debit: 0n, credit: 0n }));
    sides[side] += units;
  }

  /** Every account's sides, by account, then currency. */
  rows(): AccountSides[] {
    return [...this.byAccount.values()].sort((a, b) => byCodeUnits(a.account, b.account) || byCodeUnits(a.currency, b.currency));
  }
}
