import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { StatementEntry } from '../../domain/receivables/invoice-changes';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { type StartKey, queryAll } from '../query-page';

/**
 * What a statement reads of a customer, consistently (docs/decisions.md:
 * Acknowledged writes are listed): its monthly nets and its dated entries, as
 * receivableWrites (receivables-repository.ts) keeps them.
 */

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
