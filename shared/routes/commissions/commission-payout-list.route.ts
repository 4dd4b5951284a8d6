import * as z from 'zod/mini';
import { listPayouts } from '../../db/commissions/commission-payout-repository';
import type { StartKey } from '../../db/query-page';
import { payoutListing, payoutSchema, payoutStatuses } from '../../domain/commissions/payout';
import { clientId, commonRequestFields, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { listedStatuses } from '../../domain/list-statuses';
import { currencyCode } from '../../domain/receivables/money';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

export const commissionPayoutListRoute = defineRoute({
  path: '/commission/payout/list',
  operation: 'commission.payout.list',
  name: 'commission-payout-list',
  family: 'commissions',
  summary:
    "List the organisation's commission payouts, or one associate's, newest first, filtered by status (default: pending and approved) and currency.",
  schema: z.strictObject({
    associate_id: z.optional(clientId),
    /** Without it, the payouts still to pay: pending and approved. */
    status: z.optional(z.enum(payoutStatuses)),
    currency: z.optional(currencyCode),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  }),
  response: z.object({ payouts: z.array(payoutSchema), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ associate_id: 'assoc_jane', status: 'pending' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const statuses = listedStatuses(payoutListing, filter.status);
    const page = await listPayouts(context.caller.orgcode, { ...filter, statuses }, limit, cursor.read(next_token));
    return { payouts: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
