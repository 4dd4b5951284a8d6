import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError } from '../domain/errors';
import { type Invoice, type InvoiceStatus, isTerminal } from '../domain/receivables/invoice';
import type { InvoiceChange, InvoiceNoticeType } from '../domain/receivables/invoice-changes';
import type { OutgoingEvent } from '../bus/outgoing-events';
import { outboxPut } from './outbox-repository';
import { markDay } from './active-day-repository';
import { type GuardedCheck, type GuardedWrite, writeAtomically } from './atomic-write';
import { dynamo, tableName } from './client';
import { eventRecordPuts } from './event-repository';
import { type ShardLayout, shardLayout } from './shard-layout';
import { withoutStorageAttributes } from './item';
import * as keys from './keys';
import { timeOrderedKey } from './keys';
import { type Page, type StartKey, queryPage } from './query-page';
import { pruneSettledReceivable, receivableWrites } from './receivables-repository';
import { writeLogLine } from '../observability/log-line';
import { updateRevisioned } from './revisioned-update';
import { statusFilter } from './status-filter';

/** The order already has an invoice: set collapses into it. */
export class OrderAlreadyInvoicedError extends Error {
  constructor() {
    super('The order already has an invoice');
    this.name = 'OrderAlreadyInvoicedError';
  }
}

function listingKey(invoice: Invoice) {
  return timeOrderedKey(invoice.due_at ?? invoice.created_at, invoice.invoice_id);
}

export function invoiceItem(invoice: Invoice): Record<string, unknown> {
  const sortKey = listingKey(invoice);
  return {
    ...keys.invoice(invoice.orgcode, invoice.invoice_id),
    record_type: 'invoice',
    gsi1pk: keys.invoicesOfCustomer(invoice.orgcode, invoice.customer_id),
    gsi1sk: sortKey,
    gsi2pk: keys.invoicesInLifecycle(invoice.orgcode, isTerminal(invoice.status) ? 'closed' : 'active'),
    gsi2sk: sortKey,
    ...invoice,
  };
}

export async function findInvoice(orgcode: string, invoiceId: string): Promise<Invoice | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.invoice(orgcode, invoiceId), ConsistentRead: true }),
  );
  return Item && withoutStorageAttributes<Invoice>(Item);
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

function changeWrites(change: InvoiceChange, layout: ShardLayout): GuardedWrite[] {
  const { invoice } = change;
  return [
    ...(change.event ? eventRecordPuts(change.event, layout) : []),
    ...(change.receivable ? receivableWrites(invoice.orgcode, change.receivable) : []),
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
 * aggregate, throttling past the retries) leaves a zero that reports skip.
 */
async function afterCommit(change: InvoiceChange): Promise<void> {
  if (!change.receivable) return;
  try {
    await pruneSettledReceivable(change.invoice.orgcode, change.receivable);
  } catch (error) {
    writeLogLine({
      level: 'warn',
      message: 'settled receivable left unpruned after its change committed',
      orgcode: change.invoice.orgcode,
      invoice_id: change.invoice.invoice_id,
      error: String(error),
    });
  }
}

/**
 * Creates an invoice with its order claim, its event and its receivable
 * writes in one transaction. A second invoice for the order fails with
 * OrderAlreadyInvoicedError.
 */
export async function createInvoice(change: InvoiceChange): Promise<void> {
  const { invoice } = change;
  await markEventDay(change);
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
      item: invoiceItem(invoice),
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('invoice_id', invoice.invoice_id),
    },
    ...changeWrites(change, await shardLayout(invoice.orgcode)),
  ]);
  await afterCommit(change);
}

/**
 * Saves a changed invoice (already at its next revision) if the stored one is
 * still at `expectedRevision`, with what the change records and `extra`
 * writes, all or nothing. When another change got there first: 409 with the
 * current revision (or 404 if the invoice is gone).
 */
export async function saveInvoiceChange(expectedRevision: number, change: InvoiceChange, extra: GuardedWrite[] = []): Promise<Invoice> {
  const saved = change.invoice;
  await markEventDay(change);
  await updateRevisioned({
    key: keys.invoice(saved.orgcode, saved.invoice_id),
    expectedRevision,
    // Whole: a change may drop attributes (a draft's issue date) and moves the listing keys.
    replace: invoiceItem(saved),
    companions: [...extra, ...changeWrites(change, await shardLayout(saved.orgcode))],
    // The instant the change was stamped with, which its event and notice already cite.
    now: new Date(saved.updated_at),
  });
  await afterCommit(change);
  return saved;
}

export interface InvoiceFilter {
  customer_id?: string;
  /** The statuses listed (shared/domain/list-statuses.ts): all closed, or all active. */
  statuses: readonly InvoiceStatus[];
  due_from_utc?: string;
  due_to_utc?: string;
}

/**
 * A page of invoices by due date: a customer's (gsi1) or the org's active or
 * closed ones (gsi2), filtered by status, within [due_from_utc, due_to_utc).
 */
export function listInvoices(orgcode: string, filter: InvoiceFilter, limit: number, startKey?: StartKey): Promise<Page<Invoice>> {
  const byCustomer = filter.customer_id !== undefined;
  const index = byCustomer ? { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' } : { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' };
  const lifecycle = filter.statuses.every(isTerminal) ? 'closed' : 'active';
  const byStatus = statusFilter(filter.statuses);
  const names: Record<string, string> = { '#pk': index.pk, ...byStatus.names };
  if (filter.due_from_utc !== undefined || filter.due_to_utc !== undefined) names['#sk'] = index.sk;
  const values: Record<string, unknown> = {
    ':pk': byCustomer ? keys.invoicesOfCustomer(orgcode, filter.customer_id ?? '') : keys.invoicesInLifecycle(orgcode, lifecycle),
    ...byStatus.values,
  };
  let keyCondition = '#pk = :pk';
  if (filter.due_from_utc !== undefined && filter.due_to_utc !== undefined) {
    keyCondition += ' AND #sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': filter.due_from_utc, ':to': filter.due_to_utc });
  } else if (filter.due_from_utc !== undefined) {
    keyCondition += ' AND #sk >= :from';
    values[':from'] = filter.due_from_utc;
  } else if (filter.due_to_utc !== undefined) {
    keyCondition += ' AND #sk < :to';
    values[':to'] = filter.due_to_utc;
  }
  return queryPage(
    {
      IndexName: index.name,
      KeyConditionExpression: keyCondition,
      FilterExpression: byStatus.expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    limit,
    startKey,
    (item) => withoutStorageAttributes<Invoice>(item),
  );
}
