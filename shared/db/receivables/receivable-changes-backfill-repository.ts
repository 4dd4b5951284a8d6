import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { AgingFields, RecordedEntry } from '../../domain/receivables/recorded-changes';
import { utcDay } from '../../domain/receivables/invoice';
import { dynamo, tableName } from '../client';
import * as keys from '../keys';
import { queryAll } from '../query-page';
import { shardKeys, shardLayout } from '../shard-layout';

/**
 * What indexing the statement entries recorded before aging of a past day
 * read them takes (docs/decisions.md: Accounts receivable): the org's
 * invoices, each customer's entries, and the write that indexes one.
 */

/** What the backfill reads of an invoice. */
export interface InvoiceDates {
  invoice_id: string;
  customer_id: string;
  due_at?: string;
  issued_at?: string;
}

/** A stored statement entry: its key, whose it is, and whether gsi1 lists it already. */
export interface StoredEntry extends RecordedEntry {
  key: keys.ItemKey;
  customer_id: string;
  invoice_id: string;
  indexed: boolean;
}

/** The customer of every invoice of the org, active and closed, on every shard (gsi2, a Query page at a time; one per invoice). */
export async function* invoiceCustomersOfOrg(orgcode: string): AsyncGenerator<string> {
  const layout = await shardLayout(orgcode);
  for (const lifecycle of ['active', 'closed'] as const) {
    for (const partition of shardKeys(keys.invoicesInLifecycle(orgcode, lifecycle), layout)) {
      const invoices = queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ProjectionExpression: 'customer_id',
      });
      for await (const item of invoices) yield String(item.customer_id);
    }
  }
}

/** Every invoice of the customer (gsi1), by id. */
export async function invoicesOfCustomer(orgcode: string, customerId: string): Promise<Map<string, InvoiceDates>> {
  const invoices = new Map<string, InvoiceDates>();
  const items = queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.invoicesOfCustomer(orgcode, customerId) },
    ProjectionExpression: 'invoice_id, customer_id, due_at, issued_at',
  });
  for await (const item of items) invoices.set(String(item.invoice_id), item as unknown as InvoiceDates);
  return invoices;
}

/** Every statement entry of the customer, oldest first. */
export async function* statementEntriesOfCustomer(orgcode: string, customerId: string): AsyncGenerator<StoredEntry> {
  const entries = queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.statementEntries(orgcode, customerId) },
  });
  for await (const item of entries) {
    yield {
      key: { pk: String(item.pk), sk: String(item.sk) },
      customer_id: String(item.customer_id),
      invoice_id: String(item.invoice_id),
      entry_id: String(item.entry_id),
      kind: item.kind as RecordedEntry['kind'],
      at: String(item.at),
      currency: String(item.currency),
      amount: Number(item.amount),
      indexed: item.gsi1pk !== undefined,
    };
  }
}

/**
 * Gives an entry its aging fields and its gsi1 keys, as statementEntryItem
 * writes them, unless it has them already (a second run changes nothing).
 * Answers whether it wrote. On shard 0: an entry without them was recorded
 * before its invoice could be placed on any other (shared/db/item-shard.ts).
 */
export async function indexStatementEntry(orgcode: string, entry: StoredEntry, fields: AgingFields): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: entry.key,
        UpdateExpression: 'SET gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, due_day = :due, open_invoices_delta = :open',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeValues: {
          ':gsi1pk': keys.receivableChangesOn(orgcode, utcDay(fields.counts_at)),
          ':gsi1sk': keys.receivableChange(entry.customer_id, entry.currency, fields.due_day, entry.entry_id),
          ':due': fields.due_day,
          ':open': fields.open_invoices_delta,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
