import * as z from 'zod/mini';
import { listCommissions } from '../../db/commissions/commission-repository';
import type { StartKey } from '../../db/query-page';
import { commissionListing, commissionSchema, commissionStatuses } from '../../domain/commissions/commission';
import { clientId, commonRequestFields, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { listedStatuses } from '../../domain/list-statuses';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const commissionListRequest = z
  .strictObject({
    associate_id: z.optional(clientId),
    order_id: z.optional(clientId),
    /** Without it, the open ones: unrated and accrued. */
    status: z.optional(z.enum(commissionStatuses)),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(
    z.refine((input) => (input.associate_id === undefined) !== (input.order_id === undefined), {
      path: ['associate_id'],
      error: 'give exactly one of associate_id or order_id',
    }),
  );

export const commissionListRoute = defineRoute({
  path: '/commission/list',
  operation: 'commission.list',
  name: 'commission-list',
  family: 'commissions',
  summary: "List an associate's commissions, or an order's, by when the sale was placed, filtered by status (default: unrated and accrued).",
  schema: commissionListRequest,
  response: z.object({ commissions: z.array(commissionSchema), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ associate_id: 'assoc_jane', status: 'accrued' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const scope = filter.order_id !== undefined ? { order_id: filter.order_id } : { associate_id: filter.associate_id ?? '' };
    const statuses = listedStatuses(commissionListing, filter.status);
    const page = await listCommissions(context.caller.orgcode, { scope, statuses }, limit, cursor.read(next_token));
    return { commissions: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
