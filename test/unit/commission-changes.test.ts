import { cancelCommission, isTakenBack } from '../../shared/domain/commissions/cancellation';
import { accrueCommission, newCommission } from '../../shared/domain/commissions/commission-changes';
import type { CommissionLine } from '../../shared/domain/commissions/commission';
import type { CommissionRule } from '../../shared/domain/commissions/commission-rule';
import type { Sale } from '../../shared/domain/commissions/rating';
import type { ChangeOrigin } from '../../shared/domain/change-origin';

const now = new Date('2026-11-05T12:00:00.000Z');
const origin: ChangeOrigin = { orgcode: 'ACME', requestContext: { orgcode: 'ACME', actor: 'event:test', context_source: 'system' }, now };
const sale: Sale = { placedAt: '2026-11-02T10:00:00.000Z', channelCode: 'pos', currency: 'USD', lines: [{ sku: 'CHAIR', amount: 30050n }] };
const rule = { rule_id: 'rule_all', rate_bps: 500 } as CommissionRule;
const unrated = newCommission({ orgcode: 'ACME', order_id: 'ord_1', associate_id: 'assoc_jane', channel_code: 'pos' }, sale, origin);

describe('commission changes', () => {
  it('starts unrated, with the sale kept for a later rating', () => {
    expect(unrated).toMatchObject({ status: 'unrated', unrated_reason: 'no_rule_in_force', sale_lines: [{ sku: 'CHAIR', amount: 300.5 }], splits: [], lines: [] });
  });

  it('accrues one payable line for the associate, counting at placed_at, and commission.accrued with lineage refs', () => {
    const change = accrueCommission(unrated, { rule, base: 30050n, amount: 1503n }, origin);
    expect(change.commission).not.toHaveProperty('unrated_reason');
    expect(change.commission).toMatchObject({ status: 'accrued', base_amount: 300.5, rate_bps: 500, amount: 15.03 });
    expect(change.createdLines).toEqual([
      expect.objectContaining({ kind: 'commission', amount: 15.03, status: 'payable', counts_at: sale.placedAt, associate_id: 'assoc_jane' }),
    ]);
    expect(change.event).toMatchObject({
      event_type: 'commission.accrued',
      occurred_at: sale.placedAt,
      amount: { currency: 'USD', amount: 15.03 },
      source_refs: [
        { kind: 'order', id: 'ord_1' },
        { kind: 'commission', id: unrated.commission_id },
        { kind: 'associate', id: 'assoc_jane' },
      ],
    });
  });

  it('voids free lines and charges back ones in an unpaid payout, taking back the whole accrual', () => {
    const accrued = accrueCommission(unrated, { rule, base: 30050n, amount: 1503n }, origin);
    const [line] = accrued.createdLines as [CommissionLine];
    const paidOut = { ...line, line_id: 'cml_paid', payout_id: 'pyo_1' };
    const change = cancelCommission(accrued.commission, [line, paidOut], new Set(), { cancelled_at: '2026-11-05T09:00:00.000Z', reason: 'Returned' }, origin);

    expect(change.voidedLines).toEqual([line]);
    expect(change.createdLines).toEqual([expect.objectContaining({ kind: 'chargeback', amount: -15.03, reverses_line_id: 'cml_paid', counts_at: now.toISOString() })]);
    expect(change.commission).toMatchObject({ status: 'voided', voided_at: '2026-11-05T09:00:00.000Z', void_reason: 'Returned' });
    expect(change.event).toMatchObject({ event_type: 'commission.voided', amount: { currency: 'USD', amount: 30.06 } });
  });

  it('voids an unrated commission for nothing', () => {
    const change = cancelCommission(unrated, [], new Set(), { cancelled_at: '2026-11-05T09:00:00.000Z' }, origin);
    expect(change.commission).not.toHaveProperty('unrated_reason');
    expect(change.event?.amount).toEqual({ currency: 'USD', amount: 0 });
  });

  it('keeps a commission paid when a share of it was paid: paid shares charged back, free ones voided', () => {
    const accrued = accrueCommission(unrated, { rule, base: 30050n, amount: 1503n }, origin);
    const [line] = accrued.createdLines as [CommissionLine];
    const paidShare = { ...line, associate_id: 'assoc_ana', amount: 9, payout_id: 'pyo_paid' };
    const freeShare = { ...line, line_id: 'cml_free', associate_id: 'assoc_ben', amount: 6.03 };
    const change = cancelCommission(accrued.commission, [paidShare, freeShare], new Set(['pyo_paid']), { cancelled_at: '2026-11-05T09:00:00.000Z' }, origin);

    expect(change.voidedLines).toEqual([freeShare]);
    expect(change.createdLines).toEqual([expect.objectContaining({ kind: 'chargeback', associate_id: 'assoc_ana', amount: -9, reverses_line_id: line.line_id })]);
    expect(change.commission.status).toBe('paid');
    expect(change.commission).not.toHaveProperty('voided_at');
    expect(change.event).toMatchObject({ event_type: 'commission.adjusted', occurred_at: '2026-11-05T09:00:00.000Z', amount: { currency: 'USD', amount: -15.03 } });
    expect(change.event?.source_refs).toEqual(expect.arrayContaining([{ kind: 'associate', id: 'assoc_ana' }, { kind: 'associate', id: 'assoc_ben' }]));
    expect([isTakenBack(accrued.commission), isTakenBack(change.commission)]).toEqual([false, true]);
  });
});
