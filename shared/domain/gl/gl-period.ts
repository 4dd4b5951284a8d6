import * as z from 'zod/mini';
import { builtOnFirstUse, instant, longText, requestContext, sourceRefs } from '../common-schemas';

/**
 * Accounting periods are calendar months (`YYYY-MM`, UTC), open until closed
 * (docs/decisions.md: General ledger journal, periods). Closing is for good:
 * the ERP has closed its books for the month. An entry whose day falls in a
 * closed period posts on the first day of the next open one and keeps the
 * day it happened (`occurred_on`); an export reads the periods closed before
 * it was created, so a rebuild or repair dates its entries the same way.
 */

export const periodCode = z.string().check(
  z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a calendar month such as 2026-11'),
);

export const periodCloseRequest = builtOnFirstUse(() =>
  z.strictObject({
    period: periodCode,
    reason: z.optional(longText),
    source_refs: z.optional(sourceRefs),
    request_context: z.optional(requestContext),
  }),
);

export const glPeriod = builtOnFirstUse(() =>
  z.object({
    orgcode: z.string(),
    period: z.string(),
    status: z.enum(['closed']),
    closed_at: instant,
    reason: z.optional(z.string()),
    source_refs: z.optional(sourceRefs),
    request_context: requestContext,
  }),
);
export type GlPeriod = z.infer<typeof glPeriod>;

/** The period (`YYYY-MM`) a day (`YYYY-MM-DD`) falls in. */
export const periodOf = (day: string) => day.slice(0, 7);

function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** The day an entry of `day` posts on: `day` while its period is open, else the first day of the next open period. */
export function postingDay(day: string, closedPeriods: ReadonlySet<string>): string {
  let period = periodOf(day);
  if (!closedPeriods.has(period)) return day;
  while (closedPeriods.has(period)) period = nextPeriod(period);
  return `${period}-01`;
}
