import * as z from 'zod/mini';
import type { StartKey } from '../../db/query-page';
import { listUsageRollups } from '../../db/rollups/usage-rollup-repository';
import { cccode, commonRequestFields, listLimit, shortText } from '../../domain/common-schemas';
import { closedDayRange, dayRangeFields, dayRangeInOrder } from '../../domain/rollups/rollup-days';
import {
  scopeFitsCccode,
  usageRollupNextToken,
  usageRollupPageToken,
  usageRollupRecord,
  usageScopes,
} from '../../domain/rollups/usage-rollup';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const usageRollupListRequest = z
  .strictObject({
    ...dayRangeFields,
    service: z.optional(shortText),
    /** One cost centre's records. */
    cccode: z.optional(cccode),
    /** Only the organisation's records, only cost centres', or only the usage that named none. */
    scope: z.optional(z.enum(usageScopes)),
    limit: listLimit(),
    next_token: z.nullish(usageRollupPageToken),
    ...commonRequestFields,
  })
  .check(dayRangeInOrder, scopeFitsCccode);

export const usageRollupListRoute = defineRoute({
  path: '/usage/rollup/list',
  operation: 'usage.rollup.list',
  name: 'usage-rollup-list',
  family: 'rollups',
  summary:
    'List daily usage rollup records over a range of days, by day, of every service and scope, or of one service, cost centre or scope.',
  schema: usageRollupListRequest,
  response: z.object({ rollups: z.array(usageRollupRecord), next_token: usageRollupNextToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ from_dt: '2026-11-01', to_dt: '2026-11-30', service: 'accounting', scope: 'org', limit: 8 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...request } = input;
    const filter = {
      ...request,
      ...closedDayRange(request),
      scope: request.cccode !== undefined ? ('cccode' as const) : request.scope,
    };
    const cursor = pageCursor<StartKey>(context, filter);
    const page = await listUsageRollups(context.caller.orgcode, filter, limit, cursor.read(next_token?.after));
    const after = cursor.next(page.lastKey);
    return { rollups: page.items, next_token: after === undefined ? null : { after } };
  },
});
