import { findSchedule } from '../db/exports/export-schedule-repository';
import { putInboxItemOnce } from '../db/inbox/inbox-repository';
import { systemOrigin } from '../domain/change-origin';
import type { RequestContext } from '../domain/common-schemas';
import { type BuildOutcome, buildOutcomeNotice } from '../domain/inbox/notices';

/** What the worker knows of a finished export or requested batch. */
export interface FinishedBuild extends BuildOutcome {
  orgcode: string;
  schedule_id?: string;
  request_context: RequestContext;
}

/**
 * Tells whoever asked for the export (or batch) in their inbox that it is
 * ready or failed (docs/decisions.md: Inbox). The worker calls this beside
 * publishing the outcome event, before the build leaves the work queue, so it
 * is retried until done; the item's id comes from the build, so it is written
 * once however often that happens.
 */
export async function notifyBuildOutcome(build: FinishedBuild, now: Date): Promise<void> {
  const creator = await creatorOf(build);
  if (creator === undefined) return;
  await putInboxItemOnce(buildOutcomeNotice(build, creator, systemOrigin(build.orgcode, 'export-worker', now)));
}

/** The scheduler creates a schedule's exports on its own: they are for whoever created the schedule. */
async function creatorOf(build: FinishedBuild): Promise<string | undefined> {
  if (build.request_context.context_source !== 'system') return build.request_context.actor;
  if (build.schedule_id === undefined) return undefined;
  return (await findSchedule(build.orgcode, build.schedule_id))?.request_context.actor;
}
