import * as z from 'zod/mini';
import { findSchedule } from '../../db/exports/export-schedule-repository';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { exportSchedule } from '../../domain/exports/export-schedule';
import { defineRoute } from '../../http/route-definition';

export const exportScheduleGetRoute = defineRoute({
  path: '/export/schedule/get',
  operation: 'export.schedule.get',
  name: 'export-schedule-get',
  family: 'exports',
  summary: 'Read one export schedule, with its next run.',
  schema: z.strictObject({ schedule_id: clientId, ...commonRequestFields }),
  response: z.object({ schedule: exportSchedule }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ schedule_id: 'sch_01JEXAMPLE0000000000000000' }),
  handle: async (input, context) => {
    const schedule = await findSchedule(context.caller.orgcode, input.schedule_id);
    if (!schedule) throw new NotFoundError(`No export schedule ${input.schedule_id}`);
    return { schedule };
  },
});
