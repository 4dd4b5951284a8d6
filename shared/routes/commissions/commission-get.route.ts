import * as z from 'zod/mini';
import { findCommission } from '../../db/commissions/commission-repository';
import { commissionSchema } from '../../domain/commissions/commission';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { defineRoute } from '../../http/route-definition';

export const commissionGetRoute = defineRoute({
  path: '/commission/get',
  operation: 'commission.get',
  name: 'commission-get',
  family: 'commissions',
  summary: "Read one commission by its identifier: the order's sale, the rule and amount it was rated with, its lines and status.",
  schema: z.strictObject({ commission_id: clientId, ...commonRequestFields }),
  response: z.object({ commission: commissionSchema }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ commission_id: 'com_01JEXAMPLE0000000000000000' }),
  handle: async (input, context) => {
    const commission = await findCommission(context.caller.orgcode, input.commission_id);
    if (!commission) throw new NotFoundError();
    return { commission };
  },
});
