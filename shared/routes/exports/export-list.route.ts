import { z } from 'zod';
import { listExports } from '../../db/export-repository';
import type { StartKey } from '../../db/query-page';
import { commonRequestFields, dateTime, listLimit, nextToken } from '../../domain/common-schemas';
import { exportStatuses, unfinishedExportStatuses } from '../../domain/exports/export-record';
import { requireOrderedWindow } from '../../domain/time-window';
import { pageCursor } from '../page-cursor';
import { defineRoute } from '../route-definition';

const exportListRequest = z
  .object({
    status: z.enum(exportStatuses).optional(),
    from_utc: dateTime.optional(),
    to_utc: dateTime.optional(),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .strict()
  .superRefine(requireOrderedWindow);

export const exportListRoute = defineRoute({
  path: '/export/list',
  operation: 'export.list',
  name: 'export-list',
  family: 'exports',
  schema: exportListRequest,
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ status: 'ready', from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const statuses = filter.status ? [filter.status] : unfinishedExportStatuses;
    const page = await listExports(context.caller.orgcode, { ...filter, statuses }, limit, cursor.read(next_token));
    return { exports: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
