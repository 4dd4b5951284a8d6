import * as z from 'zod/mini';
import { mappingsUpTo } from '../../db/gl/gl-mapping-repository';
import { commonRequestFields, dateTime, eventType } from '../../domain/common-schemas';
import { CoverageTally, coverageReport } from '../../domain/gl/coverage';
import { JournalMapper } from '../../domain/gl/journal-mapper';
import { orderedWindow } from '../../domain/time-window';
import { journalSources } from '../../gl/journal-sources';
import { defineRoute } from '../../http/route-definition';

export const glCoverageReportRoute = defineRoute({
  path: '/gl/coverage/report',
  operation: 'gl.coverage.report',
  name: 'gl-coverage-report',
  family: 'gl',
  summary:
    "Before a journal export: how many of a window's events the account mapping maps, and which it does not, grouped by type, channel, cost centre, facility and currency.",
  schema: z
    .strictObject({
      from_utc: dateTime,
      to_utc: dateTime,
      event_types: z.optional(z.array(eventType).check(z.minLength(1), z.maxLength(25))),
      ...commonRequestFields,
    })
    .check(orderedWindow),
  response: z.object({ coverage: coverageReport }),
  roles: 'gl_read',
  idempotent: false,
  stores: { table: 'read' },
  // It reads every event of the window (docs/decisions.md: General ledger journal, coverage).
  timeoutSeconds: 28,
  example: () => ({ from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z', event_types: ['order.placed', 'order.cancelled'] }),
  handle: async (input, context) => {
    const { orgcode } = context.caller;
    const mapper = new JournalMapper(orgcode, await mappingsUpTo(orgcode), []);
    const tally = new CoverageTally();
    const selection = {
      from_utc: input.from_utc,
      to_utc: input.to_utc,
      ...(input.event_types && { event_types: input.event_types }),
      recorded_before: context.now.toISOString(),
    };
    for await (const source of journalSources(orgcode, selection)) tally.add(source.event.event_id, mapper.map(source.event, source.order));
    return { coverage: tally.report({ from_utc: input.from_utc, to_utc: input.to_utc }) };
  },
});
