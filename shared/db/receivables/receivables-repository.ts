import { QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { ReceivableChange } from '../../domain/receivables/invoice-changes';
import { utcDay } from '../../domain/receivables/invoice';
import { fromMinorUnits, toMinorUnits } from '../../domain/receivables/money';
import type { GuardedWrite } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import { type Listing, listingPuts } from '../listings';
import { countedOnNames, settledRetentionSeconds, trackedSince } from './owed-as-of';
import type { StartKey } from '../query-page';
import { shardKey, shardLayout, shardKeys } from '../shard-layout';

/** One pre-aggregated amount owed: a customer's invoices in one currency due on one day. */
export interface ReceivableAmount {
  customer_id: string;
  currency: string;
  due_day: string;
  balance: number;
  open_invoices: number;
}

/** The invoice's share of the amount owed on a due day: on the invoice's shard (shared/db/item-shard.ts), added up with the other shards' on read. */
function receivableKey(orgcode: string, change: ReceivableChange, shard: number): keys.ItemKey {
  const key = keys.receivable(orgcode, change.customer_id, change.currency, change.due_day);
  return { pk: shardKey(key.pk, shard), sk: key.sk };
}

/**
 * A change's statement entry: the dated line a statement lists, which also
 * carries what aging as of an earlier day takes back (due day, open invoice
 * delta).
 */
export function statementEntryItem(orgcode: string, change: ReceivableChange): Record<string, unknown> {
  return {
    pk: keys.statementEntries(orgcode, change.customer_id),
    sk: timeOrderedKey(change.entry.at, change.entry.entry_id),
    record_type: 'statement_entry',
    customer_id: change.customer_id,
    due_day: change.due_day,
    open_invoices_delta: change.openInvoicesDelta,
    ...change.entry,
  };
}

/** What places a change's statement entry in its list. */
type ListedChange = Pick<ReceivableChange, 'customer_id' | 'currency' | 'due_day' | 'countsAt'> & { entry: Pick<ReceivableChange['entry'], 'entry_id'> };

/**
 * The list partition on the table a statement entry is listed in (docs/decisions.md:
 * Acknowledged writes are listed): the org's changes counting on the entry's
 * day (receivable-changes-repository.ts), on its invoice's shard, in the
 * aggregates' order and then by entry id. An entry never changes, so it never moves.
 */
export function statementEntryListings(orgcode: string, change: ListedChange, shard = 0): Listing[] {
  return [
    {
      partition: shardKey(keys.receivableChangesOn(orgcode, utcDay(change.countsAt)), shard),
      sortKey: keys.receivableChange(change.customer_id, change.currency, change.due_day, change.entry.entry_id),
    },
  ];
}

/**
 * The writes that keep the aggregates true, in the same transaction as the
 * change (four actions): the amount owed on the due day (the invoice's share,
 * on its `shard`), the statement entry and its copy in its day's changes, and
 * the month's net. DynamoDB adds numbers exactly (decimal, 38 digits).
 */
export function receivableWrites(orgcode: string, change: ReceivableChange, shard = 0): GuardedWrite[] {
  const delta = fromMinorUnits(change.balanceDelta, change.currency);
  const month = change.entry.at.slice(0, 7);
  const entry = statementEntryItem(orgcode, change);
  return [
    {
      update: {
        key: receivableKey(orgcode, change, shard),
        expression:
          'SET customer_id = :customer, currency = :currency, due_day = :day, record_type = :type, #tracked = if_not_exists(#tracked, :entry) ' +
          'ADD balance :delta, open_invoices :count, #balanceOn :delta, #openOn :count REMOVE expires_at_epoch',
        names: { '#tracked': trackedSince, ...countedOnNames(utcDay(change.countsAt)) },
        values: {
          ':entry': change.entry.entry_id,
          ':customer': change.customer_id,
          ':currency': change.currency,
          ':day': change.due_day,
          ':type': 'receivable',
          ':delta': delta,
          ':count': change.openInvoicesDelta,
        },
      },
    },
    { item: entry },
    ...listingPuts(entry, statementEntryListings(orgcode, change, shard)),
    {
      update: {
        key: keys.statementMonth(orgcode, change.customer_id, change.currency, month),
        expression: 'SET currency = :currency, #month = :month, record_type = :type ADD net :delta',
        names: { '#month': 'month' },
        values: { ':currency': change.currency, ':month': month, ':type': 'statement_month', ':delta': delta },
      },
    },
  ];
}

/**
 * Lets a due day's aggregate (the share on `shard`) expire once nothing is owed
 * on it, so reports read only what is open, yet not at once: the financial
 * rollup reads what was owed on a past day from the aggregates themselves
 * (shared/db/receivables/owed-as-of.ts), so one settled during a run must still be there.
 * Best effort after the change committed: the condition keeps a concurrent
 * addition safe (and every change removes the expiry), and a leftover zero is harmless.
 */
export async function pruneSettledReceivable(orgcode: string, change: ReceivableChange, shard: number): Promise<void> {
  if (change.balanceDelta >= 0n) return;
  try {
    await dynamo().send(new UpdateCommand(settledReceivableExpiry(orgcode, change, shard, new Date())));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** The conditional update that sets a settled aggregate's expiry (for the bench's parity too). */
export function settledReceivableExpiry(orgcode: string, change: ReceivableChange, shard: number, now: Date): UpdateCommandInput {
  return {
    TableName: tableName(),
    Key: receivableKey(orgcode, change, shard),
    UpdateExpression: 'SET expires_at_epoch = :expires',
    ConditionExpression: 'balance = :zero AND open_invoices = :zero',
    ExpressionAttributeValues: { ':zero': 0, ':expires': Math.floor(now.getTime() / 1000) + settledRetentionSeconds },
  };
}

export interface ReceivablesPage {
  amounts: ReceivableAmount[];
  lastKey?: StartKey;
}

/**
 * A page of the org's receivable amounts (one customer's when given), in
 * customer order, at most `maxItems`. Read consistently: every change answered
 * before is in it (docs/decisions.md: Acknowledged writes are listed). An
 * organisation with one shard reads one Query page, as always; with more,
 * every shard is read from the same place and the shares of one due day added
 * up (readSummedShards). Either way the next page starts after the key of the
 * last amount: a page token from before a raise continues on every shard.
 */
export async function readReceivables(
  orgcode: string,
  filter: { customer_id?: string; currency?: string },
  maxItems: number,
  startKey?: StartKey,
): Promise<ReceivablesPage> {
  const values: Record<string, unknown> = { ':zero': 0 };
  // A settled due day whose pruning did not happen is still an item; it owes nothing.
  const conditions = ['(balance <> :zero OR open_invoices <> :zero)'];
  let keyCondition = 'pk = :pk';
  if (filter.customer_id !== undefined) {
    keyCondition += ' AND begins_with(sk, :customer)';
    values[':customer'] = keys.receivablesOfCustomerPrefix(filter.customer_id);
  }
  if (filter.currency !== undefined) {
    values[':currency'] = filter.currency;
    conditions.push('currency = :currency');
  }
  const partition = keys.receivablesPartition(orgcode);
  const readShard = async (shard: string, limit: number, from?: StartKey) => {
    const result = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ConsistentRead: true,
        KeyConditionExpression: keyCondition,
        FilterExpression: conditions.join(' AND '),
        ExpressionAttributeValues: { ...values, ':pk': shard },
        Limit: limit,
        ExclusiveStartKey: from,
      }),
    );
    return { items: (result.Items ?? []).map((item) => withoutStorageAttributes<ReceivableAmount>(item)), lastKey: result.LastEvaluatedKey };
  };
  const layout = await shardLayout(orgcode);
  if (layout.readShards === 1) {
    const page = await readShard(partition, maxItems, startKey);
    return { amounts: page.items, lastKey: page.lastKey };
  }
  // The shards hold shares of the same keys, spread by invoice: each read a share of the page covers about the same range.
  const perShard = Math.ceil(maxItems / layout.readShards);
  const pages = await Promise.all(
    shardKeys(partition, layout).map((shard) => readShard(shard, perShard, startKey && { pk: shard, sk: startKey.sk })),
  );
  return readSummedShards(partition, pages, maxItems);
}

const amountKey = (amount: ReceivableAmount) => keys.receivableSortKey(amount.customer_id, amount.currency, amount.due_day);

/**
 * The amounts of every shard's page added up per due day, in key order. An
 * amount is given only once every shard still being read was read past its
 * key (so no share of it is still unread), and at most `maxItems` of them; the
 * next page starts after the last key given. A due day whose shares add up to
 * nothing owes nothing and is left out.
 */
function readSummedShards(partition: string, pages: Array<{ items: ReceivableAmount[]; lastKey?: StartKey }>, maxItems: number): ReceivablesPage {
  const readTo = pages
    .flatMap((page) => (page.lastKey ? [String(page.lastKey.sk)] : []))
    .reduce<string | undefined>((earliest, key) => (earliest === undefined || key < earliest ? key : earliest), undefined);
  const sums = new Map<string, { amount: ReceivableAmount; units: bigint }>();
  for (const amount of pages.flatMap((page) => page.items)) {
    const key = amountKey(amount);
    if (readTo !== undefined && key > readTo) continue;
    const units = toMinorUnits(amount.balance, amount.currency) ?? 0n;
    const sum = sums.get(key);
    if (!sum) sums.set(key, { amount: { ...amount }, units });
    else {
      sum.units += units;
      sum.amount.open_invoices += amount.open_invoices;
    }
  }
  const given = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).slice(0, maxItems);
  const cut = given.length < sums.size;
  const lastGiven = given.at(-1)?.[0];
  const amounts = given
    .map(([, { amount, units }]) => ({ ...amount, balance: fromMinorUnits(units, amount.currency) }))
    .filter((amount) => amount.balance !== 0 || amount.open_invoices !== 0);
  const resumeAfter = cut ? lastGiven : readTo;
  return { amounts, ...(resumeAfter !== undefined && { lastKey: { pk: partition, sk: resumeAfter } }) };
}
