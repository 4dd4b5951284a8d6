import * as z from 'zod/mini';
import { adjustCommission } from '../../commissions/adjustments';
import { adjustRequest, adjustmentSchema } from '../../domain/commissions/adjustment';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const commissionAdjustRoute = defineRoute({
  path: '/commission/adjust',
  operation: 'commission.adjust',
  name: 'commission-adjust',
  family: 'commissions',
  summary: "Add a bonus, chargeback or correction to an associate's commission lines, optionally about one commission, recording commission.adjusted.",
  schema: adjustRequest,
  response: z.object({ adjustment: adjustmentSchema }),
  roles: 'commission_write',
  idempotent: true,
  stores: { table: 'write' },
  example: () => ({
    associate_id: 'assoc_jane',
    kind: 'bonus',
    amount: 50,
    currency: 'USD',
    reason: 'November floor-sales contest winner',
    idempotency_key: 'bonus-2026-11-assoc_jane',
  }),
  handle: (input, context) =>
    adjustCommission(input, changeOrigin(context), context.idempotency),
});
