import { performance } from 'node:perf_hooks';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../shared/db/keys';
import { canonicalJson } from '../shared/domain/canonical-json';
import type { RequestContext } from '../shared/domain/common-schemas';
import { newId } from '../shared/domain/identifiers';
import { type Invoice, type InvoiceContent, type InvoiceLineInput, priceInvoice } from '../shared/domain/receivables/invoice';
import type { InvoiceChange, ReceivableChange } from '../shared/domain/receivables/invoice-changes';
import { fromMinorUnits, toMinorUnits } from '../shared/domain/receivables/money';
import { invoiceItem } from '../shared/db/invoice-repository';
import { type InvoiceDraft, createOrCollapse, newInvoiceChange } from '../shared/receivables/invoices';
import { batchPutAll } from './batch-write';
import type { ChangeOrigin } from '../shared/domain/change-origin';

/**
 * Open invoices written straight into the table, for the sections that need
 * many of them (recording each through /invoice/set would take minutes). The
 * items are built by the service's own builders (newInvoiceChange,
 * invoiceItem) and the aggregates by summing the invoices' receivable
 * changes; checkSeedBuilders holds both to what the service itself stores.
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

/**
 * The receivable aggregates a set of changes adds up to: per customer,
 * currency and due day, the balance (summed exactly, in minor units) and the
 * open-invoice count, as the ADD updates of one transaction per invoice leave
 * them; checkSeedBuilders holds the item's shape to what the service stores.
 */
export class ReceivableAggregates {
  private readonly sums = new Map<string, { change: ReceivableChange; units: bigint; openInvoices: number }>();

  add(orgcode: string, change: ReceivableChange): void {
    const key = keys.receivable(orgcode, change.customer_id, change.currency, change.due_day);
    const id = `${key.pk}\n${key.sk}`;
    const sum = this.sums.get(id) ?? { change, units: 0n, openInvoices: 0 };
    sum.units += change.balanceDelta;
    sum.openInvoices += change.openInvoicesDelta;
    this.sums.set(id, sum);
  }

  *items(orgcode: string): Generator<Record<string, unknown>> {
    for (const { change, units, openInvoices } of this.sums.values()) {
      yield {
        ...keys.receivable(orgcode, change.customer_id, change.currency, change.due_day),
        customer_id: change.customer_id,
        currency: change.currency,
        due_day: change.due_day,
        record_type: 'receivable',
        balance: fromMinorUnits(units, change.currency),
        open_invoices: openInvoices,
      };
    }
  }
}

/** What a set of open invoices owes in one currency: minor units, and how many invoices. */
export interface Owed {
  units: bigint;
  openInvoices: number;
}

export interface SeededInvoices {
  invoices: number;
  /** Receivable aggregates written: one per customer, currency and due day. */
  aggregates: number;
  owed: Record<string, Owed>;
  seconds: number;
}

/**
 * Writes open invoices with BatchWriteItem: each invoice's item, then the
 * receivable aggregates they add up to. What else an invoice's creation writes
 * (its order claim, event, lineage links, statement entry and month) is left
 * out: no bench call reads it, and it would triple the seeding time.
 */
export async function seedOpenInvoices(
  client: DynamoDBDocumentClient,
  table: string,
  orgcode: string,
  changes: Iterable<InvoiceChange>,
): Promise<SeededInvoices> {
  const started = performance.now();
  const aggregates = new ReceivableAggregates();
  const owed: Record<string, Owed> = {};
  function* invoiceItems(): Generator<Record<string, unknown>> {
    for (const { invoice, receivable } of changes) {
      if (invoice.orgcode !== orgcode || !receivable) throw new Error(`invoice ${invoice.invoice_id} is not an open invoice of ${orgcode}`);
      aggregates.add(orgcode, receivable);
      const sum = (owed[invoice.currency] ??= { units: 0n, openInvoices: 0 });
      sum.units += toMinorUnits(invoice.balance_due, invoice.currency) ?? 0n;
      sum.openInvoices += 1;
      yield invoiceItem(invoice);
    }
  }
  const invoices = await batchPutAll(client, table, invoiceItems());
  const written = await batchPutAll(client, table, aggregates.items(orgcode));
  return { invoices, aggregates: written, owed, seconds: (performance.now() - started) / 1000 };
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

/**
 * Holds the seed's copies to the service: one invoice created as /invoice/set
 * creates it (createOrCollapse), in an org of its own, must be stored exactly
 * as openInvoice and invoiceItem build it, and its receivable aggregate exactly
 * as ReceivableAggregates computes it. Throws on any difference.
 */
export async function checkSeedBuilders(client: DynamoDBDocumentClient, table: string, orgcode: string): Promise<void> {
  const origin = { orgcode, requestContext: benchRequestContext(orgcode), now: new Date() };
  const content = pricedContent('cust_check', 'USD', [
    { sku: 'SKU-CHAIR', description: 'Office chair', quantity: 4, unit_amount: 125, tax_amount: 41.25 },
    { sku: 'SKU-DESK', description: 'Standing desk', quantity: 1, unit_amount: 480.5, tax_amount: 39.64 },
  ]);
  const draft = benchDraft(content, '2026-11-20T10:15:00.000Z', 'ord_check', newId('inv', origin.now));
  await createOrCollapse(draft, origin);
  const expected = openInvoice(draft, origin);
  const aggregates = new ReceivableAggregates();
  aggregates.add(orgcode, expected.receivable!);
  const [aggregate] = [...aggregates.items(orgcode)] as [Record<string, unknown>];
  const aggregateKey = { pk: String(aggregate.pk), sk: String(aggregate.sk) };
  const pairs: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ['invoice item', await storedItem(client, table, keys.invoice(orgcode, expected.invoice.invoice_id)), invoiceItem(expected.invoice)],
    ['receivable aggregate', await storedItem(client, table, aggregateKey), aggregate],
  ];
  for (const [what, stored, seeded] of pairs) {
    if (canonicalJson(stored) !== canonicalJson(seeded)) {
      throw new Error(`the seeded ${what} differs from what the service stores:\n  stored ${canonicalJson(stored)}\n  seeded ${canonicalJson(seeded)}`);
    }
  }
}
