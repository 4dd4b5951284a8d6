import * as z from 'zod/mini';
import { type FinancialRollupCursor, listFinancialRollups } from '../../db/rollups/financial-rollup-repository';
import { commonRequestFields, listLimit, nextPageToken, nextToken, shortText } from '../../domain/common-schemas';
import { financialDimensions, financialRollupRecord } from '../../domain/rollups/financial-rollup';
import { closedDayRange, dayRangeFields, dayRangeInOrder } from '../../domain/rollups/rollup-days';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const rollupListRequest = z
  .strictObject({
    ...dayRangeFields,
    dimension: z.optional(z.enum(financialDimensions)),
    /** Only with `dimension`. */
    dimension_value: z.optional(shortText),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(
    dayRangeInOrder,
    z.refine((request) => request.dimension_value === undefined || request.dimension !== undefined, {
      path: ['dimension'],
      error: 'is required with dimension_value',
      when: (payload) => payload.issues.length === 0,
    }),
  );

export const rollupFinancialListRoute = defineRoute({
  path: '/rollup/financial/list',
  operation: 'rollup.financial.list',
  name: 'rollup-financial-list',
  family: 'rollups',
  summary:
    'List daily financial rollup records over a range of days, of every dimension (sales, tender, tax, ar_aging, in that order), one, or one dimension value.',
  schema: rollupListRequest,
  response: z.object({ rollups: z.array(financialRollupRecord), next_token: nextPageToken }),
  roles: 'rollup_read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ from_dt: '2026-11-01', to_dt: '2026-11-30', dimension: 'sales', limit: 8 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...request } = input;
    const filter = { ...request, ...closedDayRange(request) };
    const cursor = pageCursor<FinancialRollupCursor>(context, filter);
    const page = await listFinancialRollups(context.caller.orgcode, filter, limit, cursor.read(next_token));
    return { rollups: page.records, next_token: cursor.next(page.next) ?? null };
  },
});
