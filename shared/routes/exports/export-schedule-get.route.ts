import { z } from 'zod';
import { findSchedule } from '../../db/export-schedule-repository';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { defineRoute } from '../route-definition';

export const exportScheduleGetRoute = defineRoute({
  path: '/export/schedule/get',
  operation: 'export.schedule.get',
  name: 'export-schedule-get',
  family: 'exports',
  schema: z.object({ schedule_id: clientId, ...commonRequestFields }).strict(),
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
