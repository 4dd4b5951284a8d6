import * as z from 'zod/mini';
import { findStorageUsage } from '../../db/usage/storage-usage-repository';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { storageUsageRecord } from '../../domain/usage/storage-usage';
import { defineRoute } from '../../http/route-definition';

export const storageUsageGetRoute = defineRoute({
  path: '/storage/usage/get',
  operation: 'storage.usage.get',
  name: 'storage-usage-get',
  family: 'usage',
  summary: 'Read one storage usage record by its identifier.',
  schema: z.strictObject({ usage_id: clientId, ...commonRequestFields }),
  response: z.object({ usage: storageUsageRecord }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ usage_id: 'stu_01JEXAMPLE0000000000000000' }),
  handle: async (input, context) => {
    const usage = await findStorageUsage(context.caller.orgcode, input.usage_id);
    if (!usage) throw new NotFoundError(`No storage usage ${input.usage_id}`);
    return { usage };
  },
});
