import * as z from 'zod/mini';
import { readEventsForReconcile } from '../../db/events/event-repository';
import type { ShardedCursor } from '../../db/sharded-read';
import { builtOnFirstUse, commonRequestFields, dateTime, eventType, instant, listLimit, nextPageToken, nextToken } from '../../domain/common-schemas';
import {
  type ReconcileTotals,
  addToTotals,
  emptyTotals,
  reconcileReport,
} from '../../domain/events/reconcile-totals';
import { orderedWindow } from '../../domain/time-window';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

/** Events summed per call at the most: the bound on one call's work. */
export const maxEventsPerReconcileCall = 1000;

const reconcileReportRequest = z
  .strictObject({
    from_utc: dateTime,
    to_utc: dateTime,
    event_types: z.optional(z.array(eventType).check(z.minLength(1), z.maxLength(25))),
    limit: listLimit(maxEventsPerReconcileCall, maxEventsPerReconcileCall),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(orderedWindow);

/** Counts and sums of the events in the window; `partial` until the last page. */
const reconcileReportData = z.object({
  report: builtOnFirstUse(() => {
    const totalsByCurrency = z.record(z.string(), z.number());
    return z.object({
      from_utc: instant,
      to_utc: instant,
      event_count: z.int(),
      by_type: z.record(z.string(), z.int()),
      amount_totals: totalsByCurrency,
      tax_totals: totalsByCurrency,
      partial: z.boolean(),
    });
  }),
  next_token: nextPageToken,
});

/** What a reconcile token carries: where to resume, and the totals so far. */
interface ReconcileProgress {
  key: ShardedCursor;
  totals: ReconcileTotals;
}

export const reconcileReportRoute = defineRoute({
  path: '/reconcile/report',
  operation: 'reconcile.report',
  name: 'reconcile-report',
  family: 'events',
  summary: 'Count events and sum amounts and tax per currency over a time window, page by page.',
  schema: reconcileReportRequest,
  response: reconcileReportData,
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<ReconcileProgress>(context, filter);
    const progress = cursor.read(next_token);
    const page = await readEventsForReconcile(context.caller.orgcode, filter, limit, progress?.key);
    const totals = addToTotals(progress?.totals ?? emptyTotals(), page.items);
    const partial = page.cursor !== undefined;
    return {
      report: reconcileReport(filter, totals, partial),
      next_token: cursor.next(page.cursor && { key: page.cursor, totals }) ?? null,
    };
  },
});
