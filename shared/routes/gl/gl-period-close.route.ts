import * as z from 'zod/mini';
import { closePeriod } from '../../db/gl/gl-period-repository';
import { type GlPeriod, glPeriod, periodCloseRequest } from '../../domain/gl/gl-period';
import { defineRoute } from '../../http/route-definition';

export const glPeriodCloseRoute = defineRoute({
  path: '/gl/period/close',
  operation: 'gl.period.close',
  name: 'gl-period-close',
  family: 'gl',
  summary:
    'Close an accounting month for good, as the ERP has: journal entries dated in it from now on post on the first day of the next open month (closing it again answers the first close).',
  schema: periodCloseRequest,
  response: z.object({ period: glPeriod }),
  roles: 'export_admin',
  idempotent: false,
  stores: { table: 'write' },
  example: (orgcode) => ({
    period: '2026-10',
    reason: 'October closed in the ERP',
    source_refs: [{ kind: 'erp_period', id: 'FY2026-10' }],
    request_context: { orgcode, actor: 'controller', context_source: 'session' },
  }),
  handle: async (input, context) => {
    const period: GlPeriod = {
      orgcode: context.caller.orgcode,
      period: input.period,
      status: 'closed',
      closed_at: context.now.toISOString(),
      ...(input.reason !== undefined && { reason: input.reason }),
      ...(input.source_refs !== undefined && { source_refs: input.source_refs }),
      request_context: context.requestContext,
    };
    return { period: await closePeriod(period) };
  },
});
