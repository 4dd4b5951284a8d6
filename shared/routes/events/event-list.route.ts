import * as z from 'zod/mini';
import { listEvents } from '../../db/events/event-repository';
import type { ShardedCursor } from '../../db/sharded-read';
import {
  cccode,
  channelCode,
  commonRequestFields,
  dateTime,
  eventType,
  listLimit,
  logicalGuid,
  nextPageToken,
  nextToken,
} from '../../domain/common-schemas';
import { accountingEvent } from '../../domain/events/accounting-event';
import { orderedWindow } from '../../domain/time-window';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const eventListRequest = z
  .strictObject({
    event_types: z.optional(z.array(eventType).check(z.minLength(1), z.maxLength(25))),
    logical_guid: z.optional(logicalGuid),
    channel_code: z.optional(channelCode),
    cccode: z.optional(cccode),
    from_utc: z.optional(dateTime),
    to_utc: z.optional(dateTime),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(orderedWindow);

export const eventListRoute = defineRoute({
  path: '/event/list',
  operation: 'event.list',
  name: 'event-list',
  family: 'events',
  summary: 'List events, newest last, filtered by type, facility, channel, cost centre and time window.',
  schema: eventListRequest,
  response: z.object({ events: z.array(accountingEvent), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ event_types: ['order.placed'], from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z', limit: 8 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<ShardedCursor>(context, filter);
    const page = await listEvents(context.caller.orgcode, filter, limit, cursor.read(next_token));
    return { events: page.items, next_token: cursor.next(page.cursor) ?? null };
  },
});
