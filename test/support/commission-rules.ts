import type { CommissionRule } from '../../shared/domain/commissions/commission-rule';

/** A cached rule: active, 5 % flat, effective from 2026 on, for every channel and SKU unless `fields` say otherwise. */
export function cachedRule(fields: Partial<CommissionRule> = {}): CommissionRule {
  return {
    orgcode: 'ACME',
    rule_id: 'rule_1',
    name: 'Floor staff',
    status: 'active',
    rate_bps: 500,
    effective_from: '2026-01-01T00:00:00.000Z',
    revision: 1,
    definition_revision: 1,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}
