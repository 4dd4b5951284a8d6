import * as z from 'zod/mini';
import {
  builtOnFirstUse,
  clientId,
  idempotencyKey,
  instant,
  longText,
  policyRefs,
  requestContext,
  sourceRefs,
} from '../common-schemas';
import { InvalidStateError } from '../errors';
import { statusListing } from '../list-statuses';
import {
  type ExportRecord,
  type ExportScope,
  type RecordSelection,
  evidence,
  evidenceRecord,
  exportRecordFields,
  exportScopeFields,
} from './export-record';

export const batchKinds = ['initial', 'repair'] as const;
export type BatchKind = (typeof batchKinds)[number];

/**
 * `pending` and `running` while the worker builds a batch asked for by a call
 * (repair, explicit create); `ready` once its files and evidence exist; then
 * `sent` or `failed` as the downstream system reports.
 */
export const batchStatuses = ['pending', 'running', 'ready', 'sent', 'failed'] as const;
export type BatchStatus = (typeof batchStatuses)[number];
/**
 * A sent batch is delivered and a failed one is repaired by another batch, so
 * both end a batch's course; a sent batch reported failed later is a correction.
 */
export const batchListing = statusListing(batchStatuses, ['sent', 'failed']);
export const settableBatchStatuses = ['ready', 'sent', 'failed'] as const;
export type SettableBatchStatus = (typeof settableBatchStatuses)[number];

/** The moves `/export/batch/status/set` makes: target → the statuses it may come from. */
const batchStatusSources: Record<SettableBatchStatus, readonly BatchStatus[]> = {
  ready: [],
  sent: ['ready'],
  failed: ['ready', 'sent'],
};

export function batchStatusSourcesOf(target: SettableBatchStatus): readonly BatchStatus[] {
  return batchStatusSources[target];
}

export function invalidBatchMove(from: string, to: SettableBatchStatus): InvalidStateError {
  const allowed = batchStatusSources[to];
  const hint = allowed.length ? `only ${allowed.join(' or ')} can become ${to}` : `no call sets a batch ${to}`;
  return new InvalidStateError(`A ${from} batch cannot become ${to}: ${hint}`, { from, to });
}

/** A batch as the API shows it (spec: ExportBatch): a slice (or all) of its export's scope, with its own evidence and status. */
export const batchViewSchema = builtOnFirstUse(() => z.object({
  ...exportScopeFields(),
  ...exportRecordFields(),
  batch_id: z.string(),
  batch_kind: z.enum(batchKinds),
  repair_of_batch_id: z.optional(z.string()),
  /** Set on a failed batch once a repair batch has been asked for. */
  repaired_by_batch_id: z.optional(z.string()),
  /** Position among the export's initial batches (1, 2, …). */
  sequence: z.optional(z.int()),
  status: z.enum(batchStatuses),
  /** Evidence a caller reported: with its request for the batch, or with the latest status change. */
  reported_evidence: z.optional(evidenceRecord),
  /** Why the latest status change was made. */
  status_reason: z.optional(z.string()),
  file_count: z.int(),
  sent_at: z.optional(instant),
}));
export type BatchView = z.infer<typeof batchViewSchema>;

/** A stored batch: what the API shows, and exactly which records it holds (a repair rebuilds this very selection). */
export interface ExportBatch extends BatchView {
  selection: RecordSelection;
}

/** What a call asking for a batch sends (spec: ExportBatchCreateRequest, ExportBatchRepairRequest). */
export const batchRequestFields = {
  export_id: clientId,
  schedule_id: z.optional(clientId),
  repair_of_batch_id: z.optional(clientId),
  evidence: z.optional(evidence),
  policy_refs: z.optional(policyRefs),
  reason: longText,
  source_refs: sourceRefs,
  idempotency_key: z.optional(idempotencyKey),
  request_context: requestContext,
};

/** Fields a batch copies from its export. */
export function batchFieldsOf(record: ExportRecord): ExportScope {
  return {
    export_id: record.export_id,
    orgcode: record.orgcode,
    format: record.format,
    export_kind: record.export_kind,
    ...(record.tax_filters && { tax_filters: record.tax_filters }),
    from_utc: record.from_utc,
    to_utc: record.to_utc,
    ...(record.event_types && { event_types: record.event_types }),
    ...(record.schedule_id && { schedule_id: record.schedule_id }),
    ...(record.destination_ref && { destination_ref: record.destination_ref }),
    ...(record.policy_versions && { policy_versions: record.policy_versions }),
    recorded_before: record.recorded_before,
    ...(record.mapping_revision !== undefined && { mapping_revision: record.mapping_revision }),
    ...(record.max_lines_per_file !== undefined && { max_lines_per_file: record.max_lines_per_file }),
  };
}

/** A repair rebuilds only a failed batch, and only once (a failed repair is repaired in turn). */
export function requireRepairable(batch: ExportBatch): void {
  if (batch.status !== 'failed') {
    throw new InvalidStateError(`Only a failed batch can be repaired; batch ${batch.batch_id} is ${batch.status}`, {
      batch_id: batch.batch_id,
      status: batch.status,
    });
  }
  if (batch.repaired_by_batch_id) {
    throw new InvalidStateError(`Batch ${batch.batch_id} is already repaired by ${batch.repaired_by_batch_id}`, {
      batch_id: batch.batch_id,
      repaired_by_batch_id: batch.repaired_by_batch_id,
    });
  }
}

/** A batch as the API shows it: without the selection the worker reads. */
export function batchView(batch: ExportBatch): BatchView {
  const { selection: _selection, ...view } = batch;
  return view;
}
