import { z } from 'zod';
import {
  type RequestContext,
  type SourceRef,
  dateTime,
  eventType,
  idempotencyKey,
  longText,
  policyRefs,
  requestContext,
  sourceRefs,
} from '../common-schemas';
import { requireOrderedWindow } from '../time-window';
import { type TaxFilters, taxFilters } from './tax-filters';

export const exportFormats = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportKinds = ['financial_events', 'tax_audit'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** An export is built asynchronously: `pending` → `running` → `ready` or `failed`. */
export const exportStatuses = ['pending', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];
/** List rule 4: `/export/list` without a status shows the exports not yet finished. */
export const unfinishedExportStatuses: readonly ExportStatus[] = ['pending', 'running'];

/** Spec Evidence, plus the manifest's own checksum. */
export interface Evidence {
  manifest_ref?: string;
  file_refs?: string[];
  checksum_sha256?: string;
  record_count?: number;
  file_count?: number;
  notes?: string;
  manifest_checksum_sha256?: string;
}

export const evidence = z
  .object({
    manifest_ref: z.string().min(1).max(1024).optional(),
    file_refs: z.array(z.string().min(1).max(1024)).max(100).optional(),
    checksum_sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex SHA-256').optional(),
    record_count: z.number().int().min(0).optional(),
    file_count: z.number().int().min(0).optional(),
    notes: longText.optional(),
  })
  .strict();

/**
 * Which records an export or batch holds: the window and filters, and only the
 * events recorded before `recorded_before` (the instant the export was
 * created), so a rebuild reads the very same events even after late,
 * back-dated ones arrive. A batch also names its first and last event (sort
 * keys, inclusive): its slice of the window.
 */
export interface RecordSelection {
  export_kind: ExportKind;
  format: ExportFormat;
  from_utc: string;
  to_utc: string;
  event_types?: string[];
  tax_filters?: TaxFilters;
  recorded_before: string;
  first_key?: string;
  last_key?: string;
}

/**
 * What an export and each of its batches share (spec: ExportBatch is also the
 * shape of an export record): whose records, which, in what form, for where.
 */
export interface ExportScope {
  export_id: string;
  orgcode: string;
  format: ExportFormat;
  export_kind: ExportKind;
  tax_filters?: TaxFilters;
  from_utc: string;
  to_utc: string;
  event_types?: string[];
  schedule_id?: string;
  destination_ref?: string;
  policy_versions?: { export_policy_version?: string };
  /** Events recorded at or after this instant are not part of the export. */
  recorded_before: string;
}

/** Fields of every export or batch record besides its scope. */
interface ExportRecordFields {
  source_refs: SourceRef[];
  reason: string;
  request_context: RequestContext;
  evidence?: Evidence;
  failure_reason?: string;
  revision: number;
  created_at: string;
  updated_at: string;
  completed_at?: string;
  failed_at?: string;
}

/** An export record. */
export interface ExportRecord extends ExportScope, ExportRecordFields {
  status: ExportStatus;
  batch_count?: number;
  file_count?: number;
}

/** An export batch record: a slice (or all) of its export's scope, with its own evidence and status. */
export interface ExportBatchFields extends ExportScope, ExportRecordFields {}

export const exportCreateRequest = z
  .object({
    from_utc: dateTime,
    to_utc: dateTime,
    event_types: z.array(eventType).min(1).max(25).optional(),
    format: z.enum(exportFormats).default('jsonl'),
    export_kind: z.enum(exportKinds).default('financial_events'),
    tax_filters: taxFilters.optional(),
    idempotency_key: idempotencyKey.optional(),
    request_context: requestContext,
    policy_refs: policyRefs.optional(),
    reason: longText,
    source_refs: sourceRefs,
  })
  .strict()
  .superRefine(requireOrderedWindow)
  .superRefine((request, issues) => {
    if (request.tax_filters && request.export_kind !== 'tax_audit') {
      issues.addIssue({ code: 'custom', path: ['tax_filters'], message: 'applies only to export_kind tax_audit' });
    }
  });
export type ExportCreateRequest = z.infer<typeof exportCreateRequest>;

export interface ExportOrigin {
  exportId: string;
  orgcode: string;
  requestContext: RequestContext;
  now: Date;
  scheduleId?: string;
  destinationRef?: string;
}

/** A new export, `pending` until the worker builds it. */
export function newExport(
  request: Omit<ExportCreateRequest, 'idempotency_key' | 'request_context'>,
  origin: ExportOrigin,
): ExportRecord {
  const now = origin.now.toISOString();
  const exportPolicyVersion = request.policy_refs?.export_policy_version;
  return {
    export_id: origin.exportId,
    orgcode: origin.orgcode,
    status: 'pending',
    format: request.format,
    export_kind: request.export_kind,
    ...(request.tax_filters && { tax_filters: request.tax_filters }),
    from_utc: request.from_utc,
    to_utc: request.to_utc,
    ...(request.event_types && { event_types: request.event_types }),
    ...(origin.scheduleId && { schedule_id: origin.scheduleId }),
    ...(origin.destinationRef && { destination_ref: origin.destinationRef }),
    ...(exportPolicyVersion && { policy_versions: { export_policy_version: exportPolicyVersion } }),
    source_refs: request.source_refs,
    reason: request.reason,
    request_context: origin.requestContext,
    recorded_before: now,
    revision: 1,
    created_at: now,
    updated_at: now,
  };
}

/** The records an export holds: its whole window. */
export function exportSelection(record: ExportRecord): RecordSelection {
  return {
    export_kind: record.export_kind,
    format: record.format,
    from_utc: record.from_utc,
    to_utc: record.to_utc,
    ...(record.event_types && { event_types: record.event_types }),
    ...(record.tax_filters && { tax_filters: record.tax_filters }),
    recorded_before: record.recorded_before,
  };
}
