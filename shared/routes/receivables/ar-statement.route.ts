import { z } from 'zod';
import type { StartKey } from '../../db/query-page';
import { clientId, commonRequestFields, dateTime, listLimit, nextToken } from '../../domain/common-schemas';
import { type CurrencyUnits, moneyList, openingBalances, statementLines } from '../../receivables/reports';
import { pageCursor } from '../page-cursor';
import { defineRoute } from '../route-definition';

const statementRequest = z
  .object({
    customer_id: clientId,
    /** Half-open range [from, to) of entry dates. */
    from: dateTime,
    to: dateTime,
    /** Entries per page. */
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .strict()
  .refine((input) => input.from < input.to, { path: ['to'], message: 'must be later than from' });

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
  schema: statementRequest,
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ customer_id: 'cust_acme', from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const tokens = pageCursor<StatementProgress>(context, filter);
    const progress = tokens.read(next_token);
    const orgcode = context.caller.orgcode;
    const opening = progress?.opening ?? (await openingBalances(orgcode, filter.customer_id, filter.from));
    const running = progress?.running ?? { ...opening };
    const page = await statementLines(orgcode, filter.customer_id, filter, running, limit, progress?.key);
    return {
      statement: {
        customer_id: filter.customer_id,
        from: filter.from,
        to: filter.to,
        opening_balances: moneyList(opening),
        lines: page.lines,
        // Known once the last entry of the range has been read.
        closing_balances: page.lastKey ? null : moneyList(running),
      },
      next_token: tokens.next(page.lastKey && { key: page.lastKey, opening, running }) ?? null,
    };
  },
});
