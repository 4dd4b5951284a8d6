import * as z from 'zod/mini';
import { createExport } from '../../db/exports/export-repository';
import { latestMapping } from '../../db/gl/gl-mapping-repository';
import { idempotencyRecordPut } from '../../db/idempotency-repository';
import { exportCreateRequest, exportRecord, newExport } from '../../domain/exports/export-record';
import { newId } from '../../domain/identifiers';
import { startBuild, unclaimedWorkGraceMs } from '../../exports/build-jobs';
import { defineRoute } from '../../http/route-definition';
import { changeOrigin } from '../../http/call-context';

export const exportCreateRoute = defineRoute({
  path: '/export/create',
  operation: 'export.create',
  name: 'export-create',
  family: 'exports',
  summary:
    'Start building an export of the events of a time window, as JSON lines or CSV, in batches of files: the events themselves, their tax lines, or their balanced journal entries (gl_journal).',
  schema: exportCreateRequest,
  response: z.object({ export: exportRecord, export_id: z.string() }),
  roles: 'export_admin',
  idempotent: true,
  stores: { table: 'write', exportWorker: 'invoke' },
  example: (orgcode) => ({
    from_utc: '2026-11-01T00:00:00Z',
    to_utc: '2026-12-01T00:00:00Z',
    event_types: ['order.placed'],
    format: 'csv',
    export_kind: 'financial_events',
    reason: 'November ledger for the ERP',
    source_refs: [{ kind: 'erp_request', id: 'close-2026-11' }],
    idempotency_key: 'erp-close-2026-11',
    request_context: { orgcode, actor: 'finance-bot', context_source: 'api_key' },
  }),
  handle: async (input, context) => {
    const { idempotency_key: _key, request_context: _declared, ...request } = input;
    const { now } = context;
    // A journal maps with the revisions that exist now, so a rebuild or repair maps the same way.
    const mappingRevision = request.export_kind === 'gl_journal' ? ((await latestMapping(context.caller.orgcode))?.revision ?? 0) : undefined;
    const record = newExport(request, { exportId: newId('exp', now), ...changeOrigin(context), mappingRevision });
    // `export_id` also directly under data, as the spec's surface example shows it.
    const data = { export: record, export_id: record.export_id };
    await createExport(
      record,
      new Date(now.getTime() + unclaimedWorkGraceMs),
      context.idempotency && idempotencyRecordPut(context.idempotency, data, now),
    );
    await startBuild({ orgcode: record.orgcode, export_id: record.export_id });
    return data;
  },
});
