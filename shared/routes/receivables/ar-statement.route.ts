import * as z from 'zod/mini';
import type { StartKey } from '../../db/query-page';
import { clientId, commonRequestFields, dateTime, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { statementSchema } from '../../domain/receivables/balances';
import { orderedWindow } from '../../domain/time-window';
import { type CurrencyUnits, moneyList, openingBalances, statementLines } from '../../receivables/reports';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const statementRequest = z
  .strictObject({
    customer_id: clientId,
    /** Half-open window [from_utc, to_utc) of entry dates. */
    from_utc: dateTime,
    to_utc: dateTime,
    /** Entries per page. */
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(orderedWindow);

interface StatementProgress {
  key: StartKey;
  opening: CurrencyUnits;
  running: CurrencyUnits;
}

export const arStatementRoute = defineRoute({
  path: '/ar/statement',
  operation: 'ar.statement',
  name: 'ar-statement',
  family: 'receivables',
  summary: "List a customer's dated entries over a time range, with opening, running and closing balances.",
  schema: statementRequest,
  response: z.object({ statement: statementSchema, next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ customer_id: 'cust_acme', from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const tokens = pageCursor<StatementProgress>(context, filter);
    const progress = tokens.read(next_token);
    const orgcode = context.caller.orgcode;
    const opening = progress?.opening ?? (await openingBalances(orgcode, filter.customer_id, filter.from_utc));
    const running = progress?.running ?? { ...opening };
    const page = await statementLines(orgcode, filter.customer_id, filter, running, limit, progress?.key);
    return {
      statement: {
        customer_id: filter.customer_id,
        from_utc: filter.from_utc,
        to_utc: filter.to_utc,
        opening_balances: moneyList(opening),
        lines: page.lines,
        // Known once the last entry of the range has been read.
        closing_balances: page.lastKey ? null : moneyList(running),
      },
      next_token: tokens.next(page.lastKey && { key: page.lastKey, opening, running }) ?? null,
    };
  },
});
