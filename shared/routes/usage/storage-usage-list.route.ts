import * as z from 'zod/mini';
import type { StartKey } from '../../db/query-page';
import { listStorageUsage } from '../../db/usage/storage-usage-repository';
import {
  cccode,
  channelCode,
  commonRequestFields,
  dateTime,
  listLimit,
  logicalGuid,
  nextPageToken,
  nextToken,
  shortText,
} from '../../domain/common-schemas';
import { orderedWindow } from '../../domain/time-window';
import { resourceTypes, storageUsageRecord } from '../../domain/usage/storage-usage';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

const storageUsageListRequest = z
  .strictObject({
    resource_type: z.optional(z.enum(resourceTypes)),
    service: z.optional(shortText),
    cccode: z.optional(cccode),
    logical_guid: z.optional(logicalGuid),
    channel_code: z.optional(channelCode),
    /** Compared with the start of a record's window (else its measured_at, else its recorded_at). */
    from_utc: z.optional(dateTime),
    to_utc: z.optional(dateTime),
    limit: listLimit(),
    next_token: nextToken,
    ...commonRequestFields,
  })
  .check(orderedWindow);

export const storageUsageListRoute = defineRoute({
  path: '/storage/usage/list',
  operation: 'storage.usage.list',
  name: 'storage-usage-list',
  family: 'usage',
  summary:
    "List storage usage records, oldest window first, filtered by resource type, service, cost centre, facility, channel and time window.",
  schema: storageUsageListRequest,
  response: z.object({ usages: z.array(storageUsageRecord), next_token: nextPageToken }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ service: 'accounting', from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z', limit: 8 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const page = await listStorageUsage(context.caller.orgcode, filter, limit, cursor.read(next_token));
    return { usages: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
