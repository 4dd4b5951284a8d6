import { DuplicateIdError, InvalidStateError, NotFoundError, RevisionConflictError, ValidationError } from '../domain/errors';
import type { SourceRef } from '../domain/common-schemas';
import { newId } from '../domain/identifiers';
import { requireExpectedRevision } from '../domain/revision';
import {
  type Invoice,
  type InvoiceContent,
  type InvoiceSetRequest,
  type InvoiceStatusSetRequest,
  dueAt,
  invalidInvoiceMove,
  priceInvoice,
} from '../domain/receivables/invoice';
import { type InvoiceChange, asRevisionAfter, issueInvoice, moveInvoiceStatus } from '../domain/receivables/invoice-changes';
import {
  OrderAlreadyInvoicedError,
  createInvoice,
  findInvoice,
  findInvoiceOfOrder,
  orderTakesTendersWrite,
  saveInvoiceChange,
} from '../db/receivables/invoice-repository';
import { applyParkedTenders } from './tenders';
import type { ChangeOrigin } from '../domain/change-origin';

export interface InvoiceDraft {
  invoice_id?: string;
  order_id: string;
  content: InvoiceContent;
  issued_at?: string;
  status: 'draft' | 'open';
  memo?: string;
  reason?: string;
  source_refs: SourceRef[];
}

export interface InvoiceSetResult {
  invoice: Invoice;
  /** True when the order already had this invoice and nothing was changed (set is idempotent on order_id). */
  collapsed: boolean;
}

function priced(input: Parameters<typeof priceInvoice>[0]): InvoiceContent {
  const result = priceInvoice(input);
  if ('issues' in result) throw new ValidationError(result.issues);
  return result.content;
}

/** The invoice a draft describes, as first stored: a draft, or issued at once. */
export function newInvoiceChange(draft: InvoiceDraft, origin: ChangeOrigin): InvoiceChange {
  const now = origin.now.toISOString();
  const invoice: Invoice = {
    invoice_id: draft.invoice_id ?? newId('inv', origin.now),
    orgcode: origin.orgcode,
    order_id: draft.order_id,
    ...draft.content,
    amount_paid: 0,
    balance_due: draft.content.total,
    ...(draft.issued_at && { issued_at: draft.issued_at, due_at: dueAt(draft.issued_at, draft.content.payment_terms) }),
    status: 'draft',
    ...(draft.memo !== undefined && { memo: draft.memo }),
    source_refs: draft.source_refs,
    request_context: origin.requestContext,
    revision: 1,
    created_at: now,
    updated_at: now,
  };
  return draft.status === 'open' ? issueInvoice(invoice, origin, draft.reason, draft.source_refs) : { invoice };
}

/**
 * Creates the order's invoice, or collapses into the one it already has.
 * Tenders that arrived before the invoice are applied right after, also on a
 * collapse, so a crash between the two is repaired by the retry.
 */
export async function createOrCollapse(draft: InvoiceDraft, origin: ChangeOrigin): Promise<InvoiceSetResult> {
  let result: InvoiceSetResult;
  const existing = await findInvoiceOfOrder(origin.orgcode, draft.order_id);
  if (existing) {
    result = { invoice: existing, collapsed: true };
  } else {
    const change = newInvoiceChange(draft, origin);
    result = { invoice: change.invoice, collapsed: false };
    try {
      await createInvoice(change);
    } catch (error) {
      if (!(error instanceof OrderAlreadyInvoicedError)) throw error;
      const winner = await findInvoiceOfOrder(origin.orgcode, draft.order_id);
      if (!winner) throw error;
      result = { invoice: winner, collapsed: true };
    }
  }
  if (draft.invoice_id !== undefined && result.invoice.invoice_id !== draft.invoice_id) {
    throw new DuplicateIdError('order_id', draft.order_id);
  }
  return { ...result, invoice: await withParkedTendersApplied(result.invoice, origin.now) };
}

/** Applies the order's parked tenders to its invoice; the invoice as stored after them. */
async function withParkedTendersApplied(invoice: Invoice, now: Date): Promise<Invoice> {
  // A draft's tenders wait until it is issued.
  if (invoice.status === 'draft') return invoice;
  const applied = await applyParkedTenders(invoice.orgcode, invoice.order_id, now);
  // Only applied tenders change the invoice: otherwise the copy at hand is current.
  return applied ? ((await findInvoice(invoice.orgcode, invoice.invoice_id)) ?? invoice) : invoice;
}

/**
 * `/invoice/set`: creates the order's invoice (draft or issued), collapses a
 * duplicate order into its invoice, and with `expected_revision` changes a
 * draft (and issues it when `status` is `open`).
 */
export async function setInvoice(request: InvoiceSetRequest, origin: ChangeOrigin): Promise<InvoiceSetResult> {
  const content = priced(request);
  if (request.invoice_id !== undefined) {
    const byId = await findInvoice(origin.orgcode, request.invoice_id);
    if (byId && byId.order_id !== request.order_id) throw new DuplicateIdError('invoice_id', request.invoice_id);
  }
  const draft: InvoiceDraft = {
    invoice_id: request.invoice_id,
    order_id: request.order_id,
    content,
    issued_at: request.issued_at,
    status: request.status,
    memo: request.memo,
    reason: request.reason,
    source_refs: request.source_refs,
  };
  if (request.expected_revision === undefined) return createOrCollapse(draft, origin);

  const current = await findInvoiceOfOrder(origin.orgcode, request.order_id);
  if (!current || (request.invoice_id !== undefined && current.invoice_id !== request.invoice_id)) throw new NotFoundError();
  if (current.revision !== request.expected_revision) throw new RevisionConflictError(request.expected_revision, current.revision);
  if (current.status !== 'draft') {
    throw new InvalidStateError(`A ${current.status} invoice cannot be changed: only a draft can`, { from: current.status });
  }
  const rewritten: Invoice = {
    ...current,
    ...content,
    balance_due: content.total,
    ...(request.issued_at ? { issued_at: request.issued_at, due_at: dueAt(request.issued_at, content.payment_terms) } : {}),
    ...(request.memo !== undefined && { memo: request.memo }),
    source_refs: request.source_refs,
  };
  if (!request.issued_at) {
    delete rewritten.issued_at;
    delete rewritten.due_at;
  }
  const issuing = request.status === 'open';
  const change = issuing ? issueInvoice(rewritten, origin, request.reason, request.source_refs) : { invoice: rewritten };
  const invoice = await saveInvoiceChange(
    current,
    asRevisionAfter(change, current, origin.now),
    issuing ? [orderTakesTendersWrite(current)] : [],
  );
  return { invoice: issuing ? await withParkedTendersApplied(invoice, origin.now) : invoice, collapsed: false };
}

/** `/invoice/status/set`: one of the status moves of docs/decisions.md (Accounts receivable), under the expected revision. */
export async function setInvoiceStatus(request: InvoiceStatusSetRequest, origin: ChangeOrigin): Promise<Invoice> {
  const expected = requireExpectedRevision(request.expected_revision);
  const current = await findInvoice(origin.orgcode, request.invoice_id);
  if (!current) throw new NotFoundError();
  if (current.revision !== expected) throw new RevisionConflictError(expected, current.revision);
  const invalid = invalidInvoiceMove(current, request.status);
  if (invalid) throw invalid;
  const change = moveInvoiceStatus(current, request.status, origin, request.reason, request.source_refs);
  const leavesDraft = current.status === 'draft';
  const invoice = await saveInvoiceChange(
    current,
    asRevisionAfter(change, current, origin.now),
    leavesDraft ? [orderTakesTendersWrite(current)] : [],
  );
  // A voided draft takes its order's parked tenders too: as payments of which nothing applies, on record.
  return leavesDraft ? withParkedTendersApplied(invoice, origin.now) : invoice;
}
