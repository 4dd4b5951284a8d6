import * as z from 'zod/mini';
import { listSchedules } from '../../db/exports/export-schedule-repository';
import type { StartKey } from '../../db/query-page';
import { commonRequestFields, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { exportSchedule, scheduleListing, scheduleStatuses } from '../../domain/exports/export-schedule';
import { listedStatuses } from '../../domain/list-statuses';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const scheduleListRequest = z.strictObject({
  status: z.optional(z.enum(scheduleStatuses)),
  limit: listLimit(),
  next_token: nextToken,
  ...commonRequestFields,
});

export const exportScheduleListRoute = defineRoute({
  path: '/export/schedule/list',
  operation: 'export.schedule.list',
  name: 'export-schedule-list',
  family: 'exports',
  summary: 'List the export schedules of the organisation, optionally only the active or the suspended ones.',
  schema: scheduleListRequest,
  response: z.object({ schedules: z.array(exportSchedule), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ status: 'active' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const statuses = listedStatuses(scheduleListing, filter.status);
    const page = await listSchedules(context.caller.orgcode, statuses, limit, cursor.read(next_token));
    return { schedules: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
