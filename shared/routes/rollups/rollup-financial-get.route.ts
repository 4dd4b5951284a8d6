import * as z from 'zod/mini';
import { findFinancialRollup } from '../../db/rollups/financial-rollup-repository';
import { commonRequestFields, shortText } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { financialDimensions, financialRollupRecord } from '../../domain/rollups/financial-rollup';
import { utcDay } from '../../domain/rollups/rollup-days';
import { defineRoute } from '../../http/route-definition';

export const rollupFinancialGetRoute = defineRoute({
  path: '/rollup/financial/get',
  operation: 'rollup.financial.get',
  name: 'rollup-financial-get',
  family: 'rollups',
  summary: "Read one day's financial rollup of one dimension value (a channel's sales, a tender method, a tax jurisdiction, an aging bucket).",
  schema: z.strictObject({
    /** The UTC day, `YYYY-MM-DD`. */
    dt: utcDay,
    dimension: z.enum(financialDimensions),
    /** A channel_code, tender method, tax jurisdiction (a tax component's or the order's) or aging bucket; `(none)` for entries without one. */
    dimension_value: shortText,
    ...commonRequestFields,
  }),
  response: z.object({ rollup: financialRollupRecord }),
  roles: 'rollup_read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ dt: '2026-11-20', dimension: 'sales', dimension_value: 'web_store' }),
  handle: async (input, context) => {
    const rollup = await findFinancialRollup(context.caller.orgcode, input.dt, input.dimension, input.dimension_value);
    if (!rollup) throw new NotFoundError(`No ${input.dimension} rollup of ${input.dimension_value} on ${input.dt}`);
    return { rollup };
  },
});
