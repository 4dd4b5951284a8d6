import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError } from '../../domain/errors';
import { type Invoice, type InvoiceStatus, isTerminal } from '../../domain/receivables/invoice';
import type { InvoiceChange } from '../../domain/receivables/invoice-changes';
import type { InvoiceNoticeType, OutgoingEvent } from '../../domain/outgoing-event';
import { outboxPut } from '../outbox-repository';
import { markDay } from '../active-days';
import { type GuardedCheck, type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { eventRecordWrites } from '../events/event-repository';
import { type ShardLayout, shardKey, shardLayout } from '../shard-layout';
import { type ShardedCursor, shardedPage } from '../sharded-read';
import { newRecordShard, rememberShard, shardAttribute, storedRecordShard } from '../item-shard';
import { withoutStorageAttributes } from '../item';
import { type Listing, listingPuts } from '../listings';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import type { Page } from '../query-page';
import { pruneSettledReceivable, receivableWrites } from './receivables-repository';
import { writeLogLine } from '../../observability/log-line';
import { updateRevisioned } from '../revisioned-update';
import { statusFilter } from '../status-filter';

/** The order already has an invoice: set collapses into it. */
export class OrderAlreadyInvoicedError extends Error {
  constructor() {
    super('The order already has an invoice');
    this.name = 'OrderAlreadyInvoicedError';
  }
}

/** The invoice as stored, on its shard (shared/db/item-shard.ts): its lifecycle listing and its receivables are kept there. */
export function invoiceItem(invoice: Invoice, shard = 0): Record<string, unknown> {
  return { ...keys.invoice(invoice.orgcode, invoice.invoice_id), record_type: 'invoice', ...shardAttribute(shard), ...invoice };
}

/**
 * The list partitions on the table an invoice is listed in (docs/decisions.md:
 * Acknowledged writes are listed), by due date (else creation) and id: its
 * customer's, and the org's active or closed ones on the invoice's shard. A
 * status move between active and closed, or an issue that dates a draft,
 * moves it.
 */
export function invoiceListings(invoice: Invoice, shard = 0): Listing[] {
  const sortKey = timeOrderedKey(invoice.due_at ?? invoice.created_at, invoice.invoice_id);
  return [
    { partition: keys.invoicesOfCustomer(invoice.orgcode, invoice.customer_id), sortKey },
    { partition: shardKey(keys.invoicesInLifecycle(invoice.orgcode, isTerminal(invoice.status) ? 'closed' : 'active'), shard), sortKey },
  ];
}

export async function findInvoice(orgcode: string, invoiceId: string): Promise<Invoice | undefined> {
  const key = keys.invoice(orgcode, invoiceId);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  if (!Item) return undefined;
  rememberShard(key, Item);
  return withoutStorageAttributes<Invoice>(Item);
}

/** The invoice of an order, if it has one (consistent: a duplicate order must find it). */
export async function findInvoiceOfOrder(orgcode: string, orderId: string): Promise<Invoice | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.orderInvoice(orgcode, orderId), ConsistentRead: true }),
  );
  return Item ? findInvoice(orgcode, String(Item.invoice_id)) : undefined;
}

/**
 * The check that an order's invoice does not take tenders yet: it does not
 * exist, or is still a draft. A tender is parked only while this holds.
 */
export function orderTakesNoTenders(orgcode: string, orderId: string, onConditionFailed: () => Error): GuardedCheck {
  return {
    check: { key: keys.orderInvoice(orgcode, orderId) },
    condition: { expression: 'attribute_not_exists(pk) OR takes_tenders = :no', values: { ':no': false } },
    onConditionFailed,
  };
}

/** Written with the change that takes an invoice out of draft: from then on its order's tenders apply to it. */
export function orderTakesTendersWrite(invoice: Pick<Invoice, 'orgcode' | 'order_id'>): GuardedWrite {
  return {
    update: {
      key: keys.orderInvoice(invoice.orgcode, invoice.order_id),
      expression: 'SET takes_tenders = :yes',
      values: { ':yes': true },
    },
  };
}

function changeWrites(change: InvoiceChange, layout: ShardLayout, shard: number): GuardedWrite[] {
  const { invoice } = change;
  return [
    ...(change.event ? eventRecordWrites(change.event, layout) : []),
    ...(change.receivable ? receivableWrites(invoice.orgcode, change.receivable, shard) : []),
    ...(change.notice ? [outboxPut(invoiceNotice(change.notice, invoice), new Date(invoice.updated_at))] : []),
  ];
}

function invoiceNotice(type: InvoiceNoticeType, invoice: Invoice): OutgoingEvent {
  return {
    detailType: type,
    detail: {
      orgcode: invoice.orgcode,
      invoice_id: invoice.invoice_id,
      status: invoice.status,
      revision: invoice.revision,
      occurred_at: invoice.updated_at,
    },
  };
}

/** A change of what is owed is activity the day's financial rollup (its ar_aging) must see. */
async function markEventDay(change: InvoiceChange): Promise<void> {
  if (change.event) await markDay('ledger', change.event.orgcode, change.event.occurred_at);
}

/**
 * What follows a committed change: best effort, never the call's failure. The
 * change is stored, so an answer of 409/429/500 would tell the caller to retry
 * a write that succeeded; a prune that fails (a transaction in flight on the
 * aggregate, throttling past the retries) leaves a zero without an expiry,
 * which reports skip.
 */
async function afterCommit(change: InvoiceChange, shard: number): Promise<void> {
  if (!change.receivable) return;
  try {
    await pruneSettledReceivable(change.invoice.orgcode, change.receivable, shard);
  } catch (error) {
    writeLogLine({
      level: 'warn',
      message: 'settled receivable not set to expire after its change committed',
      orgcode: change.invoice.orgcode,
      invoice_id: change.invoice.invoice_id,
      error: String(error),
    });
  }
}

/**
 * Creates an invoice with its order claim, its copies in its lists, its event
 * and its receivable writes in one transaction (at most 65 actions: 4 for the
 * claim, the invoice and its copies, 56 for an event of 53 refs, 4 receivable
 * writes, the notice). A second invoice for the order fails with
 * OrderAlreadyInvoicedError.
 */
export async function createInvoice(change: InvoiceChange): Promise<void> {
  const { invoice } = change;
  await markEventDay(change);
  const { shard, layout } = await newRecordShard(invoice.orgcode, invoice.invoice_id);
  const item = invoiceItem(invoice, shard);
  await writeAtomically([
    {
      item: {
        ...keys.orderInvoice(invoice.orgcode, invoice.order_id),
        record_type: 'order_invoice',
        invoice_id: invoice.invoice_id,
        takes_tenders: invoice.status !== 'draft',
      },
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new OrderAlreadyInvoicedError(),
    },
    {
      item,
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('invoice_id', invoice.invoice_id),
    },
    ...listingPuts(item, invoiceListings(invoice, shard)),
    ...changeWrites(change, layout, shard),
  ]);
  rememberShard(keys.invoice(invoice.orgcode, invoice.invoice_id), shardAttribute(shard));
  await afterCommit(change, shard);
}

/**
 * Saves a changed invoice (already at its next revision) if the stored one is
 * still `before`, as the caller read it (its revision), with its copies moved
 * to the lists it now belongs in, what the change records and `extra`
 * writes, all or nothing. When another change got there first: 409 with the
 * current revision (or 404 if the invoice is gone). At most 72 actions: a
 * manual payment that settles the invoice, with a tender, an idempotency key
 * and 50 source refs (the invoice and 3 copy writes, the key, the payment and
 * its 2 copies, the tender claim, an event of 55 refs in 58, 4 receivable
 * writes, the notice).
 */
export async function saveInvoiceChange(before: Invoice, change: InvoiceChange, extra: GuardedWrite[] = []): Promise<Invoice> {
  const saved = change.invoice;
  await markEventDay(change);
  const key = keys.invoice(saved.orgcode, saved.invoice_id);
  const { shard, layout } = await storedRecordShard(saved.orgcode, key);
  await updateRevisioned({
    key,
    expectedRevision: before.revision,
    // Whole: a change may drop attributes (a draft's issue date) and move the invoice between lists.
    replace: invoiceItem(saved, shard),
    // The stored invoice is `before` while its revision holds, so these are exactly the copies it has.
    listings: { before: invoiceListings(before, shard), after: invoiceListings(saved, shard) },
    companions: [...extra, ...changeWrites(change, layout, shard)],
    // The instant the change was stamped with, which its event and notice already cite.
    now: new Date(saved.updated_at),
  });
  await afterCommit(change, shard);
  return saved;
}

/** A customer's invoices are one partition whatever the organisation's layout. */
const oneShard: ShardLayout = { readShards: 1, writeShards: 1 };

export interface InvoiceFilter {
  customer_id?: string;
  /** The statuses listed (shared/domain/list-statuses.ts): all closed, or all active. */
  statuses: readonly InvoiceStatus[];
  due_from_utc?: string;
  due_to_utc?: string;
}

/**
 * A page of invoices by due date, read consistently from a list partition on
 * the table (invoiceListings): a customer's, or the org's active or closed ones
 * (over the shards of the org's layout, merged by due date), filtered by
 * status, within [due_from_utc, due_to_utc).
 */
export async function listInvoices(orgcode: string, filter: InvoiceFilter, limit: number, cursor?: ShardedCursor): Promise<Page<Invoice>> {
  // Sort keys are `<due>#<id>`: none equals a bare instant, so an inclusive end leaves `due_to_utc` itself out.
  const query = {
    range: { from: filter.due_from_utc, to: filter.due_to_utc },
    filter: statusFilter(filter.statuses),
    oldestFirst: true,
  };
  const lifecycle = filter.statuses.every(isTerminal) ? 'closed' : 'active';
  const page =
    filter.customer_id === undefined
      ? await shardedPage({ ...query, partition: keys.invoicesInLifecycle(orgcode, lifecycle) }, await shardLayout(orgcode), limit, cursor)
      : await shardedPage({ ...query, partition: keys.invoicesOfCustomer(orgcode, filter.customer_id) }, oneShard, limit, cursor);
  return { items: page.items.map((item) => withoutStorageAttributes<Invoice>(item)), ...(page.cursor && { lastKey: page.cursor }) };
}
