import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import type { ChangeOrigin } from '../change-origin';
import {
  builtOnFirstUse,
  commonRequestFields,
  dateTime,
  instant,
  integer,
  listLimit,
  longText,
  type SourceRef,
  sourceRefs,
  text,
} from '../common-schemas';
import { orderedWindow } from '../time-window';
import { type Measurement, type ReconcileState, isFinished, tableTotals } from './storage-reconcile-state';
import type { StorageUsageRecord } from './storage-usage';

/**
 * `/storage/usage/reconcile` (docs/decisions.md: Storage reconcile): its
 * request, its cursor and answer, and the usage records a run writes.
 */

/** Units of work (read requests) per call: at most, and when the request names none. */
const maxUnitsPerCall = 100;
const defaultUnitsPerCall = 20;

/** Days a window may span: a family kept per day is read once for each. */
const maxWindowDays = 366;
const dayMs = 86_400_000;

/** Every UTC day (`YYYY-MM-DD`) the half-open window has an instant in, in order. */
export function windowDays(window: { from_utc: string; to_utc: string }): string[] {
  const days: string[] = [];
  const last = Date.parse(window.to_utc) - 1;
  for (let day = Date.parse(window.from_utc.slice(0, 10)); day <= last; day += dayMs) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

const windowOfAtMostMaxDays = z.refine<{ from_utc: string; to_utc: string }>(
  (window) => window.from_utc >= window.to_utc || windowDays(window).length <= maxWindowDays,
  {
    path: ['to_utc'],
    error: `must be within ${maxWindowDays} UTC days of from_utc`,
    when: ({ issues }) => issues.length === 0,
  },
);

const byteCount = z.number().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));
const count = integer(0);

/**
 * The specification's StorageUsageCursor, as answered in `next_cursor` and
 * sent back unchanged: every field as ReconcileState describes it, with the
 * run's `progress` and the `seal` that makes any change a validation-error.
 */
export const storageUsageCursor = z.strictObject({
  source_index: integer(0, 1),
  dt_index: integer(0, maxWindowDays - 1),
  org_prefix_token: text(0, 4096),
  pending_prefixes: z.array(text(1, 1024)).check(z.maxLength(10_000)),
  current_prefix: text(1, 1024),
  continuation_token: text(0, 8192),
  partial_bytes: byteCount,
  partial_objects: count,
  partial_record_by_cccode: z.record(text(1, 64), z.strictObject({ bytes: byteCount, items: count })),
  progress: z.strictObject({
    scanned_prefixes: count,
    processed_prefixes: count,
    usage_records: count,
    object_bytes: byteCount,
    object_count: count,
    // Optional: a cursor answered before it was counted still resumes its run.
    noncurrent_bytes: z.optional(byteCount),
    errors: count,
  }),
  seal: text(1, 256),
});
export type StorageUsageCursor = z.infer<typeof storageUsageCursor>;

export const storageUsageReconcileRequest = z
  .strictObject({
    from_utc: dateTime,
    to_utc: dateTime,
    /** Units of work this call may do: read requests (an S3 list page or a DynamoDB Query page). */
    limit: listLimit(maxUnitsPerCall, defaultUnitsPerCall),
    dry_run: z.optional(z.boolean()),
    cursor: z.nullish(storageUsageCursor),
    reason: z.optional(longText),
    source_refs: z.optional(sourceRefs),
    ...commonRequestFields,
  })
  .check(orderedWindow, windowOfAtMostMaxDays);
export type StorageUsageReconcileRequest = z.infer<typeof storageUsageReconcileRequest>;

/** The answer's `data`: the run's totals so far (`partial` until it is done) and the cursor to resume it with. */
export const storageUsageReconcileData = z.object({
  reconcile: builtOnFirstUse(() =>
    z.object({
      orgcode: z.string(),
      window: z.object({ from_utc: instant, to_utc: instant }),
      scanned_prefixes: z.int(),
      processed_prefixes: z.int(),
      usage_records: z.int(),
      object_bytes: z.number(),
      object_count: z.int(),
      /** Added to the specification's fields: the share of object_bytes in noncurrent versions, which S3 bills as well. */
      noncurrent_bytes: z.number(),
      record_bytes: z.number(),
      record_items: z.int(),
      errors: z.int(),
      partial: z.boolean(),
    }),
  ),
  next_cursor: z.nullable(storageUsageCursor),
});

/** Who runs the reconcile, over which window, and why: what its records carry. */
export interface ReconcileRun {
  origin: ChangeOrigin;
  window: { from_utc: string; to_utc: string };
  reason?: string;
  source_refs?: SourceRef[];
}

/** What the id of every record a reconcile writes starts with. */
export const reconciledUsageIdPrefix = 'stur_';

/**
 * A measurement's record id: `stur_` and 32 hex digits of the SHA-256 of the
 * window, resource and cost centre, so a re-run of the window writes the same
 * ids (and overwrites its records) while another window, resource or cost
 * centre never shares one.
 */
export function reconciledUsageId(window: ReconcileRun['window'], measurement: Measurement): string {
  const parts = [window.from_utc, window.to_utc, measurement.resource_type, measurement.resource_ref, measurement.cccode ?? ''];
  return `${reconciledUsageIdPrefix}${createHash('sha256').update(parts.join('\n'), 'utf8').digest('hex').slice(0, 32)}`;
}

export function reconciledUsage(run: ReconcileRun, measurement: Measurement): StorageUsageRecord {
  const now = run.origin.now.toISOString();
  return {
    usage_id: reconciledUsageId(run.window, measurement),
    orgcode: run.origin.orgcode,
    resource_type: measurement.resource_type,
    resource_ref: measurement.resource_ref,
    service: 'accounting',
    bytes: measurement.bytes,
    ...(measurement.objects !== undefined && { object_count: measurement.objects }),
    ...(measurement.items !== undefined && { item_count: measurement.items }),
    window: run.window,
    measured_at: now,
    ...(measurement.cccode !== undefined && { cccode: measurement.cccode }),
    request_context: run.origin.requestContext,
    reason: run.reason ?? 'Storage reconcile',
    source_refs: run.source_refs ?? [{ kind: 'storage_reconcile', id: `${run.window.from_utc}/${run.window.to_utc}` }],
    recorded_at: now,
  };
}

/** The answer's `reconcile`: the run's totals so far, `partial` until it is finished. */
export function reconcileSummary(run: ReconcileRun, state: ReconcileState) {
  const { progress } = state;
  const table = tableTotals(state);
  return {
    orgcode: run.origin.orgcode,
    window: run.window,
    scanned_prefixes: progress.scanned_prefixes,
    processed_prefixes: progress.processed_prefixes,
    usage_records: progress.usage_records,
    object_bytes: progress.object_bytes,
    object_count: progress.object_count,
    noncurrent_bytes: progress.noncurrent_bytes ?? 0,
    record_bytes: table.bytes,
    record_items: table.items,
    errors: progress.errors,
    partial: !isFinished(state),
  };
}
