import { z } from 'zod';
import {
  type RequestContext,
  type SourceRef,
  clientId,
  dateTime,
  eventType,
  idempotencyKey,
  longText,
  policyRefs,
  requestContext,
  shortText,
  sourceRefs,
} from '../common-schemas';
import { InvalidStateError } from '../errors';
import { cronNextAfter, cronPreviousBefore, cronSyntaxIssue, isIanaTimeZone } from './cron';
import { type ExportFormat, exportFormats } from './export-record';

export const scheduleStatuses = ['active', 'suspended'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

const minutesPerYear = 366 * 24 * 60;

export const cadence = z
  .object({
    type: z.enum(['interval', 'cron']),
    timezone: z.string().refine(isIanaTimeZone, 'must be an IANA time zone such as Europe/Berlin or UTC'),
    interval_minutes: z.number().int().min(1).max(minutesPerYear).optional(),
    cron: z.string().max(256).optional(),
  })
  .strict()
  .superRefine((value, issues) => {
    if (value.type === 'interval') {
      if (value.interval_minutes === undefined) {
        issues.addIssue({ code: 'custom', path: ['interval_minutes'], message: 'is required for an interval cadence' });
      }
      if (value.cron !== undefined) {
        issues.addIssue({ code: 'custom', path: ['cron'], message: 'is only for a cron cadence' });
      }
      return;
    }
    if (value.interval_minutes !== undefined) {
      issues.addIssue({ code: 'custom', path: ['interval_minutes'], message: 'is only for an interval cadence' });
    }
    const problem = value.cron === undefined ? 'is required for a cron cadence' : cronSyntaxIssue(value.cron);
    if (problem) issues.addIssue({ code: 'custom', path: ['cron'], message: problem });
  });
export type Cadence = z.infer<typeof cadence>;

/** Offsets from the run's slot: the exported window is [slot + from, slot + to). */
export const exportWindowOffsets = z
  .object({
    from_offset_minutes: z.number().int().min(-minutesPerYear).max(minutesPerYear),
    to_offset_minutes: z.number().int().min(-minutesPerYear).max(minutesPerYear),
  })
  .strict()
  .refine((window) => window.from_offset_minutes < window.to_offset_minutes, {
    path: ['to_offset_minutes'],
    message: 'must be greater than from_offset_minutes',
  });
export type ExportWindowOffsets = z.infer<typeof exportWindowOffsets>;

export const scheduleCreateRequest = z
  .object({
    schedule_id: clientId.optional(),
    status: z.enum(scheduleStatuses).default('active'),
    cadence,
    window: exportWindowOffsets.optional(),
    format: z.enum(exportFormats).default('jsonl'),
    event_types: z.array(eventType).min(1).max(25).optional(),
    destination_ref: shortText.optional(),
    policy_refs: policyRefs.optional(),
    source_refs: sourceRefs,
    next_run_at: dateTime.optional(),
    idempotency_key: idempotencyKey.optional(),
    reason: longText,
    request_context: requestContext,
  })
  .strict();
export type ScheduleCreateRequest = z.infer<typeof scheduleCreateRequest>;

export interface ExportSchedule {
  schedule_id: string;
  orgcode: string;
  status: ScheduleStatus;
  cadence: Cadence;
  window?: ExportWindowOffsets;
  format: ExportFormat;
  event_types?: string[];
  destination_ref?: string;
  policy_versions?: { export_policy_version?: string };
  source_refs: SourceRef[];
  reason: string;
  request_context: RequestContext;
  /** The next slot the scheduler runs (kept while suspended; recomputed on resume). */
  next_run_at: string;
  last_run_at?: string;
  revision: number;
  created_at: string;
  updated_at: string;
}

const minuteMs = 60_000;

/** The first whole minute at or after `instant`. */
function ceilToMinute(instant: Date): Date {
  return new Date(Math.ceil(instant.getTime() / minuteMs) * minuteMs);
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
