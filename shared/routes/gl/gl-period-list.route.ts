import * as z from 'zod/mini';
import { closedPeriods } from '../../db/gl/gl-period-repository';
import { commonRequestFields } from '../../domain/common-schemas';
import { glPeriod } from '../../domain/gl/gl-period';
import { defineRoute } from '../../http/route-definition';

export const glPeriodListRoute = defineRoute({
  path: '/gl/period/list',
  operation: 'gl.period.list',
  name: 'gl-period-list',
  family: 'gl',
  summary: "The organisation's closed accounting months, oldest first (every month not listed is open).",
  schema: z.strictObject({ ...commonRequestFields }),
  response: z.object({ periods: z.array(glPeriod) }),
  roles: 'gl_read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({}),
  handle: async (_input, context) => ({ periods: await closedPeriods(context.caller.orgcode) }),
});
