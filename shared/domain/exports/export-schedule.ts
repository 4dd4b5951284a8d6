import * as z from 'zod/mini';
import {
  builtOnFirstUse,
  clientId,
  dateTime,
  eventType,
  idempotencyKey,
  instant,
  integer,
  longText,
  policyRefs,
  requestContext,
  shortText,
  sourceRefs,
} from '../common-schemas';
import { InvalidStateError } from '../errors';
import { statusListing } from '../list-statuses';
import { cronNextAfter, cronPreviousBefore, cronSyntaxIssue, isIanaTimeZone } from './cron';
import { exportFormats, exportKindChecks, maxLinesPerFile, policyVersions } from './export-record';

/** The kinds a schedule runs: the events, or their journal (a tax audit takes filters no schedule holds). */
export const scheduledKinds = ['financial_events', 'gl_journal'] as const;

export const scheduleStatuses = ['active', 'suspended'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];
/** Active and suspended move to each other, so neither is terminal: a list shows both unless asked for one. */
export const scheduleListing = statusListing(scheduleStatuses, []);

/** Intervals and window offsets reach a year at the most, either way. */
const minutesPerYear = 366 * 24 * 60;

export const cadence = z
  .strictObject({
    type: z.enum(['interval', 'cron']),
    timezone: z.string().check(z.refine(isIanaTimeZone, 'must be an IANA time zone such as Europe/Berlin or UTC')),
    interval_minutes: z.optional(integer(1, minutesPerYear)),
    cron: z.optional(z.string().check(z.maxLength(256))),
  })
  .check(
    z.superRefine((value, context) => {
      const issue = (field: 'interval_minutes' | 'cron', message: string) =>
        context.addIssue({ code: 'custom', path: [field], message, input: value[field] });
      if (value.type === 'interval') {
        if (value.interval_minutes === undefined) issue('interval_minutes', 'is required for an interval cadence');
        if (value.cron !== undefined) issue('cron', 'is only for a cron cadence');
        return;
      }
      if (value.interval_minutes !== undefined) issue('interval_minutes', 'is only for an interval cadence');
      const problem = value.cron === undefined ? 'is required for a cron cadence' : cronSyntaxIssue(value.cron);
      if (problem) issue('cron', problem);
    }),
  );
export type Cadence = z.infer<typeof cadence>;

/** Offsets from the run's slot: the exported window is [slot + from, slot + to). */
export const exportWindowOffsets = z
  .strictObject({
    from_offset_minutes: integer(-minutesPerYear, minutesPerYear),
    to_offset_minutes: integer(-minutesPerYear, minutesPerYear),
  })
  .check(
    z.refine((window) => window.from_offset_minutes < window.to_offset_minutes, {
      path: ['to_offset_minutes'],
      error: 'must be greater than from_offset_minutes',
    }),
  );
export type ExportWindowOffsets = z.infer<typeof exportWindowOffsets>;

export const scheduleCreateRequest = builtOnFirstUse(() => z.strictObject({
  schedule_id: z.optional(clientId),
  status: z._default(z.enum(scheduleStatuses), 'active'),
  cadence,
  window: z.optional(exportWindowOffsets),
  format: z._default(z.enum(exportFormats), 'jsonl'),
  /** What each run exports: the events (the default), or their journal entries (docs/decisions.md: General ledger journal). */
  export_kind: z._default(z.enum(scheduledKinds), 'financial_events'),
  max_lines_per_file: z.optional(maxLinesPerFile),
  event_types: z.optional(z.array(eventType).check(z.minLength(1), z.maxLength(25))),
  destination_ref: z.optional(shortText),
  policy_refs: z.optional(policyRefs),
  source_refs: sourceRefs,
  next_run_at: z.optional(dateTime),
  idempotency_key: z.optional(idempotencyKey),
  reason: longText,
  request_context: requestContext,
}).check(exportKindChecks));
export type ScheduleCreateRequest = z.infer<typeof scheduleCreateRequest>;

/** An export schedule (spec: ExportSchedule), as stored and answered. */
export const exportSchedule = builtOnFirstUse(() => z.object({
  schedule_id: z.string(),
  orgcode: z.string(),
  status: z.enum(scheduleStatuses),
  cadence,
  window: z.optional(exportWindowOffsets),
  format: z.enum(exportFormats),
  export_kind: z.optional(z.enum(scheduledKinds)),
  max_lines_per_file: z.optional(z.int()),
  event_types: z.optional(z.array(z.string())),
  destination_ref: z.optional(z.string()),
  policy_versions: z.optional(policyVersions),
  source_refs: sourceRefs,
  reason: z.string(),
  request_context: requestContext,
  /** The next slot the scheduler runs (kept while suspended; recomputed on resume). */
  next_run_at: instant,
  last_run_at: z.optional(instant),
  revision: z.int(),
  created_at: instant,
  updated_at: instant,
}));
export type ExportSchedule = z.infer<typeof exportSchedule>;

const minuteMs = 60_000;

/** The first whole minute at or after `at`. */
function ceilToMinute(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / minuteMs) * minuteMs);
}

/**
 * The slot after `slot`. An interval is elapsed time (like an EventBridge rate),
 * so it ignores DST; a cron expression is wall-clock time in the cadence's zone.
 */
export function slotAfter(cadence: Cadence, slot: Date): Date {
  if (cadence.type === 'interval') return new Date(slot.getTime() + (cadence.interval_minutes ?? 1) * minuteMs);
  return cronNextAfter(cadence.cron ?? '', cadence.timezone, slot);
}

/** The slot a new schedule runs first: the one asked for, else the first after its creation. */
export function firstSlot(cadence: Cadence, now: Date, requested?: string): Date {
  if (requested) return new Date(requested);
  if (cadence.type === 'interval') return ceilToMinute(slotAfter(cadence, now));
  return cronNextAfter(cadence.cron ?? '', cadence.timezone, now);
}

/**
 * Where a resumed schedule picks up: its next slot at or after now. Slots missed
 * while suspended are not replayed (an interval keeps its grid).
 */
export function resumeSlot(cadence: Cadence, nextRunAt: Date, now: Date): Date {
  if (nextRunAt >= now) return nextRunAt;
  if (cadence.type === 'interval') {
    const step = (cadence.interval_minutes ?? 1) * minuteMs;
    const missed = Math.ceil((now.getTime() - nextRunAt.getTime()) / step);
    return new Date(nextRunAt.getTime() + missed * step);
  }
  return cronNextAfter(cadence.cron ?? '', cadence.timezone, new Date(now.getTime() - 1));
}

/**
 * The window a run exports: the schedule's offsets from the slot, else the time
 * since the previous slot, so consecutive runs cover time without gaps or overlap.
 */
export function runWindow(schedule: Pick<ExportSchedule, 'cadence' | 'window'>, slot: Date) {
  const { cadence, window } = schedule;
  if (window) {
    return {
      from_utc: new Date(slot.getTime() + window.from_offset_minutes * minuteMs).toISOString(),
      to_utc: new Date(slot.getTime() + window.to_offset_minutes * minuteMs).toISOString(),
    };
  }
  const previous =
    cadence.type === 'interval'
      ? new Date(slot.getTime() - (cadence.interval_minutes ?? 1) * minuteMs)
      : cronPreviousBefore(cadence.cron ?? '', cadence.timezone, slot);
  return { from_utc: previous.toISOString(), to_utc: slot.toISOString() };
}

export function invalidScheduleMove(from: string, to: ScheduleStatus): InvalidStateError {
  return new InvalidStateError(`A ${from} schedule cannot become ${to}`, { from, to });
}

/** The other status: a schedule moves only between active and suspended. */
export function scheduleStatusSource(to: ScheduleStatus): ScheduleStatus {
  return to === 'active' ? 'suspended' : 'active';
}
