import * as keys from '../db/keys';
import { type ReceivableLaterChange, type ReceivablesKeyRange, readChangesCountingAfter } from '../db/receivables/receivable-changes-repository';
import { type DueAmount, type LaterChange, amountsAsOf } from '../domain/receivables/aging';
import { type CustomerReceivables, type ReceivablesCursor, readCustomerReceivables } from './reports';

/**
 * The aging report's pages as of a day (docs/decisions.md: Accounts
 * receivable): today's aggregates of a range of customers, less the changes
 * of that range that count after the day. A customer who owed then but owes
 * nothing now has no aggregate, only changes: it is merged in at its place in
 * customer order, so a page covers a range of customers, and each change is
 * read by the one page whose range holds it.
 */

/** Where the next page resumes: in the aggregates, and past the changes of the customers already answered. */
export interface AgingCursor {
  receivables: ReceivablesCursor;
  /** The end of the last group answered (a sort key of the aggregates' order). */
  answeredThrough?: string;
}

const startOf = (group: { customer_id: string; currency: string }) => keys.receivablesGroupStart(group.customer_id, group.currency);
const endOf = (group: { customer_id: string; currency: string }) => keys.receivablesGroupEnd(group.customer_id, group.currency);
const higher = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || a > b ? a : b);

/** One customer's amounts owed in one currency as of a day, by due day. */
export interface CustomerDueAmounts {
  customer_id: string;
  currency: string;
  amounts: DueAmount[];
}

/** Today's groups and the later changes, as one list of groups in customer order, each with its changes. */
function mergeGroups(groups: readonly CustomerReceivables[], changes: readonly ReceivableLaterChange[]) {
  const merged = new Map<string, CustomerDueAmounts & { later: LaterChange[] }>();
  for (const group of groups) merged.set(startOf(group), { ...group, later: [] });
  for (const change of changes) {
    const start = startOf(change);
    let group = merged.get(start);
    if (!group) merged.set(start, (group = { customer_id: change.customer_id, currency: change.currency, amounts: [], later: [] }));
    group.later.push(change);
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, group]) => group);
}

/**
 * Up to `limit` customer-and-currency groups of what was owed as of `asOf`,
 * in customer order, each by due day. The customers a page answers for run
 * from the previous page's last to its own last group (to the end on the last
 * page); the changes of those customers counting after `asOf` are read and
 * taken back. Merged-in customers beyond `limit` are left to the next page,
 * which resumes the aggregates after the last group answered.
 */
export async function readCustomerReceivablesAsOf(
  orgcode: string,
  filter: { customer_id?: string; currency?: string },
  asOf: string,
  limit: number,
  cursor?: AgingCursor,
): Promise<{ groups: CustomerDueAmounts[]; next?: AgingCursor }> {
  const page = await readCustomerReceivables(orgcode, filter, limit, cursor?.receivables);
  const last = page.groups.at(-1);
  const answeredBefore = cursor?.answeredThrough;
  if (page.next && !last) {
    // The call's read budget went on one customer's amounts, carried to the next page: nothing is answered yet.
    return { groups: [], next: { receivables: page.next, answeredThrough: answeredBefore } };
  }
  const customer: ReceivablesKeyRange = filter.customer_id === undefined ? {} : keys.receivablesOfCustomerRange(filter.customer_id);
  const range: ReceivablesKeyRange = {
    from: higher(answeredBefore, customer.from),
    to: page.next && last ? endOf(last) : customer.to,
  };
  const changes = await readChangesCountingAfter(orgcode, asOf, range, filter.currency);
  const owing = mergeGroups(page.groups, changes)
    .map(({ later: takenBack, ...group }) => ({ ...group, amounts: amountsAsOf(group.currency, group.amounts, takenBack) }))
    .filter((group) => group.amounts.length > 0);
  if (owing.length > limit) {
    const lastAnswered = owing[limit - 1] as CustomerDueAmounts;
    const through = endOf(lastAnswered);
    return {
      groups: owing.slice(0, limit),
      next: { receivables: { key: { pk: keys.receivablesPartition(orgcode), sk: through } }, answeredThrough: through },
    };
  }
  return { groups: owing, next: page.next && { receivables: page.next, answeredThrough: range.to } };
}
