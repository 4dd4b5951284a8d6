import * as z from 'zod/mini';
import { putMappingRevision } from '../../db/gl/gl-mapping-repository';
import { idempotencyRecordPut } from '../../db/idempotency-repository';
import { type GlMapping, checkMappingRules, glMapping, mappingSetRequest } from '../../domain/gl/gl-mapping';
import { defineRoute } from '../../http/route-definition';

export const glMappingSetRoute = defineRoute({
  path: '/gl/mapping/set',
  operation: 'gl.mapping.set',
  name: 'gl-mapping-set',
  family: 'gl',
  summary:
    "Set the organisation's whole account mapping as a new revision: which general-ledger accounts each event type debits and credits, from a day on.",
  schema: mappingSetRequest,
  response: z.object({ mapping: glMapping }),
  roles: 'export_admin',
  idempotent: true,
  stores: { table: 'write' },
  example: (orgcode) => ({
    rules: [
      {
        rule_id: 'sales',
        event_type: 'order.placed',
        lines: [
          { side: 'debit', account: '1200 Receivables', amount: 'gross' },
          { side: 'credit', account: '4000 Sales', amount: 'net' },
          { side: 'credit', account: '2200 Sales tax', amount: 'tax', tax_accounts: { 'US-TX': '2210 Texas tax' } },
        ],
      },
      {
        rule_id: 'card-tenders',
        event_type: 'tender.captured',
        lines: [
          { side: 'debit', account: '1010 Card clearing', amount: 'gross' },
          { side: 'credit', account: '1200 Receivables', amount: 'gross' },
        ],
      },
    ],
    rounding_account: '7990 Rounding',
    effective_from: '2026-11-01',
    reason: 'Chart of accounts for the ERP, Texas tax on its own account',
    source_refs: [{ kind: 'erp_change', id: 'CHG-2026-114' }],
    idempotency_key: 'gl-mapping-chg-2026-114',
    request_context: { orgcode, actor: 'controller', context_source: 'session' },
  }),
  handle: async (input, context) => {
    checkMappingRules(input.rules);
    const mapping: GlMapping = {
      orgcode: context.caller.orgcode,
      revision: (input.expected_revision ?? 0) + 1,
      effective_from: input.effective_from,
      rules: input.rules,
      rounding_account: input.rounding_account,
      ...(input.reason !== undefined && { reason: input.reason }),
      ...(input.source_refs !== undefined && { source_refs: input.source_refs }),
      created_at: context.now.toISOString(),
      request_context: context.requestContext,
    };
    const data = { mapping };
    await putMappingRevision(mapping, input.expected_revision, context.idempotency && idempotencyRecordPut(context.idempotency, data, context.now));
    return data;
  },
});
