import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { ReceivableChange, StatementEntry } from '../domain/receivables/invoice-changes';
import { utcDay } from '../domain/receivables/invoice';
import { fromMinorUnits } from '../domain/receivables/money';
import type { GuardedWrite } from './atomic-write';
import { dynamo, tableName } from './client';
import { withoutStorageAttributes } from './item';
import * as keys from './keys';
import { timeOrderedKey } from './keys';
import { type StartKey, queryAll } from './query-page';

/** One pre-aggregated amount owed: a customer's invoices in one currency due on one day. */
export interface ReceivableAmount {
  customer_id: string;
  currency: string;
  due_day: string;
  balance: number;
  open_invoices: number;
}

/**
 * A change's statement entry: the dated line a statement lists, which also
 * carries what aging as of an earlier day takes back (due day, open invoice
 * delta), listed on gsi1 under the day the change counts on.
 */
export function statementEntryItem(orgcode: string, change: ReceivableChange): Record<string, unknown> {
  return {
    pk: keys.statementEntries(orgcode, change.customer_id),
    sk: timeOrderedKey(change.entry.at, change.entry.entry_id),
    record_type: 'statement_entry',
    gsi1pk: keys.receivableChangesOn(orgcode, utcDay(change.countsAt)),
    gsi1sk: keys.receivableChange(change.customer_id, change.currency, change.due_day, change.entry.entry_id),
    customer_id: change.customer_id,
    due_day: change.due_day,
    open_invoices_delta: change.openInvoicesDelta,
    ...change.entry,
  };
}

/**
 * The writes that keep the aggregates true, in the same transaction as the
 * change: the amount owed on the due day, the statement entry, and the
 * month's net. DynamoDB adds numbers exactly (decimal, 38 digits).
 */
export function receivableWrites(orgcode: string, change: ReceivableChange): GuardedWrite[] {
  const delta = fromMinorUnits(change.balanceDelta, change.currency);
  const month = change.entry.at.slice(0, 7);
  return [
    {
      update: {
        key: keys.receivable(orgcode, change.customer_id, change.currency, change.due_day),
        expression:
          'SET customer_id = :customer, currency = :currency, due_day = :day, record_type = :type ADD balance :delta, open_invoices :count',
        values: {
          ':customer': change.customer_id,
          ':currency': change.currency,
          ':day': change.due_day,
          ':type': 'receivable',
          ':delta': delta,
          ':count': change.openInvoicesDelta,
        },
      },
    },
    { item: statementEntryItem(orgcode, change) },
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
 * Removes a due day's aggregate once nothing is owed on it, so reports read
 * only what is open. Best effort after the change committed: the condition
 * keeps a concurrent addition safe, and a leftover zero is harmless.
 */
export async function pruneSettledReceivable(orgcode: string, change: ReceivableChange): Promise<void> {
  if (change.balanceDelta >= 0n) return;
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.receivable(orgcode, change.customer_id, change.currency, change.due_day),
        ConditionExpression: 'balance = :zero AND open_invoices = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export interface ReceivablesPage {
  amounts: ReceivableAmount[];
  lastKey?: StartKey;
}

/**
 * A page of the org's receivable amounts (one customer's when given), in
 * customer order. Eventually consistent: reports, like lists, may lag a write.
 */
export async function readReceivables(
  orgcode: string,
  filter: { customer_id?: string; currency?: string },
  maxItems: number,
  startKey?: StartKey,
): Promise<ReceivablesPage> {
  const values: Record<string, unknown> = { ':pk': keys.receivablesPartition(orgcode), ':zero': 0 };
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
  const result = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: keyCondition,
      FilterExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
      Limit: maxItems,
      ExclusiveStartKey: startKey,
    }),
  );
  return {
    amounts: (result.Items ?? []).map((item) => withoutStorageAttributes<ReceivableAmount>(item)),
    lastKey: result.LastEvaluatedKey,
  };
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
