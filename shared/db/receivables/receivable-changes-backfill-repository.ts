import type { AgingFields, RecordedEntry } from '../../domain/receivables/recorded-changes';
import { writeAtomically } from '../atomic-write';
import * as keys from '../keys';
import { listingPuts } from '../listings';
import { queryAll } from '../query-page';
import { shardKeys, shardLayout } from '../shard-layout';
import { statementEntryListings } from './receivables-repository';

/**
 * What listing the statement entries recorded before aging of a past day
 * read them takes (docs/decisions.md: Accounts receivable): the org's
 * invoices, each customer's entries, and the write that lists one.
 */

/** What the backfill reads of an invoice. */
export interface InvoiceDates {
  invoice_id: string;
  customer_id: string;
  due_at?: string;
  issued_at?: string;
}

/** A stored statement entry: the item, whose it is, and whether it is listed in its day's changes already. */
export interface StoredEntry extends RecordedEntry {
  item: Record<string, unknown>;
  customer_id: string;
  invoice_id: string;
  listed: boolean;
}

/** The entry was given its aging fields and listed meanwhile (a concurrent run). */
class ListedMeanwhileError extends Error {}

/** The customer of every invoice of the org, active and closed, on every shard (their list partitions on the table, a Query page at a time; one per invoice). */
export async function* invoiceCustomersOfOrg(orgcode: string): AsyncGenerator<string> {
  const layout = await shardLayout(orgcode);
  for (const lifecycle of ['active', 'closed'] as const) {
    for (const partition of shardKeys(keys.invoicesInLifecycle(orgcode, lifecycle), layout)) {
      const invoices = queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition }, ProjectionExpression: 'customer_id' });
      for await (const item of invoices) yield String(item.customer_id);
    }
  }
}

/** Every invoice of the customer (its list partition on the table), by id. */
export async function invoicesOfCustomer(orgcode: string, customerId: string): Promise<Map<string, InvoiceDates>> {
  const invoices = new Map<string, InvoiceDates>();
  const items = queryAll({
    KeyConditionExpression: 'pk = :pk',
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
      item,
      customer_id: String(item.customer_id),
      invoice_id: String(item.invoice_id),
      entry_id: String(item.entry_id),
      kind: item.kind as RecordedEntry['kind'],
      at: String(item.at),
      currency: String(item.currency),
      amount: Number(item.amount),
      // statementEntryItem writes the aging fields, and the copy with them.
      listed: item.due_day !== undefined,
    };
  }
}

/**
 * Gives an entry its aging fields and its copy in its day's changes, as
 * receivableWrites writes them, in one transaction, unless it has them already
 * (a second run changes nothing). Answers whether it wrote. On shard 0: an
 * entry without them was recorded before its invoice could be placed on any
 * other (shared/db/item-shard.ts).
 */
export async function listStatementEntry(orgcode: string, entry: StoredEntry, fields: AgingFields): Promise<boolean> {
  const listed = { ...entry.item, due_day: fields.due_day, open_invoices_delta: fields.open_invoices_delta };
  const change = { customer_id: entry.customer_id, currency: entry.currency, due_day: fields.due_day, countsAt: fields.counts_at, entry };
  try {
    await writeAtomically([
      {
        update: {
          key: { pk: String(entry.item.pk), sk: String(entry.item.sk) },
          expression: 'SET due_day = :due, open_invoices_delta = :open',
          values: { ':due': fields.due_day, ':open': fields.open_invoices_delta },
        },
        condition: { expression: 'attribute_exists(pk) AND attribute_not_exists(due_day)' },
        onConditionFailed: () => new ListedMeanwhileError(),
      },
      ...listingPuts(listed, statementEntryListings(orgcode, change)),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ListedMeanwhileError) return false;
    throw error;
  }
}
