import { performance } from 'node:perf_hooks';
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../shared/db/keys';
import { canonicalJson } from '../../shared/domain/canonical-json';
import type { RequestContext } from '../../shared/domain/common-schemas';
import { newId } from '../../shared/domain/identifiers';
import { type Invoice, type InvoiceContent, type InvoiceLineInput, isReceivable, priceInvoice } from '../../shared/domain/receivables/invoice';
import { type InvoiceChange, type ReceivableChange, applyReceipt, asRevisionAfter } from '../../shared/domain/receivables/invoice-changes';
import { fromMinorUnits, toMinorUnits } from '../../shared/domain/receivables/money';
import { dayMarkerItem } from '../../shared/db/active-days';
import { invoiceItem, invoiceListings } from '../../shared/db/receivables/invoice-repository';
import { countedOnAttributes, trackedSince } from '../../shared/db/receivables/owed-as-of';
import { statementEntryItem, statementEntryListings } from '../../shared/db/receivables/receivables-repository';
import { type Listing, listingCopy } from '../../shared/db/listings';
import { type InvoiceDraft, createOrCollapse, newInvoiceChange } from '../../shared/receivables/invoices';
import { applyManualPayment } from '../../shared/receivables/payments';
import { batchPutAll } from '../harness/batch-write';
import type { ChangeOrigin } from '../../shared/domain/change-origin';

/**
 * Invoices and their payments written straight into the table, for the
 * sections that need many of them (recording each through /invoice/set would
 * take minutes). The items are built by the service's own builders
 * (newInvoiceChange, applyReceipt, invoiceItem, statementEntryItem), each
 * record with its copies in the list partitions the service lists it in
 * (invoiceListings, statementEntryListings), and the aggregates by summing the
 * changes' receivable changes; checkSeedBuilders holds them to what the
 * service itself stores.
 */

const netTerms = { type: 'net', net_days: 30 } as const;

export function benchRequestContext(orgcode: string): RequestContext {
  return { orgcode, actor: 'bench', context_source: 'api_key' };
}

/** A customer's invoice content in `currency`: the lines priced as /invoice/set prices them, net-30 terms. */
export function pricedContent(customerId: string, currency: string, lines: InvoiceLineInput[]): InvoiceContent {
  const priced = priceInvoice({ customer_id: customerId, currency, lines, payment_terms: netTerms });
  if ('issues' in priced) throw new Error(`a bench invoice does not price: ${JSON.stringify(priced.issues)}`);
  return priced.content;
}

/** The draft /invoice/set makes of a request to create an open invoice. */
export function benchDraft(content: InvoiceContent, issuedAt: string, orderId: string, invoiceId?: string): InvoiceDraft {
  return { invoice_id: invoiceId, order_id: orderId, content, issued_at: issuedAt, status: 'open', source_refs: [] };
}

/** What createOrCollapse stores for a draft issued at once: the draft at revision 1, issued. */
export const openInvoice = (draft: InvoiceDraft, origin: ChangeOrigin): InvoiceChange => newInvoiceChange(draft, origin);

/** What applyManualPayment stores for a payment of `units` (minor units) received at `receivedAt`: the invoice at its next revision. */
export function manualPayment(invoice: Invoice, units: bigint, receivedAt: string, origin: ChangeOrigin, paymentId = newId('pay', origin.now)): InvoiceChange {
  const receipt = { payment_id: paymentId, currency: invoice.currency, amount: units, method: 'bank_transfer' as const, received_at: receivedAt, origin: 'manual' as const, source_refs: [] };
  return asRevisionAfter(applyReceipt(invoice, receipt, origin), invoice, origin.now);
}

/**
 * The receivable aggregates a set of changes adds up to: per customer,
 * currency and due day, the balance (summed exactly, in minor units) and the
 * open-invoice count, as the ADD updates of one transaction per invoice leave
 * them; checkSeedBuilders holds the item's shape to what the service stores.
 */
export class ReceivableAggregates {
  private readonly sums = new Map<string, { change: ReceivableChange; total: Owed; byDay: Map<string, Owed> }>();

  /** Adds a change, in the order the service would commit them (the first one is the aggregate's `tracked_since`). */
  add(orgcode: string, change: ReceivableChange): void {
    const key = keys.receivable(orgcode, change.customer_id, change.currency, change.due_day);
    const id = `${key.pk}\n${key.sk}`;
    const sum = this.sums.get(id) ?? { change, total: { units: 0n, openInvoices: 0 }, byDay: new Map<string, Owed>() };
    const day = change.countsAt.slice(0, 10);
    const onDay = sum.byDay.get(day) ?? { units: 0n, openInvoices: 0 };
    for (const part of [sum.total, onDay]) {
      part.units += change.balanceDelta;
      part.openInvoices += change.openInvoicesDelta;
    }
    sum.byDay.set(day, onDay);
    this.sums.set(id, sum);
  }

  *items(orgcode: string): Generator<Record<string, unknown>> {
    for (const { change, total, byDay } of this.sums.values()) {
      yield {
        ...keys.receivable(orgcode, change.customer_id, change.currency, change.due_day),
        customer_id: change.customer_id,
        currency: change.currency,
        due_day: change.due_day,
        record_type: 'receivable',
        balance: fromMinorUnits(total.units, change.currency),
        open_invoices: total.openInvoices,
        [trackedSince]: change.entry.entry_id,
        ...Object.fromEntries(
          [...byDay].flatMap(([day, part]) => {
            const attributes = countedOnAttributes(day);
            return [[attributes.balance, fromMinorUnits(part.units, change.currency)], [attributes.openInvoices, part.openInvoices]];
          }),
        ),
      };
    }
  }
}

/** What a set of invoices owes in one currency: minor units, and how many invoices. */
export interface Owed {
  units: bigint;
  openInvoices: number;
}

/** One invoice's changes, oldest first: its issue, then its payments, each at the next revision. */
export type InvoiceHistory = readonly InvoiceChange[];

export interface SeededInvoices {
  invoices: number;
  /** Receivable aggregates written: one per customer, currency and due day. */
  aggregates: number;
  /** Statement entries written: those of the changes counting after `entriesAfter`. */
  entries: number;
  /** Copies of the invoices and entries written beside them in their lists (two an invoice, one an entry). */
  copies: number;
  /** What the invoices owe now, per currency. */
  owed: Record<string, Owed>;
  /** The days a change is dated on, each marked for the org (ledger), in order. */
  markedDays: string[];
  seconds: number;
}

/** A record's item and its copies in its lists, as its transaction writes them (shared/db/listings.ts). */
function* withCopies(item: Record<string, unknown>, listings: readonly Listing[]): Generator<Record<string, unknown>> {
  yield item;
  for (const listing of listings) yield listingCopy(item, listing);
}

/**
 * Writes invoices with BatchWriteItem: each invoice's item as its last change
 * left it with its copies in its customer's and the org's active or closed
 * invoices (invoiceListings), the receivable aggregates all the changes add
 * up to, the statement entries of the changes counting after `entriesAfter`
 * with their copies in the org's changes of the day they count on
 * (statementEntryListings: what aging as of that day or later reads; the
 * entries of earlier days are read by no bench call), and the org's ledger
 * marker of every day a change is dated on, as markDay puts it. The org is
 * never raised: every record is on shard 0. What else a change writes (the
 * order claim, event, lineage links, payment item and its copies, statement
 * month) is left out: no bench call reads it, and it would triple the seeding
 * time.
 */
export async function seedInvoices(
  client: DynamoDBDocumentClient,
  table: string,
  orgcode: string,
  histories: Iterable<InvoiceHistory>,
  entriesAfter?: string,
): Promise<SeededInvoices> {
  const started = performance.now();
  const aggregates = new ReceivableAggregates();
  const entries: Array<Record<string, unknown>> = [];
  let invoices = 0;
  let entryCount = 0;
  const markedDays = new Set<string>();
  const owed: Record<string, Owed> = {};
  function* invoiceItems(): Generator<Record<string, unknown>> {
    for (const history of histories) {
      const last = history.at(-1);
      if (!last || last.invoice.orgcode !== orgcode) throw new Error(`an invoice history of ${orgcode} is empty or another org's`);
      for (const { receivable, event } of history) {
        if (event) markedDays.add(event.occurred_at.slice(0, 10));
        if (!receivable) continue;
        aggregates.add(orgcode, receivable);
        if (entriesAfter !== undefined && receivable.countsAt.slice(0, 10) > entriesAfter) {
          entryCount += 1;
          entries.push(...withCopies(statementEntryItem(orgcode, receivable), statementEntryListings(orgcode, receivable)));
        }
      }
      const { invoice } = last;
      const balance = toMinorUnits(invoice.balance_due, invoice.currency) ?? 0n;
      if (isReceivable(invoice.status) && balance > 0n) {
        const sum = (owed[invoice.currency] ??= { units: 0n, openInvoices: 0 });
        sum.units += balance;
        sum.openInvoices += 1;
      }
      invoices += 1;
      yield* withCopies(invoiceItem(invoice), invoiceListings(invoice));
    }
  }
  const invoiceItemsWritten = await batchPutAll(client, table, invoiceItems());
  const written = await batchPutAll(client, table, aggregates.items(orgcode));
  const entryItemsWritten = await batchPutAll(client, table, entries.values());
  await batchPutAll(client, table, [...markedDays].map((day) => dayMarkerItem('ledger', orgcode, day)).values());
  return {
    invoices,
    aggregates: written,
    entries: entryCount,
    copies: invoiceItemsWritten - invoices + entryItemsWritten - entryCount,
    owed,
    markedDays: [...markedDays].sort(),
    seconds: (performance.now() - started) / 1000,
  };
}

/** Open invoices, each issued and nothing more; no statement entries (see seedInvoices). */
export function seedOpenInvoices(client: DynamoDBDocumentClient, table: string, orgcode: string, changes: Iterable<InvoiceChange>): Promise<SeededInvoices> {
  function* histories(): Generator<InvoiceHistory> {
    for (const change of changes) {
      if (!change.receivable) throw new Error(`invoice ${change.invoice.invoice_id} is not an open invoice`);
      yield [change];
    }
  }
  return seedInvoices(client, table, orgcode, histories());
}

/** Seeded invoices handed out one per call, each at the revision it was seeded at. */
export class InvoicePool {
  private taken = 0;

  constructor(private readonly invoices: readonly Invoice[]) {}

  take(): Invoice {
    const invoice = this.invoices[this.taken];
    if (!invoice) throw new Error(`all ${this.invoices.length} seeded invoices are used`);
    this.taken += 1;
    return invoice;
  }
}

/** Seeds `count` open invoices of one customer, due on one day, each owing 100,000.00 USD, and pools them. */
export async function seedInvoicePool(client: DynamoDBDocumentClient, table: string, orgcode: string, count: number): Promise<InvoicePool> {
  const origin = { orgcode, requestContext: benchRequestContext(orgcode), now: new Date() };
  const content = pricedContent('cust_bench_payments', 'USD', [
    { sku: 'SKU-BENCH', description: 'Bench invoice', quantity: 1, unit_amount: 92_500, tax_amount: 7_500 },
  ]);
  const issuedAt = '2026-11-01T12:00:00.000Z';
  const changes = Array.from({ length: count }, () => openInvoice(benchDraft(content, issuedAt, newId('ord', origin.now)), origin));
  await seedOpenInvoices(client, table, orgcode, changes);
  return new InvoicePool(changes.map((change) => change.invoice));
}

async function storedItem(client: DynamoDBDocumentClient, table: string, key: { pk: string; sk: string }) {
  const { Item } = await client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
  if (!Item) throw new Error(`no item at ${key.pk} / ${key.sk}`);
  return Item;
}

/** The statement entries stored for a customer, oldest first (a bench customer's few). */
async function storedEntries(client: DynamoDBDocumentClient, table: string, orgcode: string, customerId: string) {
  const { Items } = await client.send(
    new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.statementEntries(orgcode, customerId) }, ConsistentRead: true }),
  );
  return Items ?? [];
}

/**
 * Holds the seed's items to the service: one invoice created as /invoice/set
 * creates it (createOrCollapse) and paid in part as /invoice/payment/apply
 * pays it (applyManualPayment), in an org of its own, must be stored exactly
 * as openInvoice, manualPayment and invoiceItem build it, with its copies in
 * its lists as the seed writes them, its receivable aggregate exactly as
 * ReceivableAggregates computes it, and its statement entries as
 * statementEntryItem builds them (their ids aside, which are random), each
 * with its copy in its day's changes. Throws on any difference.
 */
export async function checkSeedBuilders(client: DynamoDBDocumentClient, table: string, orgcode: string): Promise<void> {
  const origin = { orgcode, requestContext: benchRequestContext(orgcode), now: new Date() };
  const content = pricedContent('cust_check', 'USD', [
    { sku: 'SKU-CHAIR', description: 'Office chair', quantity: 4, unit_amount: 125, tax_amount: 41.25 },
    { sku: 'SKU-DESK', description: 'Standing desk', quantity: 1, unit_amount: 480.5, tax_amount: 39.64 },
  ]);
  const draft = benchDraft(content, '2026-11-20T10:15:00.000Z', 'ord_check', newId('inv', origin.now));
  const paymentId = newId('pay', origin.now);
  const receivedAt = '2026-11-28T09:00:00.000Z';
  await createOrCollapse(draft, origin);
  await applyManualPayment(
    { invoice_id: draft.invoice_id!, expected_revision: 1, payment_id: paymentId, amount: { currency: 'USD', amount: 200 }, method: 'bank_transfer', received_at: receivedAt, source_refs: [] },
    origin,
  );
  const issued = openInvoice(draft, origin);
  const paid = manualPayment(issued.invoice, 20000n, receivedAt, origin, paymentId);
  const entries = await storedEntries(client, table, orgcode, 'cust_check');
  // An entry's id is drawn at random by each change: the seeded entry (and the aggregate's first) takes the stored one's.
  const asStored = (change: InvoiceChange, stored: Record<string, unknown> | undefined): ReceivableChange => {
    const receivable = change.receivable!;
    return { ...receivable, entry: { ...receivable.entry, entry_id: String(stored?.entry_id) } };
  };
  const seededEntry = (change: InvoiceChange, stored: Record<string, unknown> | undefined) => statementEntryItem(orgcode, asStored(change, stored));
  const aggregates = new ReceivableAggregates();
  aggregates.add(orgcode, asStored(issued, entries[0]));
  aggregates.add(orgcode, asStored(paid, entries[1]));
  const [aggregate] = [...aggregates.items(orgcode)] as [Record<string, unknown>];
  const aggregateKey = { pk: String(aggregate.pk), sk: String(aggregate.sk) };
  // Each record's copies, at the keys of its lists, as the seed writes them beside it.
  const copyPairs = async (what: string, item: Record<string, unknown>, listings: readonly Listing[]) =>
    Promise.all(
      listings.map(async (listing): Promise<[string, Record<string, unknown>, Record<string, unknown>]> => {
        const copy = listingCopy(item, listing);
        return [`${what}'s copy in ${listing.partition}`, await storedItem(client, table, { pk: String(copy.pk), sk: String(copy.sk) }), copy];
      }),
    );
  const seededInvoice = invoiceItem(paid.invoice);
  const pairs: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ['invoice item', await storedItem(client, table, keys.invoice(orgcode, paid.invoice.invoice_id)), seededInvoice],
    ...(await copyPairs('invoice', seededInvoice, invoiceListings(paid.invoice))),
    ['receivable aggregate', await storedItem(client, table, aggregateKey), aggregate],
    ['statement entry of the issue', entries[0] ?? {}, seededEntry(issued, entries[0])],
    ...(await copyPairs('statement entry of the issue', seededEntry(issued, entries[0]), statementEntryListings(orgcode, asStored(issued, entries[0])))),
    ['statement entry of the payment', entries[1] ?? {}, seededEntry(paid, entries[1])],
    ...(await copyPairs('statement entry of the payment', seededEntry(paid, entries[1]), statementEntryListings(orgcode, asStored(paid, entries[1])))),
  ];
  for (const [what, stored, seeded] of pairs) {
    if (canonicalJson(stored) !== canonicalJson(seeded)) {
      throw new Error(`the seeded ${what} differs from what the service stores:\n  stored ${canonicalJson(stored)}\n  seeded ${canonicalJson(seeded)}`);
    }
  }
}
