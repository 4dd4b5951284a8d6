import * as z from 'zod/mini';
import { findExport } from '../../db/exports/export-repository';
import { clientId, commonRequestFields } from '../../domain/common-schemas';
import { NotFoundError } from '../../domain/errors';
import { exportRecord } from '../../domain/exports/export-record';
import { defineRoute } from '../../http/route-definition';

export const exportGetRoute = defineRoute({
  path: '/export/get',
  operation: 'export.get',
  name: 'export-get',
  family: 'exports',
  summary: 'Read one export: poll it until its status is ready (or failed).',
  schema: z.strictObject({ export_id: clientId, ...commonRequestFields }),
  response: z.object({ export: exportRecord }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ export_id: 'exp_01JEXAMPLE0000000000000000' }),
  handle: async (input, context) => {
    const record = await findExport(context.caller.orgcode, input.export_id);
    if (!record) throw new NotFoundError(`No export ${input.export_id}`);
    return { export: record };
  },
});
