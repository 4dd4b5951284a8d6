import * as z from 'zod/mini';
import { setCommissionSplit } from '../../commissions/adjustments';
import { commissionSchema } from '../../domain/commissions/commission';
import { splitSetRequest } from '../../domain/commissions/split';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const commissionSplitSetRoute = defineRoute({
  path: '/commission/split/set',
  operation: 'commission.split.set',
  name: 'commission-split-set',
  family: 'commissions',
  summary: 'Share an accrued commission between associates in basis points, under its expected revision, replacing its lines.',
  schema: splitSetRequest,
  response: z.object({ commission: commissionSchema }),
  roles: 'commission_write',
  idempotent: false,
  stores: { table: 'write' },
  example: () => ({
    commission_id: 'com_01JEXAMPLE0000000000000000',
    expected_revision: 1,
    allocations: [
      { associate_id: 'assoc_jane', share_bps: 6000 },
      { associate_id: 'assoc_raj', share_bps: 4000 },
    ],
    reason: 'Sale shared with the floor lead',
  }),
  handle: (input, context) =>
    setCommissionSplit(input, changeOrigin(context)),
});
