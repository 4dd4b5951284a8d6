import * as z from 'zod/mini';
import { builtOnFirstUse, clientId, commonRequestFields, instant } from '../../domain/common-schemas';
import { exportFileLinks } from '../../exports/export-file-links';
import { defineRoute } from '../../http/route-definition';

const linkedFile = builtOnFirstUse(() =>
  z.object({
    file_ref: z.string(),
    url: z.string(),
    expires_at: instant,
    bytes: z.int(),
    checksum_sha256: z.string(),
  }),
);

export const exportFilesRoute = defineRoute({
  path: '/export/files',
  operation: 'export.files',
  name: 'export-files',
  family: 'exports',
  summary:
    "The files of an export or one batch, each with a download link valid for at most 15 minutes (an S3 presigned GET: no AWS credentials needed), its size and SHA-256, and the manifest's.",
  schema: z
    .strictObject({ export_id: z.optional(clientId), batch_id: z.optional(clientId), ...commonRequestFields })
    .check(
      z.refine((request) => (request.export_id === undefined) !== (request.batch_id === undefined), {
        path: ['export_id'],
        error: 'give export_id or batch_id, not both',
      }),
    ),
  response: z.object({ export_id: z.string(), batch_id: z.optional(z.string()), files: z.array(linkedFile), manifest: linkedFile }),
  roles: 'read',
  idempotent: false,
  stores: { table: 'read', bucket: 'read' },
  example: () => ({ export_id: 'exp_01JEXAMPLE0000000000000000' }),
  handle: (input, context) => exportFileLinks(context.caller.orgcode, input, context.now),
});
