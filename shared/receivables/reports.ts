import type { StartKey } from '../db/query-page';
import { type ReceivableAmount, readReceivables } from '../db/receivables/receivables-repository';
import { readNetBefore, readStatementEntries } from '../db/receivables/statement-repository';
import type { StatementLine } from '../domain/receivables/balances';
import { fromMinorUnits, toMinorUnits } from '../domain/receivables/money';
import * as keys from '../db/keys';

/** One customer's amounts owed in one currency, by due day. */
export interface CustomerReceivables {
  customer_id: string;
  currency: string;
  amounts: ReceivableAmount[];
}

/** Where a customer-by-customer report resumes: after this item, inside the group it was in (if cut). */
export interface ReceivablesCursor {
  key: StartKey;
  carry?: CustomerReceivables;
}

/** Pre-aggregated items read per call at the most: the bound on one report call's work. */
export const maxReceivableItemsPerCall = 4000;
const maxItemsPerRead = 1000;

const sameGroup = (group: CustomerReceivables, amount: ReceivableAmount) =>
  group.customer_id === amount.customer_id && group.currency === amount.currency;

/**
 * Up to `limit` complete customer-and-currency groups of the org's
 * receivables, in customer order, read in large pages. The page ends where
 * the group after the last one begins (the cursor is that group's first
 * item's predecessor), or, when the call's read budget runs out inside a
 * group, with that group carried in the cursor.
 */
export async function readCustomerReceivables(
  orgcode: string,
  filter: { customer_id?: string; currency?: string },
  limit: number,
  cursor?: ReceivablesCursor,
): Promise<{ groups: CustomerReceivables[]; next?: ReceivablesCursor }> {
  const groups: CustomerReceivables[] = [];
  let carry = cursor?.carry;
  let key = cursor?.key;
  let itemsRead = 0;
  const keyOf = (amount: ReceivableAmount): StartKey => ({ ...keys.receivable(orgcode, amount.customer_id, amount.currency, amount.due_day) });
  do {
    const page = await readReceivables(orgcode, filter, maxItemsPerRead, key);
    itemsRead += page.amounts.length;
    for (const [index, amount] of page.amounts.entries()) {
      if (carry && sameGroup(carry, amount)) {
        carry.amounts.push(amount);
        continue;
      }
      if (carry) groups.push(carry);
      if (groups.length === limit) {
        const previous = page.amounts[index - 1];
        // The previous item closed the last group: the next page starts at this one.
        return { groups, next: { key: previous ? keyOf(previous) : (key as StartKey) } };
      }
      carry = { customer_id: amount.customer_id, currency: amount.currency, amounts: [amount] };
    }
    key = page.lastKey;
  } while (key && itemsRead < maxReceivableItemsPerCall);
  if (!key) return { groups: carry ? [...groups, carry] : groups };
  return { groups, next: { key, carry } };
}

export type CurrencyUnits = Record<string, string>;

const addUnits = (units: CurrencyUnits, currency: string, amount: bigint) => {
  units[currency] = String(BigInt(units[currency] ?? '0') + amount);
};

export const moneyList = (units: CurrencyUnits) =>
  Object.keys(units)
    .sort()
    .map((currency) => ({ currency, amount: fromMinorUnits(BigInt(units[currency] ?? '0'), currency) }));

/** Sums balances per currency into `units`. */
export function addBalances(units: CurrencyUnits, group: CustomerReceivables): bigint {
  let sum = 0n;
  for (const amount of group.amounts) sum += toMinorUnits(amount.balance, group.currency) ?? 0n;
  addUnits(units, group.currency, sum);
  return sum;
}

/**
 * The customer's balance per currency at `from`: the net of every month
 * before `from`'s month, plus the entries of that month before `from`. Cost:
 * one item per month of history and the entries of one month.
 */
export async function openingBalances(orgcode: string, customerId: string, from: string): Promise<CurrencyUnits> {
  const month = from.slice(0, 7);
  const opening: CurrencyUnits = {};
  for (const net of await readNetBefore(orgcode, customerId, month)) {
    addUnits(opening, net.currency, toMinorUnits(net.net, net.currency) ?? 0n);
  }
  let key: StartKey | undefined;
  do {
    const page = await readStatementEntries(orgcode, customerId, { from_utc: `${month}-01T00:00:00.000Z`, to_utc: from }, maxItemsPerRead, key);
    for (const entry of page.entries) addUnits(opening, entry.currency, toMinorUnits(entry.amount, entry.currency) ?? 0n);
    key = page.lastKey;
  } while (key);
  return opening;
}

/** The next `limit` entries in [from_utc, to_utc), each with the running balance after it (updating `running`). */
export async function statementLines(
  orgcode: string,
  customerId: string,
  window: { from_utc: string; to_utc: string },
  running: CurrencyUnits,
  limit: number,
  startKey?: StartKey,
): Promise<{ lines: StatementLine[]; lastKey?: StartKey }> {
  const page = await readStatementEntries(orgcode, customerId, window, limit, startKey);
  const lines = page.entries.map((entry) => {
    addUnits(running, entry.currency, toMinorUnits(entry.amount, entry.currency) ?? 0n);
    return { ...entry, running_balance: fromMinorUnits(BigInt(running[entry.currency] ?? '0'), entry.currency) };
  });
  return { lines, lastKey: page.lastKey };
}
