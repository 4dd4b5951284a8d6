import { QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { ReceivableChange, StatementEntry } from '../../domain/receivables/invoice-changes';
import { utcDay } from '../../domain/receivables/invoice';
import { fromMinorUnits, toMinorUnits } from '../../domain/receivables/money';
import type { GuardedWrite } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import { countedOnNames, settledRetentionSeconds, trackedSince } from './owed-as-of';
import { type StartKey, queryAll } from '../query-page';
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
 * delta), listed on gsi1 under the day the change counts on, on its invoice's shard.
 */
export function statementEntryItem(orgcode: string, change: ReceivableChange, shard = 0): Record<string, unknown> {
  return {
    pk: keys.statementEntries(orgcode, change.customer_id),
    sk: timeOrderedKey(change.entry.at, change.entry.entry_id),
    record_type: 'statement_entry',
    gsi1pk: shardKey(keys.receivableChangesOn(orgcode, utcDay(change.countsAt)), shard),
    gsi1sk: keys.receivableChange(change.customer_id, change.currency, change.due_day, change.entry.entry_id),
    customer_id: change.customer_id,
    due_day: change.due_day,
    open_invoices_delta: change.openInvoicesDelta,
    ...change.entry,
  };
}

/**
 * The writes that keep the aggregates true, in the same transaction as the
 * change: the amount owed on the due day (the invoice's share, on its
 * `shard`), the statement entry, and the month's net. DynamoDB adds numbers
 * exactly (decimal, 38 digits).
 */
export function receivableWrites(orgcode: string, change: ReceivableChange, shard = 0): GuardedWrite[] {
  const delta = fromMinorUnits(change.balanceDelta, change.currency);
  const month = change.entry.at.slice(0, 7);
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
    { item: statementEntryItem(orgcode, change, shard) },
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
 * customer order, at most `maxItems`. Eventually consistent: reports, like
 * lists, may lag a write. An organisation with one shard reads one Query
 * page, as always; with more, every shard is read from the same place and
 * the shares of one due day added up (readSummedShards). Either way the next
 * page starts after the key of the last amount: a page token from before a
 * raise continues on every shard.
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

/** The customer's net balance change per currency over every month before `month` (`YYYY-MM`). */
export async function readNetBefore(orgcode: string, customerId: string, month: string): Promise<Array<{ currency: string; month: string; net: number }>> {
  const nets: Array<{ currency: string; month: string; net: number }> = [];
  const months = queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.statementMonthsPartition(orgcode, customerId) } });
  for await (const item of months) {
    if (String(item.month) < month) nets.push({ currency: String(item.currency), month: String(item.month), net: Number(item.net) });
  }
  return nets;
}

/** A statement entry as stored: with what aging takes back of it. */
type StatementEntryItem = StatementEntry & { customer_id: string; due_day: string; open_invoices_delta: number };

/** The customer's statement entries dated in [from, to), oldest first. */
export async function readStatementEntries(
  orgcode: string,
  customerId: string,
  window: { from_utc: string; to_utc: string },
  maxItems: number,
  startKey?: StartKey,
): Promise<{ entries: StatementEntry[]; lastKey?: StartKey }> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.statementEntries(orgcode, customerId),
        ':from': window.from_utc,
        // Sort keys are `<at>#<id>`: everything at an instant before `to_utc` sorts below it.
        ':to': window.to_utc,
      },
      Limit: maxItems,
      ExclusiveStartKey: startKey,
    }),
  );
  return {
    entries: (result.Items ?? []).map((item) => {
      const { customer_id: _customer, due_day: _due, open_invoices_delta: _open, ...entry } = withoutStorageAttributes<StatementEntryItem>(item);
      return entry;
    }),
    lastKey: result.LastEvaluatedKey,
  };
}
