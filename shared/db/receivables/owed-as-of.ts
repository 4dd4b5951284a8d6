import { idTime } from '../../domain/identifiers';
import { fromMinorUnits, toMinorUnits } from '../../domain/receivables/money';
import type { OwedAmount } from '../../domain/rollups/financial-tally';
import * as keys from '../keys';
import { queryAll } from '../query-page';
import { type RecordedLaterChange, changesCountingAfter } from './receivable-changes-repository';
import { shardKey, shardKeys, shardLayout } from '../shard-layout';

/**
 * What an organisation was owed at the end of a past day, for the financial
 * rollup's ar_aging, from one consistent source (issue 29). Every change of
 * what is owed adds, in its own transaction, to its aggregate (customer,
 * currency, due day, on its invoice's shard) both the total and the part of
 * the day it counts on (`balance_on_<day>`, `open_invoices_on_<day>`), so
 * one consistent read of an aggregate gives what it owed at the end of any
 * day: the total less the parts of later days. A change committed while the
 * rollup runs is then in both or in neither.
 *
 * The changes by day (the statement entries' list partitions on the table,
 * receivable-changes-repository.ts) serve only for what no aggregate read
 * holds: changes from before the aggregate tracked its days (`tracked_since`,
 * the first change it tracked: an aggregate of before this, or a settled one
 * that expired and came back), and those of an aggregate gone. A settled
 * aggregate expires a day after it settled at the earliest, so these are all
 * at least a day old.
 */

/** The attribute holding the first change an aggregate tracked by day. */
export const trackedSince = 'tracked_since';

/** A settled aggregate is kept this long before it expires. */
export const settledRetentionSeconds = 24 * 60 * 60;

/**
 * How long before an aggregate's first tracked change another change may
 * have been recorded and still committed after it (a function's deadline,
 * with room): such a change is in the aggregate too.
 */
const trackingSlackMs = 5 * 60_000;

const balanceOnPrefix = 'balance_on_';
const openInvoicesOnPrefix = 'open_invoices_on_';

/** The attributes of an aggregate a change counting on `day` adds to, beside its totals. */
export const countedOnAttributes = (day: string) => ({ balance: `${balanceOnPrefix}${day}`, openInvoices: `${openInvoicesOnPrefix}${day}` });

/** The same as an update expression's names. */
export function countedOnNames(day: string): Record<'#balanceOn' | '#openOn', string> {
  const attributes = countedOnAttributes(day);
  return { '#balanceOn': attributes.balance, '#openOn': attributes.openInvoices };
}

/** Aggregates read per Query page; DynamoDB Local slows down on unbounded pages. */
const aggregatesPerPage = 1000;

/** What one aggregate item owed at the end of `day`: its total less the parts counting after it, exactly. */
function owedAtEndOf(item: Record<string, unknown>, day: string): OwedAmount {
  const currency = String(item.currency);
  let units = toMinorUnits(Number(item.balance ?? 0), currency) ?? 0n;
  let openInvoices = Number(item.open_invoices ?? 0);
  for (const [name, value] of Object.entries(item)) {
    if (!name.startsWith(balanceOnPrefix) || name.slice(balanceOnPrefix.length) <= day) continue;
    units -= toMinorUnits(Number(value), currency) ?? 0n;
    openInvoices -= Number(item[`${openInvoicesOnPrefix}${name.slice(balanceOnPrefix.length)}`] ?? 0);
  }
  return { currency, due_day: String(item.due_day), balance: fromMinorUnits(units, currency), open_invoices: openInvoices };
}

const aggregateOf = (orgcode: string, change: RecordedLaterChange) =>
  `${shardKey(keys.receivablesPartition(orgcode), change.shard)}|${keys.receivableSortKey(change.customer_id, change.currency, change.due_day)}`;

/**
 * What the org was owed as of the end of `day`, per currency and due day, in
 * parts that add up to it: each aggregate as it was then (consistent reads,
 * settled ones included), then the later changes no aggregate holds, taken back.
 */
export async function* owedAmountsAsOf(orgcode: string, day: string): AsyncGenerator<OwedAmount> {
  const trackedFrom = new Map<string, number>();
  for (const partition of shardKeys(keys.receivablesPartition(orgcode), await shardLayout(orgcode))) {
    for await (const item of queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition }, ConsistentRead: true, Limit: aggregatesPerPage })) {
      const owed = owedAtEndOf(item, day);
      if (owed.balance !== 0 || owed.open_invoices !== 0) yield owed;
      if (item[trackedSince] !== undefined) trackedFrom.set(`${item.pk}|${item.sk}`, idTime(String(item[trackedSince])) - trackingSlackMs);
    }
  }
  for await (const change of changesCountingAfter(orgcode, day)) {
    const from = trackedFrom.get(aggregateOf(orgcode, change));
    if (from !== undefined && idTime(change.entry_id) >= from) continue;
    yield { currency: change.currency, due_day: change.due_day, balance: -change.amount, open_invoices: -change.open_invoices_delta };
  }
}
