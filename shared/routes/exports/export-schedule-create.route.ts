import * as z from 'zod/mini';
import { createSchedule } from '../../db/exports/export-schedule-repository';
import { idempotencyRecordPut } from '../../db/idempotency-repository';
import { type ExportSchedule, exportSchedule, firstSlot, scheduleCreateRequest } from '../../domain/exports/export-schedule';
import { newId } from '../../domain/identifiers';
import { defineRoute } from '../../http/route-definition';

export const exportScheduleCreateRoute = defineRoute({
  path: '/export/schedule/create',
  operation: 'export.schedule.create',
  name: 'export-schedule-create',
  family: 'exports',
  summary: 'Create a schedule that exports a window of events at every slot of an interval or cron cadence.',
  schema: scheduleCreateRequest,
  response: z.object({ schedule: exportSchedule }),
  roles: 'export_admin',
  idempotent: true,
  stores: { table: 'write' },
  example: (orgcode) => ({
    cadence: { type: 'cron', cron: '0 2 * * *', timezone: 'Europe/Berlin' },
    window: { from_offset_minutes: -1440, to_offset_minutes: 0 },
    format: 'csv',
    event_types: ['order.placed', 'tender.captured'],
    destination_ref: 'erp://sap/prod/ledger-inbox',
    reason: 'Nightly ledger export for the ERP',
    source_refs: [{ kind: 'erp_contract', id: 'SAP-2026' }],
    request_context: { orgcode, actor: 'finance-admin', context_source: 'session' },
  }),
  handle: async (input, context) => {
    const { idempotency_key: _key, request_context: _declared, policy_refs, next_run_at, ...fields } = input;
    const { now } = context;
    const at = now.toISOString();
    const exportPolicyVersion = policy_refs?.export_policy_version;
    const schedule: ExportSchedule = {
      ...fields,
      schedule_id: fields.schedule_id ?? newId('sch', now),
      orgcode: context.caller.orgcode,
      ...(exportPolicyVersion && { policy_versions: { export_policy_version: exportPolicyVersion } }),
      request_context: context.requestContext,
      next_run_at: firstSlot(fields.cadence, now, next_run_at).toISOString(),
      revision: 1,
      created_at: at,
      updated_at: at,
    };
    const data = { schedule };
    await createSchedule(schedule, context.idempotency && idempotencyRecordPut(context.idempotency, data, now));
    return data;
  },
});
