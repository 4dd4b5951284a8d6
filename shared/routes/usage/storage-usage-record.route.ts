import * as z from 'zod/mini';
import { idempotencyRecordPut } from '../../db/idempotency-repository';
import { recordStorageUsage } from '../../db/usage/storage-usage-repository';
import { buildStorageUsage, storageUsageRecord, storageUsageRecordRequest } from '../../domain/usage/storage-usage';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const storageUsageRecordRoute = defineRoute({
  path: '/storage/usage/record',
  operation: 'storage.usage.record',
  name: 'storage-usage-record',
  family: 'usage',
  summary: "Record an immutable measurement of the organisation's storage: bytes, items or objects of one resource, for a window or an instant.",
  schema: storageUsageRecordRequest,
  response: z.object({ usage: storageUsageRecord }),
  roles: 'ledger_write',
  idempotent: true,
  stores: { table: 'write' },
  example: (orgcode) => ({
    usage: {
      resource_type: 'object_store',
      resource_ref: `orgs/${orgcode}/exports/`,
      service: 'accounting',
      bytes: 52428800,
      object_count: 120,
      window: { from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z' },
      cccode: 'ABCD-1234-EF56',
    },
    reason: 'Daily storage measurement',
    source_refs: [{ kind: 'storage_meter', id: 'meter-2026-11-20' }],
    idempotency_key: 'storage-exports-2026-11-20',
    request_context: { orgcode, actor: 'storage-meter', context_source: 'api_key' },
  }),
  handle: async (input, context) => {
    const usage = buildStorageUsage(input, changeOrigin(context));
    const data = { usage };
    await recordStorageUsage(usage, context.idempotency && idempotencyRecordPut(context.idempotency, data, context.now));
    return data;
  },
});
