import * as z from 'zod/mini';
import { listExports } from '../../db/exports/export-repository';
import type { StartKey } from '../../db/query-page';
import { commonRequestFields, dateTime, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { exportListing, exportStatuses, exportSummary } from '../../domain/exports/export-record';
import { listedStatuses } from '../../domain/list-statuses';
import { orderedWindow } from '../../domain/time-window';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const exportListRequest = z
  .strictObject({
    status: z.optional(z.enum(exportStatuses)),
    from_utc: z.optional(dateTime),
    to_utc: z.optional(dateTime),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(orderedWindow);

export const exportListRoute = defineRoute({
  path: '/export/list',
  operation: 'export.list',
  name: 'export-list',
  family: 'exports',
  summary:
    'List exports of one status (by default those not yet finished) whose window overlaps a time window; each without its evidence\'s file_refs (one per batch), which /export/get answers.',
  schema: exportListRequest,
  response: z.object({ exports: z.array(exportSummary), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ status: 'ready', from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const statuses = listedStatuses(exportListing, filter.status);
    const page = await listExports(context.caller.orgcode, { ...filter, statuses }, limit, cursor.read(next_token));
    return { exports: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
