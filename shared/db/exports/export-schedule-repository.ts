import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError } from '../../domain/errors';
import type { ExportRecord } from '../../domain/exports/export-record';
import {
  type ExportSchedule,
  type ScheduleStatus,
  invalidScheduleMove,
  scheduleStatusSource,
} from '../../domain/exports/export-schedule';
import { type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { exportPut } from './export-repository';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { type Page, type StartKey, queryPage } from '../query-page';
import { updateRevisioned } from '../revisioned-update';
import { statusFilter } from '../status-filter';

/** An active schedule is on the scheduler's queue (gsi3), due at its next_run_at. */
function dueEntry(schedule: Pick<ExportSchedule, 'orgcode' | 'schedule_id'>, nextRunAt: string) {
  return { gsi3pk: keys.dueSchedulesQueue, gsi3sk: keys.queueEntry(nextRunAt, schedule.orgcode, schedule.schedule_id) };
}

export async function createSchedule(schedule: ExportSchedule, idempotencyRecord?: GuardedWrite): Promise<void> {
  await writeAtomically([
    ...(idempotencyRecord ? [idempotencyRecord] : []),
    {
      item: {
        ...keys.exportSchedule(schedule.orgcode, schedule.schedule_id),
        record_type: 'export_schedule',
        ...schedule,
        ...(schedule.status === 'active' && dueEntry(schedule, schedule.next_run_at)),
      },
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('schedule_id', schedule.schedule_id),
    },
  ]);
}

export async function findSchedule(orgcode: string, scheduleId: string): Promise<ExportSchedule | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.exportSchedule(orgcode, scheduleId), ConsistentRead: true }),
  );
  return Item && withoutStorageAttributes<ExportSchedule>(Item);
}

/**
 * The org's schedules of the given statuses (shared/domain/list-statuses.ts):
 * their partition on the table, read consistently (docs/decisions.md:
 * Acknowledged writes are listed).
 */
export function listSchedules(
  orgcode: string,
  statuses: readonly ScheduleStatus[],
  limit: number,
  startKey?: StartKey,
): Promise<Page<ExportSchedule>> {
  const byStatus = statusFilter(statuses);
  return queryPage(
    {
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: byStatus.expression,
      ExpressionAttributeNames: byStatus.names,
      ExpressionAttributeValues: { ':pk': keys.exportSchedulePartition(orgcode), ...byStatus.values },
    },
    limit,
    startKey,
    (item) => withoutStorageAttributes<ExportSchedule>(item),
  );
}

export interface ScheduleStatusChange {
  schedule: ExportSchedule;
  expectedRevision: number;
  status: ScheduleStatus;
  /** The slot a resumed schedule runs next. */
  nextRunAt: string;
  now: Date;
}

/** Suspends (off the scheduler's queue) or resumes (back on it, at `nextRunAt`) under the revision. */
export async function setScheduleStatus(change: ScheduleStatusChange): Promise<ExportSchedule> {
  const { schedule, status } = change;
  const resuming = status === 'active';
  const updated = await updateRevisioned({
    key: keys.exportSchedule(schedule.orgcode, schedule.schedule_id),
    expectedRevision: change.expectedRevision,
    set: { status, ...(resuming && { next_run_at: change.nextRunAt, ...dueEntry(schedule, change.nextRunAt) }) },
    remove: resuming ? undefined : ['gsi3pk', 'gsi3sk'],
    statusMove: { from: [scheduleStatusSource(status)], invalid: (current) => invalidScheduleMove(current, status) },
    now: change.now,
  });
  return withoutStorageAttributes<ExportSchedule>(updated);
}

/** Active schedules whose next run is due at `now`, soonest first, across every organisation. */
export async function findDueSchedules(now: Date, limit: number): Promise<ExportSchedule[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk < :due',
      ExpressionAttributeValues: { ':queue': keys.dueSchedulesQueue, ':due': `${now.toISOString()}$` },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => withoutStorageAttributes<ExportSchedule>(item));
}

export interface ScheduledRun {
  schedule: ExportSchedule;
  slot: string;
  nextSlot: string;
  exportRecord: ExportRecord;
  /** When the sweep restarts the export's build if no worker has taken it. */
  workDueAt: Date;
  now: Date;
}

/** Thrown when another scheduler run already ran this slot, or the schedule was suspended meanwhile. */
export class SlotAlreadyRunError extends Error {
  constructor() {
    super('The slot was already run, or the schedule is no longer active');
    this.name = 'SlotAlreadyRunError';
  }
}

/**
 * Runs one slot exactly once: the schedule advances from `slot` to `nextSlot`
 * and the slot's export is created in one transaction, which holds only while
 * the schedule is active and its next_run_at is still `slot`. Of two
 * overlapping scheduler runs, one wins; the other gets SlotAlreadyRunError.
 */
export async function recordScheduledRun(run: ScheduledRun): Promise<void> {
  const { schedule } = run;
  await writeAtomically([
    {
      update: {
        key: keys.exportSchedule(schedule.orgcode, schedule.schedule_id),
        expression:
          'SET next_run_at = :next, last_run_at = :slot, gsi3sk = :entry, updated_at = :now ADD revision :one',
        values: {
          ':next': run.nextSlot,
          ':slot': run.slot,
          ':entry': dueEntry(schedule, run.nextSlot).gsi3sk,
          ':now': run.now.toISOString(),
          ':one': 1,
        },
      },
      condition: {
        expression: '#status = :active AND next_run_at = :slot',
        names: { '#status': 'status' },
        values: { ':active': 'active' },
      },
      onConditionFailed: () => new SlotAlreadyRunError(),
    },
    exportPut(run.exportRecord, run.workDueAt),
  ]);
}
