import { SlotAlreadyRunError, findDueSchedules, recordScheduledRun } from '../db/exports/export-schedule-repository';
import { findDueWork, takeDueEntry } from '../db/work-queue';
import { type RequestContext, maxSourceRefs } from '../domain/common-schemas';
import { newExport } from '../domain/exports/export-record';
import { latestMapping } from '../db/gl/gl-mapping-repository';
import { type ExportSchedule, runWindow, slotAfter } from '../domain/exports/export-schedule';
import { idTime, newId } from '../domain/identifiers';
import { startBuild, unclaimedWorkGraceMs } from './build-jobs';

/** Bounds one run's work; what is left is due again at the next run, a minute later. */
const schedulesPerRun = 100;
const slotsPerScheduleRun = 10;
const restartsPerRun = 25;

export interface SchedulerRunReport {
  exports_created: number;
  builds_restarted: number;
  /** Age of the oldest export or batch this run found overdue on the work queue, since it was asked for (0 when none was). */
  oldest_pending_export_ms: number;
}

/**
 * One run of the export scheduler (every minute): creates the export of each
 * due slot of each active schedule, exactly once per slot even when runs
 * overlap, then restarts export work nobody has picked up in time.
 */
export async function runExportScheduler(now: Date): Promise<SchedulerRunReport> {
  let exportsCreated = 0;
  for (const schedule of await findDueSchedules(now, schedulesPerRun)) {
    exportsCreated += await runDueSlots(schedule, now);
  }
  const restarts = await restartDueWork(now);
  return { exports_created: exportsCreated, builds_restarted: restarts.restarted, oldest_pending_export_ms: restarts.oldestAgeMs };
}

/**
 * Runs the schedule's due slots oldest first: slots missed while the
 * scheduler was down are caught up, each exporting its own window.
 */
async function runDueSlots(due: ExportSchedule, now: Date): Promise<number> {
  let schedule = due;
  let slot = new Date(schedule.next_run_at);
  let created = 0;
  while (slot <= now && created < slotsPerScheduleRun) {
    const nextSlot = slotAfter(schedule.cadence, slot);
    const exportRecord = newExport(
      {
        ...runWindow(schedule, slot),
        format: schedule.format,
        export_kind: schedule.export_kind ?? 'financial_events',
        ...(schedule.max_lines_per_file !== undefined && { max_lines_per_file: schedule.max_lines_per_file }),
        ...(schedule.event_types && { event_types: schedule.event_types }),
        ...(schedule.policy_versions && { policy_refs: schedule.policy_versions }),
        reason: `Scheduled export ${schedule.schedule_id}, slot ${slot.toISOString()}`,
        source_refs: [{ kind: 'export_schedule', id: schedule.schedule_id }, ...schedule.source_refs].slice(0, maxSourceRefs),
      },
      {
        exportId: newId('exp', now),
        orgcode: schedule.orgcode,
        requestContext: schedulerContext(schedule.orgcode),
        now,
        scheduleId: schedule.schedule_id,
        destinationRef: schedule.destination_ref,
        ...(schedule.export_kind === 'gl_journal' && { mappingRevision: (await latestMapping(schedule.orgcode))?.revision ?? 0 }),
      },
    );
    try {
      await recordScheduledRun({
        schedule,
        slot: slot.toISOString(),
        nextSlot: nextSlot.toISOString(),
        exportRecord,
        workDueAt: new Date(now.getTime() + unclaimedWorkGraceMs),
        now,
      });
    } catch (error) {
      if (error instanceof SlotAlreadyRunError) break;
      throw error;
    }
    await startBuild({ orgcode: schedule.orgcode, export_id: exportRecord.export_id });
    // The revision moved with next_run_at: carry the stored state into the next slot's condition.
    schedule = { ...schedule, next_run_at: nextSlot.toISOString(), revision: schedule.revision + 1 };
    slot = nextSlot;
    created += 1;
  }
  return created;
}

function schedulerContext(orgcode: string): RequestContext {
  return { orgcode, actor: 'export-scheduler', context_source: 'system' };
}

/**
 * Restarts queued export work whose deadline has passed: a lost invocation, a
 * crashed worker, a build retried after a transient fault, an unpublished
 * outcome. Each entry is taken (takeDueEntry) on condition it is still the entry
 * this run read, so of two overlapping runs (or one reading a lagging index) only one restarts it.
 * Also answers how old the oldest of them is: the dashboard's oldest pending export.
 */
async function restartDueWork(now: Date): Promise<{ restarted: number; oldestAgeMs: number }> {
  let restarted = 0;
  const dueWork = await findDueWork(now, restartsPerRun);
  // An entry is as old as its export or batch, whose id carries the time it was asked for (newId).
  const oldestAgeMs = Math.max(0, ...dueWork.map((work) => now.getTime() - idTime(work.batch_id ?? work.export_id)));
  for (const work of dueWork) {
    if (!(await takeDueEntry(work, new Date(now.getTime() + unclaimedWorkGraceMs)))) continue;
    const job = work.batch_id ? { orgcode: work.orgcode, batch_id: work.batch_id } : { orgcode: work.orgcode, export_id: work.export_id };
    await startBuild({ ...job, restart: true });
    restarted += 1;
  }
  return { restarted, oldestAgeMs };
}
