import * as z from 'zod/mini';
import { readPayoutStatuses } from '../../db/commissions/commission-payout-repository';
import { readStatementLines } from '../../db/commissions/commission-statement-repository';
import type { StartKey } from '../../db/query-page';
import {
  type StatementTotals,
  addToStatementTotals,
  commissionStatement,
  commissionStatementSchema,
  statementLine,
} from '../../domain/commissions/statement';
import { clientId, commonRequestFields, dateTime, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { currencyCode } from '../../domain/receivables/money';
import { orderedWindow } from '../../domain/time-window';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

/** Lines read per call at the most: the bound on one call's work (and its payout reads). */
const maxLinesPerStatementCall = 1000;

const commissionStatementRequest = z
  .strictObject({
    associate_id: clientId,
    /** The period: lines counting at from_utc or later, before to_utc. */
    from_utc: dateTime,
    to_utc: dateTime,
    /** Only the lines in this currency. */
    currency: z.optional(currencyCode),
    limit: listLimit(maxLinesPerStatementCall, 100),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(orderedWindow);

/** What a statement token carries: where to resume, and the totals so far. */
interface StatementProgress {
  key: StartKey;
  totals: StatementTotals;
}

export const commissionStatementRoute = defineRoute({
  path: '/commission/statement',
  operation: 'commission.statement',
  name: 'commission-statement',
  family: 'commissions',
  summary:
    "List an associate's commission lines over a period, each with where it stands, and total them per currency: accrued, voided, adjustments, net, paid, in payout and payable.",
  schema: commissionStatementRequest,
  response: z.object({ statement: commissionStatementSchema, next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ associate_id: 'assoc_jane', from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StatementProgress>(context, filter);
    const progress = cursor.read(next_token);
    const orgcode = context.caller.orgcode;
    const page = await readStatementLines(orgcode, filter, limit, progress?.key);
    const payouts = await readPayoutStatuses(orgcode, page.items.flatMap((line) => line.payout_id ?? []));
    const lines = page.items.map((line) => statementLine(line, payouts));
    const totals = addToStatementTotals(progress?.totals ?? {}, lines);
    return {
      statement: commissionStatement(filter, lines, totals, page.lastKey !== undefined),
      next_token: cursor.next(page.lastKey && { key: page.lastKey, totals }) ?? null,
    };
  },
});
