import * as z from 'zod/mini';
import { findSchedule, setScheduleStatus } from '../../db/exports/export-schedule-repository';
import { clientId, longText, requestContext, revision, sourceRefs } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { exportSchedule, resumeSlot, scheduleStatuses } from '../../domain/exports/export-schedule';
import { requireExpectedRevision } from '../../domain/revision';
import { defineRoute } from '../../http/route-definition';

const scheduleStatusSetRequest = z.strictObject({
  schedule_id: clientId,
  status: z.enum(scheduleStatuses),
  // Optional here so that leaving it out is 428 expected-revision-required, not 400.
  expected_revision: z.optional(revision),
  reason: longText,
  source_refs: sourceRefs,
  request_context: requestContext,
});

export const exportScheduleStatusSetRoute = defineRoute({
  path: '/export/schedule/status/set',
  operation: 'export.schedule.status.set',
  name: 'export-schedule-status-set',
  family: 'exports',
  summary: 'Suspend an export schedule, or resume it from its next slot after now.',
  schema: scheduleStatusSetRequest,
  response: z.object({ schedule: exportSchedule }),
  roles: 'export_admin',
  idempotent: false,
  stores: { table: 'write' },
  example: (orgcode) => ({
    schedule_id: 'sch_01JEXAMPLE0000000000000000',
    status: 'suspended',
    expected_revision: 1,
    reason: 'ERP maintenance window',
    source_refs: [{ kind: 'change_request', id: 'CR-2211' }],
    request_context: { orgcode, actor: 'finance-admin', context_source: 'session' },
  }),
  handle: async (input, context) => {
    const expectedRevision = requireExpectedRevision(input.expected_revision);
    const schedule = await findSchedule(context.caller.orgcode, input.schedule_id);
    if (!schedule) throw new NotFoundError(`No export schedule ${input.schedule_id}`);
    // Resuming picks up at the next slot from now: slots missed while suspended are not replayed.
    const nextRunAt =
      input.status === 'active'
        ? resumeSlot(schedule.cadence, new Date(schedule.next_run_at), context.now).toISOString()
        : schedule.next_run_at;
    const updated = await setScheduleStatus({
      schedule,
      expectedRevision,
      status: input.status,
      nextRunAt,
      now: context.now,
    });
    return { schedule: updated };
  },
});
