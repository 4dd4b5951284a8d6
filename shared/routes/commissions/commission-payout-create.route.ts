import * as z from 'zod/mini';
import { createPayout } from '../../commissions/payouts';
import { payoutCreateRequest, payoutSchema } from '../../domain/commissions/payout';
import { defineRoute, maxRouteTimeoutSeconds } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const commissionPayoutCreateRoute = defineRoute({
  path: '/commission/payout/create',
  operation: 'commission.payout.create',
  name: 'commission-payout-create',
  family: 'commissions',
  summary:
    "Create a pending payout of every payable line of an associate in one currency and period that no other payout holds, chargebacks netted.",
  schema: payoutCreateRequest,
  response: z.object({ payout: payoutSchema }),
  roles: 'commission_write',
  idempotent: true,
  stores: { table: 'write' },
  // A payout of thousands of lines claims them a hundred at a time, until the call's deadline.
  timeoutSeconds: maxRouteTimeoutSeconds,
  example: () => ({
    associate_id: 'assoc_jane',
    currency: 'USD',
    from_utc: '2026-11-01T00:00:00Z',
    to_utc: '2026-12-01T00:00:00Z',
    idempotency_key: 'payout-2026-11-assoc_jane-USD',
  }),
  handle: (input, context) =>
    createPayout(input, changeOrigin(context), { deadline: context.deadline, idempotency: context.idempotency }),
});
