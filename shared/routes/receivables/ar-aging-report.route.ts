import * as z from 'zod/mini';
import { clientId, commonRequestFields, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import { type CurrencyTotals, ageAmounts, agingBuckets, agingReportSchema, bucketsView } from '../../domain/receivables/aging';
import { currencyCode } from '../../domain/receivables/money';
import { type AgingCursor, readCustomerReceivablesAsOf } from '../../receivables/aging-as-of';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

/** A day, `YYYY-MM-DD`, or an instant whose UTC day is meant. */
export const reportDay = z.pipe(
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'must be a date such as 2026-11-30, or a date-time'),
    z.refine((value) => !Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)), 'is not a valid date'),
  ),
  z.transform((value) => (value.length === 10 ? value : new Date(value).toISOString().slice(0, 10))),
);

const agingReportRequest = z.strictObject({
  /** Default: today (UTC). */
  as_of: z.optional(reportDay),
  customer_id: z.optional(clientId),
  currency: z.optional(currencyCode),
  /** Customer rows per page. */
  limit: listLimit(),
  next_token: nextToken,
  ...commonRequestFields,
});

interface AgingProgress {
  cursor: AgingCursor;
  totals: CurrencyTotals;
}

export const arAgingReportRoute = defineRoute({
  path: '/ar/aging/report',
  operation: 'ar.aging.report',
  name: 'ar-aging-report',
  family: 'receivables',
  summary: 'Age what customers owe into buckets by days past due, customer by customer, with totals per currency.',
  schema: agingReportRequest,
  response: z.object({ report: agingReportSchema, next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ as_of: '2026-11-30', currency: 'USD', limit: 50 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, as_of, ...which } = input;
    const asOf = as_of ?? context.now.toISOString().slice(0, 10);
    const tokens = pageCursor<AgingProgress>(context, { ...which, as_of: asOf });
    const progress = tokens.read(next_token);
    const totals = progress?.totals ?? {};
    const page = await readCustomerReceivablesAsOf(context.caller.orgcode, which, asOf, limit, progress?.cursor);
    const customers = page.groups.map((group) => {
      const aged = ageAmounts(group.currency, group.amounts, asOf, totals);
      return {
        customer_id: group.customer_id,
        currency: group.currency,
        ...bucketsView(group.currency, aged.buckets),
        open_invoices: aged.open_invoices,
      };
    });
    return {
      report: {
        as_of: asOf,
        buckets: [...agingBuckets],
        customers,
        totals: Object.keys(totals)
          .sort()
          .map((currency) => ({
            currency,
            ...bucketsView(currency, totals[currency]!.buckets),
            open_invoices: totals[currency]!.open_invoices,
          })),
        // Totals cover every customer only on the last page.
        complete: page.next === undefined,
      },
      next_token: tokens.next(page.next && { cursor: page.next, totals }) ?? null,
    };
  },
});
