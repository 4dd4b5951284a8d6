import * as z from 'zod/mini';
import { findPayout } from '../../db/commissions/commission-payout-repository';
import { payoutSchema } from '../../domain/commissions/payout';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { defineRoute } from '../../http/route-definition';

export const commissionPayoutGetRoute = defineRoute({
  path: '/commission/payout/get',
  operation: 'commission.payout.get',
  name: 'commission-payout-get',
  family: 'commissions',
  summary: 'Read one commission payout: its associate, currency and period, what its lines add up to by kind, and its status.',
  schema: z.strictObject({ payout_id: clientId, ...commonRequestFields }),
  response: z.object({ payout: payoutSchema }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ payout_id: 'cpo_01JEXAMPLE0000000000000000' }),
  handle: async (input, context) => {
    const payout = await findPayout(context.caller.orgcode, input.payout_id);
    if (!payout) throw new NotFoundError();
    return { payout };
  },
});
