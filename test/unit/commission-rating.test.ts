import type { CommissionRule } from '../../shared/domain/commissions/commission-rule';
import { type Sale, rateSale, ruleInForce, saleOfCommission, saleOfOrder, storedSaleLines } from '../../shared/domain/commissions/rating';
import { orderPlacedDetail } from '../../shared/domain/receivables/incoming-events';
import { cachedRule } from '../support/commission-rules';

const rule = (ruleId: string, fields: Partial<CommissionRule> = {}) => cachedRule({ rule_id: ruleId, ...fields });

const sale: Sale = {
  placedAt: '2026-11-02T10:00:00.000Z',
  channelCode: 'pos',
  currency: 'USD',
  lines: [
    { sku: 'CHAIR', amount: 30050n },
    { sku: 'LAMP', amount: 3003n },
  ],
};

function order(lines: unknown[]) {
  return orderPlacedDetail.parse({
    orgcode: 'ACME',
    order_id: 'ord_1',
    customer_id: 'cust_1',
    placed_at: '2026-11-02T10:00:00Z',
    currency: 'USD',
    lines,
    subtotal: 0,
    tax_total: 0,
    total: 0,
  });
}

describe('ruleInForce', () => {
  it('picks, of the rules covering the sale, the latest effective_from, then the lowest rule_id', () => {
    const rules = [
      rule('rule_b', { effective_from: '2026-06-01T00:00:00.000Z' }),
      rule('rule_a', { effective_from: '2026-06-01T00:00:00.000Z' }),
      rule('rule_old'),
      rule('rule_future', { effective_from: '2026-12-01T00:00:00.000Z' }),
      rule('rule_inactive', { status: 'inactive', effective_from: '2026-10-01T00:00:00.000Z' }),
    ];
    expect(ruleInForce(rules, sale)?.rule_id).toBe('rule_a');
  });

  it('needs the channel and at least one line in scope', () => {
    expect(ruleInForce([rule('web', { scope: { channel_codes: ['web_store'] } })], sale)).toBeUndefined();
    expect(ruleInForce([rule('desks', { scope: { skus: ['DESK'] } })], sale)).toBeUndefined();
    expect(ruleInForce([rule('lamps', { scope: { skus: ['LAMP'] } })], sale)?.rule_id).toBe('lamps');
  });
});

describe('rateSale', () => {
  it('rates only the lines the scope covers, rounding once', () => {
    expect(rateSale([rule('chairs', { scope: { skus: ['CHAIR'] } })], sale)).toEqual({
      rule: expect.objectContaining({ rule_id: 'chairs' }),
      base: 30050n,
      amount: 1503n,
    });
  });

  it('rates nothing without a rule in force', () => {
    expect(rateSale([], sale)).toBeUndefined();
  });
});

describe('saleOfOrder', () => {
  it('reads each line as quantity x unit_amount in minor units, tax excluded', () => {
    const read = saleOfOrder(order([{ sku: 'A', quantity: 1.5, unit_amount: 0.1, tax_amount: 3 }, { sku: 'B', quantity: 2, unit_amount: { currency: 'USD', amount: 9.99 } }]));
    expect(read).toEqual({ sale: { placedAt: '2026-11-02T10:00:00.000Z', channelCode: undefined, currency: 'USD', lines: [{ sku: 'A', amount: 15n }, { sku: 'B', amount: 1998n }] } });
  });

  it('names every line it cannot read exactly', () => {
    const read = saleOfOrder(order([{ sku: 'A', quantity: 1, unit_amount: 0.001 }, { sku: 'B', quantity: 0.5, unit_amount: 0.01 }, { sku: 'C', quantity: 1, unit_amount: -1 }]));
    expect(read).toEqual({
      issues: [
        expect.objectContaining({ path: 'detail.lines.0.unit_amount' }),
        expect.objectContaining({ path: 'detail.lines.1.quantity' }),
        { path: 'detail.lines.2.unit_amount', message: 'must not be negative' },
      ],
    });
  });

  it('round-trips through what a commission stores', () => {
    const stored = { placed_at: sale.placedAt, channel_code: 'pos', currency: 'USD', sale_lines: storedSaleLines(sale) };
    expect(stored.sale_lines).toEqual([{ sku: 'CHAIR', amount: 300.5 }, { sku: 'LAMP', amount: 30.03 }]);
    expect(saleOfCommission(stored as never)).toEqual(sale);
  });
});
