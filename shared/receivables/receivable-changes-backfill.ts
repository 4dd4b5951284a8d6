import { putDayMarker } from '../db/active-days';
import { inParallel } from '../db/in-parallel';
import {
  type StoredEntry,
  listStatementEntry,
  invoiceCustomersOfOrg,
  invoicesOfCustomer,
  statementEntriesOfCustomer,
} from '../db/receivables/receivable-changes-backfill-repository';
import { utcDay } from '../domain/receivables/invoice';
import { type AgingFields, agingFieldsOf } from '../domain/receivables/recorded-changes';

/** What listing an organisation's statement entries in their days' changes did. */
export interface ChangesIndexed {
  customers: number;
  /** Statement entries read. */
  entries: number;
  /** Of those, the ones this run listed: the rest were listed already. */
  indexed: number;
  /** Days marked for the entries listed: aging finds the days after it there. */
  marked_days: number;
}

/**
 * Lists an organisation's statement entries recorded before aging of a past
 * day read them (docs/decisions.md: Accounts receivable) in their days'
 * changes, customer by customer: 1. find the customers of its invoices, active
 * and closed; 2. read a customer's invoices and entries, and work out invoice
 * by invoice what aging takes back of each entry; 3. mark the org's ledger day
 * each entry to list counts on, before 4. writing its fields and its copy, as
 * the write path marks a day before its transaction. Entries listed already
 * (every one written since) are left as they are, so a second run only reads.
 */
export async function indexReceivableChanges(orgcode: string): Promise<ChangesIndexed> {
  const customers = new Set<string>();
  for await (const customer of invoiceCustomersOfOrg(orgcode)) customers.add(customer);
  const marked = new Set<string>();
  const outcome: ChangesIndexed = { customers: customers.size, entries: 0, indexed: 0, marked_days: 0 };
  for (const customer of customers) {
    const invoices = await invoicesOfCustomer(orgcode, customer);
    const entriesOfInvoice = new Map<string, StoredEntry[]>();
    for await (const entry of statementEntriesOfCustomer(orgcode, customer)) {
      outcome.entries += 1;
      entriesOfInvoice.set(entry.invoice_id, [...(entriesOfInvoice.get(entry.invoice_id) ?? []), entry]);
    }
    const toList: Array<[StoredEntry, AgingFields]> = [];
    for (const [invoiceId, entries] of entriesOfInvoice) {
      const fields = agingFieldsOf(invoices.get(invoiceId) ?? {}, entries);
      for (const entry of entries) if (!entry.listed) toList.push([entry, fields.get(entry.entry_id) as AgingFields]);
    }
    for (const day of new Set(toList.map(([, fields]) => utcDay(fields.counts_at)))) {
      if (marked.has(day)) continue;
      await putDayMarker('ledger', orgcode, day);
      marked.add(day);
    }
    await inParallel(toList, async ([entry, fields]) => {
      if (await listStatementEntry(orgcode, entry, fields)) outcome.indexed += 1;
    });
  }
  return { ...outcome, marked_days: marked.size };
}
