import * as z from 'zod/mini';
import { clientId, commonRequestFields, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { customerBalanceSchema } from '../../domain/receivables/balances';
import { currencyAmount, currencyCode, fromMinorUnits } from '../../domain/receivables/money';
import { type CurrencyUnits, type ReceivablesCursor, addBalances, moneyList, readCustomerReceivables } from '../../receivables/reports';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const balanceRequest = z.strictObject({
  customer_id: z.optional(clientId),
  currency: z.optional(currencyCode),
  limit: listLimit(),
  next_token: nextToken,
  ...commonRequestFields,
});

const balanceData = z.object({
  balances: z.array(customerBalanceSchema),
  /** Per currency, over the customers of this page and the pages before it. */
  totals: z.array(currencyAmount),
  /** True on the last page, where the totals cover every customer. */
  complete: z.boolean(),
  next_token: nextPageToken,
});

interface BalanceProgress {
  cursor: ReceivablesCursor;
  totals: CurrencyUnits;
}

export const arBalanceRoute = defineRoute({
  path: '/ar/balance',
  operation: 'ar.balance',
  name: 'ar-balance',
  family: 'receivables',
  summary: 'Sum what each customer owes per currency, with totals per currency.',
  schema: balanceRequest,
  response: balanceData,
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ customer_id: 'cust_acme' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const tokens = pageCursor<BalanceProgress>(context, filter);
    const progress = tokens.read(next_token);
    const totals = progress?.totals ?? {};
    const page = await readCustomerReceivables(context.caller.orgcode, filter, limit, progress?.cursor);
    const balances = page.groups.map((group) => ({
      customer_id: group.customer_id,
      currency: group.currency,
      balance_due: fromMinorUnits(addBalances(totals, group), group.currency),
      open_invoices: group.amounts.reduce((count, amount) => count + amount.open_invoices, 0),
    }));
    return {
      balances,
      totals: moneyList(totals),
      // Totals cover every customer only on the last page.
      complete: page.next === undefined,
      next_token: tokens.next(page.next && { cursor: page.next, totals }) ?? null,
    };
  },
});
