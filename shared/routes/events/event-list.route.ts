import { z } from 'zod';
import { listEvents } from '../../db/event-repository';
import type { StartKey } from '../../db/query-page';
import {
  cccode,
  channelCode,
  commonRequestFields,
  dateTime,
  eventType,
  listLimit,
  logicalGuid,
  nextToken,
} from '../../domain/common-schemas';
import { requireOrderedWindow } from '../../domain/time-window';
import { pageCursor } from '../page-cursor';
import { defineRoute } from '../route-definition';

const eventListRequest = z
  .object({
    event_types: z.array(eventType).min(1).max(25).optional(),
    logical_guid: logicalGuid.optional(),
    channel_code: channelCode.optional(),
    cccode: cccode.optional(),
    from_utc: dateTime.optional(),
    to_utc: dateTime.optional(),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .strict()
  .superRefine(requireOrderedWindow);

export const eventListRoute = defineRoute({
  path: '/event/list',
  operation: 'event.list',
  name: 'event-list',
  family: 'events',
  schema: eventListRequest,
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ event_types: ['order.placed'], from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z', limit: 8 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const page = await listEvents(context.caller.orgcode, filter, limit, cursor.read(next_token));
    return { events: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
