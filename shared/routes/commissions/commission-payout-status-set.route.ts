import * as z from 'zod/mini';
import { setPayoutStatus } from '../../commissions/payouts';
import { payoutSchema, payoutStatusSetRequest } from '../../domain/commissions/payout';
import { defineRoute, maxRouteTimeoutSeconds } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const commissionPayoutStatusSetRoute = defineRoute({
  path: '/commission/payout/status/set',
  operation: 'commission.payout.status.set',
  name: 'commission-payout-status-set',
  family: 'commissions',
  summary:
    'Move a payout one step (pending to approved to paid) or cancel it before it is paid, freeing its lines, under its expected revision.',
  schema: payoutStatusSetRequest,
  response: z.object({ payout: payoutSchema }),
  roles: 'commission_write',
  idempotent: false,
  stores: { table: 'write' },
  // Cancelling frees, and paying settles, up to thousands of lines before the answer (until its deadline; the sweep does the rest).
  timeoutSeconds: maxRouteTimeoutSeconds,
  example: () => ({ payout_id: 'cpo_01JEXAMPLE0000000000000000', status: 'approved', expected_revision: 1 }),
  handle: (input, context) =>
    setPayoutStatus(input, changeOrigin(context), { deadline: context.deadline }),
});
