import * as z from 'zod/mini';
import {
  type RequestContext,
  builtOnFirstUse,
  dateTime,
  eventType,
  idempotencyKey,
  instant,
  integer,
  longText,
  policyRefs,
  requestContext,
  sourceRefs,
  text,
} from '../common-schemas';
import { statusListing } from '../list-statuses';
import { journalEvidence } from '../gl/journal-totals';
import { orderedWindow } from '../time-window';
import { type TaxFilters, taxFilters } from './tax-filters';

/** `netsuite_csv`: a journal as NetSuite's journal entry CSV import reads it (shared/domain/gl/journal-files.ts). */
export const exportFormats = ['jsonl', 'csv', 'netsuite_csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];
/** `gl_journal`: the events as balanced journal entries on the organisation's accounts (shared/domain/gl). */
export const exportKinds = ['financial_events', 'tax_audit', 'gl_journal'] as const;
export type ExportKind = (typeof exportKinds)[number];
/** The formats of each kind: a journal is entries (`jsonl`), never the ledger's rows (`csv`). */
const formatsOfKind: Record<ExportKind, readonly ExportFormat[]> = {
  financial_events: ['jsonl', 'csv'],
  tax_audit: ['jsonl', 'csv'],
  gl_journal: ['jsonl', 'netsuite_csv'],
};

/**
 * The checks of what an export or a schedule asks for: the format of its kind,
 * and `max_lines_per_file` only for a journal.
 */
export const exportKindChecks = z.superRefine<{ export_kind: ExportKind; format: ExportFormat; max_lines_per_file?: number }>((request, context) => {
  if (!formatsOfKind[request.export_kind].includes(request.format)) {
    context.addIssue({
      code: 'custom',
      path: ['format'],
      message: `${request.export_kind} is written as ${formatsOfKind[request.export_kind].join(' or ')}`,
      input: request.format,
    });
  }
  if (request.max_lines_per_file !== undefined && request.export_kind !== 'gl_journal') {
    context.addIssue({
      code: 'custom',
      path: ['max_lines_per_file'],
      message: 'applies only to export_kind gl_journal',
      input: request.max_lines_per_file,
    });
  }
});

/** Journal lines a file may be asked to hold: 10 to a million (an entry of more lines than that goes alone in a file). */
export const maxLinesPerFile = integer(10, 1_000_000);
/** Journal lines a file holds at the most unless the export says otherwise: NetSuite's and Dynamics' figure for one import. */
export const defaultMaxLinesPerFile = 10_000;

/** An export is built asynchronously: `pending` → `running` → `ready` or `failed`. */
export const exportStatuses = ['pending', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];
/** A finished export, ready or failed, stays so: `/export/list` without a status shows the unfinished ones. */
export const exportListing = statusListing(exportStatuses, ['ready', 'failed']);

/** Files one evidence counts at the most: as many as its `file_refs` can name. */
const maxEvidenceFiles = 100;
/**
 * Records one evidence counts at the most: evidence describes a batch, written
 * by one worker run of 15 minutes at the most, which writes far fewer lines.
 */
const maxEvidenceRecords = 1_000_000_000;

/** Spec Evidence, as a caller reports it: with its request for a batch, or with a batch's status change. */
export const evidence = z.strictObject({
  manifest_ref: z.optional(text(1, 1024)),
  file_refs: z.optional(z.array(text(1, 1024)).check(z.maxLength(maxEvidenceFiles))),
  checksum_sha256: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex SHA-256'))),
  record_count: z.optional(integer(0, maxEvidenceRecords)),
  file_count: z.optional(integer(0, maxEvidenceFiles)),
  notes: z.optional(longText),
});

const evidenceRecordObject = () =>
  z.object({
    manifest_ref: z.optional(z.string()),
    file_refs: z.optional(z.array(z.string())),
    checksum_sha256: z.optional(z.string()),
    record_count: z.optional(z.int()),
    file_count: z.optional(z.int()),
    notes: z.optional(z.string()),
    manifest_checksum_sha256: z.optional(z.string()),
    /** A journal's proof that it balances (gl_journal). */
    journal: z.optional(journalEvidence),
  });

/** Evidence as kept and answered: a caller's, or the service's own, which adds its manifest's checksum. */
export const evidenceRecord = builtOnFirstUse(evidenceRecordObject);
export type Evidence = z.infer<typeof evidenceRecord>;

/** The `export_policy_version` a request's `policy_refs` named, kept with what it made. */
export const policyVersions = builtOnFirstUse(() => z.object({ export_policy_version: z.optional(z.string()) }));

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
  /** A journal's: what it maps with and how its files are cut (docs/decisions.md: General ledger journal). */
  journal?: JournalSelection;
}

export interface JournalSelection {
  /** The latest mapping revision when the export was created (0: none); later revisions are not used. */
  mapping_revision: number;
  max_lines_per_file: number;
  /**
   * The earlier journals' batches marked sent when the batch was built: what
   * the ERP held, which a correction starts from (shared/domain/gl/posting-history.ts).
   * Absent until the build reads them; a repair rebuilds with the same.
   */
  posted_batches?: string[];
}

/**
 * What an export and each of its batches share (spec: ExportBatch is also the
 * shape of an export record): whose records, which, in what form, for where.
 * Built with the schema of either record, on its first use.
 */
export const exportScopeFields = () => ({
  export_id: z.string(),
  orgcode: z.string(),
  format: z.enum(exportFormats),
  export_kind: z.enum(exportKinds),
  tax_filters: z.optional(taxFilters),
  from_utc: instant,
  to_utc: instant,
  event_types: z.optional(z.array(z.string())),
  schedule_id: z.optional(z.string()),
  destination_ref: z.optional(z.string()),
  policy_versions: z.optional(policyVersions),
  /** Events recorded at or after this instant are not part of the export. */
  recorded_before: instant,
  /** gl_journal: the latest mapping revision when the export was created (0: none); it maps with that and earlier ones. */
  mapping_revision: z.optional(z.int()),
  /** gl_journal: journal lines a file holds at the most; an entry is never split between files. */
  max_lines_per_file: z.optional(z.int()),
});

/** Fields of every export or batch record besides its scope and status. */
export const exportRecordFields = () => ({
  source_refs: sourceRefs,
  reason: z.string(),
  request_context: requestContext,
  evidence: z.optional(evidenceRecord),
  failure_reason: z.optional(z.string()),
  revision: z.int(),
  created_at: instant,
  updated_at: instant,
  completed_at: z.optional(instant),
  failed_at: z.optional(instant),
});

const exportRecordObject = () =>
  z.object({
    ...exportScopeFields(),
    ...exportRecordFields(),
    status: z.enum(exportStatuses),
    batch_count: z.optional(z.int()),
    file_count: z.optional(z.int()),
  });

/** An export record, as stored and answered by `/export/get`. */
export const exportRecord = builtOnFirstUse(exportRecordObject);
export type ExportRecord = z.infer<typeof exportRecord>;

/**
 * An export as a list shows it (`/export/list`): the record, its evidence
 * without `file_refs`, which names every batch's file (about 170 bytes a
 * batch, so a page of 200-batch exports would pass Lambda's 6 MB); the count
 * stays in `file_count`, the files in the manifest and in `/export/get`.
 */
export const exportSummary = builtOnFirstUse(() =>
  z.extend(exportRecordObject(), {
    evidence: z.optional(z.omit(evidenceRecordObject(), { file_refs: true })),
  }),
);
export type ExportSummary = z.infer<typeof exportSummary>;

export function exportSummaryOf(record: ExportRecord): ExportSummary {
  if (!record.evidence) return record;
  const { file_refs: _files, ...evidence } = record.evidence;
  return { ...record, evidence };
}

/** An export's scope: what each of its batches copies from it. */
export type ExportScope = Pick<ExportRecord, keyof ReturnType<typeof exportScopeFields>>;

export const exportCreateRequest = builtOnFirstUse(() =>
  z
    .strictObject({
      from_utc: dateTime,
      to_utc: dateTime,
      event_types: z.optional(z.array(eventType).check(z.minLength(1), z.maxLength(25))),
      format: z._default(z.enum(exportFormats), 'jsonl'),
      export_kind: z._default(z.enum(exportKinds), 'financial_events'),
      tax_filters: z.optional(taxFilters),
      max_lines_per_file: z.optional(maxLinesPerFile),
      idempotency_key: z.optional(idempotencyKey),
      request_context: requestContext,
      policy_refs: z.optional(policyRefs),
      reason: longText,
      source_refs: sourceRefs,
    })
    .check(
      orderedWindow,
      z.superRefine((request, context) => {
        if (request.tax_filters && request.export_kind !== 'tax_audit') {
          context.addIssue({
            code: 'custom',
            path: ['tax_filters'],
            message: 'applies only to export_kind tax_audit',
            input: request.tax_filters,
          });
        }
      }),
      exportKindChecks,
    ),
);
export type ExportCreateRequest = z.infer<typeof exportCreateRequest>;

export interface ExportOrigin {
  exportId: string;
  orgcode: string;
  requestContext: RequestContext;
  now: Date;
  scheduleId?: string;
  destinationRef?: string;
  /** gl_journal: the organisation's latest mapping revision now (0: none). */
  mappingRevision?: number;
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
    ...(request.export_kind === 'gl_journal' && {
      mapping_revision: origin.mappingRevision ?? 0,
      max_lines_per_file: request.max_lines_per_file ?? defaultMaxLinesPerFile,
    }),
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
    ...(record.export_kind === 'gl_journal' && {
      journal: { mapping_revision: record.mapping_revision ?? 0, max_lines_per_file: record.max_lines_per_file ?? defaultMaxLinesPerFile },
    }),
  };
}
