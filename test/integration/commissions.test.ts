import { commissionLines, findCommission } from '../../shared/db/commissions/commission-repository';
import type { CommissionLine } from '../../shared/domain/commissions/commission';
import { cancelSale, holdLineInPayout, placeSale } from '../support/commissions';
import { deadLetterReason, succeededWith } from '../support/deliveries';
import * as rules from '../support/fixtures/commission-rules';
import { orderPlaced } from '../support/fixtures/orders';
import { createOrg, freshId as fresh, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

/**
 * Commissions (docs/decisions.md: Commissions) through the local bus, the real
 * consumer handlers, the HTTP routes and DynamoDB Local. Delivery is at least
 * once and unordered: every order earns one commission, whatever arrives first
 * and however often.
 */

const stack = useStack();
const org = useOrg('CMS', { reader: { roles: ['acct_view'] } });

const associate = 'assoc_jane';

/** 2 x 150.25 chairs and 3 x 10.01 lamps, tax apart: 330.53 before tax, placed at the till by Jane. */
const order = (orderId: string, overrides: Record<string, unknown> = {}) =>
  orderPlaced(org.orgcode, orderId, { customer_id: 'cust_walk_in', channel_code: 'pos', associate_id: associate, ...overrides });

/** `ruleId` at revision 1: 5 % of every sale from 2026 on, unless `overrides` say otherwise. */
const rule = (ruleId: string, overrides: Record<string, unknown> = {}) => rules.ruleSet(org.orgcode, ruleId, 1, overrides);

const setRule = (detail: Record<string, unknown>) => succeededWith(org.deliver('retail.pricing', 'commission.rule.set', detail));
const cancel = (orderId: string, overrides: Record<string, unknown> = {}) => cancelSale(org.orgcode, orderId, overrides);

/** Places the order and answers the commission consumer's result (the invoice consumer hears it too). */
const place = placeSale;

async function getCommission(commissionId: string, headers = org.headers.reader): Promise<any> {
  const got = await post('/commission/get', { commission_id: commissionId }, headers);
  expect(got.status).toBe(200);
  return got.body.data.commission;
}

const listAll = (filter: Record<string, unknown>, limit = 50) => org.listAll('reader', '/commission/list', { ...filter, limit }, 'commissions');

/** The commission events linked to the ref (the ledger's order events are ledger-consumers.test.ts's). */
async function lineageTypes(kind: string, id: string): Promise<string[]> {
  const page = await org.post('reader', '/lineage/list', { source_ref: { kind, id }, limit: 50 });
  expect(page.status).toBe(200);
  return page.body.data.lineage
    .map((item: any) => item.event_type)
    .filter((type: string) => type.startsWith('commission.'))
    .sort();
}

async function linesOf(commissionId: string): Promise<CommissionLine[]> {
  const commission = await findCommission(org.orgcode, commissionId);
  return commission ? commissionLines(commission) : [];
}

describe('rating an order', () => {
  it('rates with a flat rule on the lines its scope covers, exactly, rounded once half up', async () => {
    await setRule(rule('rule_chairs', { scope: { skus: ['CHAIR'] } }));
    const orderId = fresh('ord');

    const result = await place(order(orderId));

    expect(result).toEqual({ outcome: 'created', commission_id: expect.stringMatching(/^com_/), status: 'accrued' });
    const commission = await getCommission(result.commission_id);
    // 5 % of the chairs' 300.50 is 15.025: 15.03.
    expect(commission).toMatchObject({
      order_id: orderId,
      associate_id: associate,
      currency: 'USD',
      status: 'accrued',
      base_amount: 300.5,
      rule_id: 'rule_chairs',
      rate_bps: 500,
      amount: 15.03,
      splits: [{ associate_id: associate, share_bps: 10000, amount: 15.03 }],
      lines: [{ associate_id: associate, kind: 'commission', amount: 15.03, counts_at: '2026-11-02T10:00:00.000Z' }],
      revision: 1,
    });
    expect(commission).not.toHaveProperty('unrated_reason');
    expect(await linesOf(result.commission_id)).toEqual([expect.objectContaining({ status: 'payable', amount: 15.03 })]);
    expect(await lineageTypes('order', orderId)).toEqual(['commission.accrued']);
    expect(await lineageTypes('associate', associate)).toEqual(['commission.accrued']);
  });

  it('rates graduated tiers on the whole base, and picks the rule with the latest effective_from', async () => {
    await setRule(rule('rule_old', { rate_bps: 9000, effective_from: '2025-01-01T00:00:00Z' }));
    await setRule(rule('rule_tiers', { rate_bps: undefined, tiers: [{ from_amount: 0, rate_bps: 200 }, { from_amount: 100, rate_bps: 500 }] }));

    const result = await place(order(fresh('ord')));

    // 2 % of 100 plus 5 % of 230.53 is 13.5265: 13.53.
    expect(await getCommission(result.commission_id)).toMatchObject({
      rule_id: 'rule_tiers',
      base_amount: 330.53,
      tiers: [{ from_amount: 0, rate_bps: 200 }, { from_amount: 100, rate_bps: 500 }],
      amount: 13.53,
    });
  });

  it('earns nothing on an order without an associate', async () => {
    await setRule(rule('rule_all'));
    const orderId = fresh('ord');
    expect(await place(order(orderId, { associate_id: undefined }))).toEqual({ outcome: 'no_associate' });
    expect(await listAll({ order_id: orderId, status: 'unrated' })).toEqual([]);
    expect(await listAll({ order_id: orderId })).toEqual([]);
  });

  it('keeps a commission unrated until a rule covering the sale arrives', async () => {
    const orderId = fresh('ord');
    const result = await place(order(orderId));
    expect(result.status).toBe('unrated');
    expect(await getCommission(result.commission_id)).toMatchObject({ status: 'unrated', unrated_reason: 'no_rule_in_force', splits: [], lines: [], revision: 1 });
    expect(await lineageTypes('order', orderId)).toEqual([]);

    // Effective only after the sale, or for another channel: still unrated.
    await setRule(rule('rule_december', { effective_from: '2026-12-01T00:00:00Z' }));
    await setRule(rule('rule_web', { scope: { channel_codes: ['web_store'] } }));
    expect(await getCommission(result.commission_id)).toMatchObject({ status: 'unrated', revision: 1 });

    await setRule(rule('rule_november', { effective_from: '2026-11-01T00:00:00Z', effective_to: '2026-12-01T00:00:00Z', rate_bps: 1000 }));
    const rated = await getCommission(result.commission_id);
    expect(rated).toMatchObject({ status: 'accrued', rule_id: 'rule_november', base_amount: 330.53, amount: 33.05, revision: 2 });
    expect(rated).not.toHaveProperty('unrated_reason');
    expect(await lineageTypes('order', orderId)).toEqual(['commission.accrued']);

    // Rated once: a later rule, or the same event again, changes nothing.
    await setRule(rule('rule_november', { effective_from: '2026-11-01T00:00:00Z', effective_to: '2026-12-01T00:00:00Z', rate_bps: 1000 }));
    await setRule(rule('rule_later', { effective_from: '2026-10-01T00:00:00Z', rate_bps: 100 }));
    expect(await getCommission(result.commission_id)).toMatchObject({ rule_id: 'rule_november', revision: 2 });
  });

  it('rates an unrated commission when a suspended rule becomes active', async () => {
    await setRule(rule('rule_paused', { status: 'inactive' }));
    const result = await place(order(fresh('ord')));
    expect(result.status).toBe('unrated');

    await succeededWith(org.deliver('retail.pricing', 'commission.rule.status.set', rules.ruleStatusSet(org.orgcode, 'rule_paused', 2, 'active')));

    expect(await getCommission(result.commission_id)).toMatchObject({ status: 'accrued', amount: 16.53, revision: 2 });
  });

  it('creates one commission for an order delivered five times at once', async () => {
    await setRule(rule('rule_all'));
    const orderId = fresh('ord');

    const results = await Promise.all(Array.from({ length: 5 }, () => place(order(orderId))));

    const created = results.filter((result) => result.outcome === 'created');
    expect(created).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'duplicate')).toEqual(
      Array.from({ length: 4 }, () => ({ outcome: 'duplicate', commission_id: created[0].commission_id })),
    );
    expect((await listAll({ order_id: orderId })).map((listed) => listed.commission_id)).toEqual([created[0].commission_id]);
    expect(await lineageTypes('order', orderId)).toEqual(['commission.accrued']);
  });

  it('dead-letters an order with a sub-cent price, naming the field, and creates no commission', async () => {
    const orderId = fresh('ord');
    const subCent = order(orderId, { lines: [{ sku: 'CHAIR', quantity: 1, unit_amount: 10.001 }], subtotal: 10.001, tax_total: 0, total: 10.001 });
    const reason = await deadLetterReason(org.deliver('retail.orders', 'order.placed', subCent), stack.api.consumers, ['order-placed-commission']);
    expect(reason).toMatch(/detail\.lines\.0\.unit_amount/);
    expect(await listAll({ order_id: orderId, status: 'unrated' })).toEqual([]);
  });
});

describe('cancelling an order', () => {
  it('voids the commission and its free lines, recording commission.voided beside the accrual', async () => {
    await setRule(rule('rule_all'));
    const orderId = fresh('ord');
    const { commission_id: commissionId } = await place(order(orderId));

    expect(await cancel(orderId, { reason: 'Customer changed their mind' })).toEqual({ outcome: 'voided', commission_id: commissionId });

    expect(await getCommission(commissionId)).toMatchObject({
      status: 'voided',
      voided_at: '2026-11-05T09:00:00.000Z',
      void_reason: 'Customer changed their mind',
      amount: 16.53,
      revision: 2,
    });
    expect(await linesOf(commissionId)).toEqual([expect.objectContaining({ kind: 'commission', status: 'voided', amount: 16.53 })]);
    expect(await lineageTypes('order', orderId)).toEqual(['commission.accrued', 'commission.voided']);
    expect(await lineageTypes('commission', commissionId)).toEqual(['commission.accrued', 'commission.voided']);
    // Again: nothing more.
    expect(await cancel(orderId)).toEqual({ outcome: 'duplicate', commission_id: commissionId });
    expect(await getCommission(commissionId)).toMatchObject({ revision: 2 });
  });

  it('charges back a line already in a payout instead of voiding it', async () => {
    await setRule(rule('rule_all'));
    const orderId = fresh('ord');
    const { commission_id: commissionId } = await place(order(orderId));
    const [line] = await linesOf(commissionId);
    // Payouts do not exist yet: the line is marked as one would take it.
    await holdLineInPayout(org.orgcode, line!, 'pyo_test');

    await cancel(orderId);

    const lines = await linesOf(commissionId);
    expect(lines).toEqual([
      expect.objectContaining({ line_id: line!.line_id, kind: 'commission', status: 'payable', payout_id: 'pyo_test', amount: 16.53 }),
      expect.objectContaining({ kind: 'chargeback', status: 'payable', amount: -16.53, reverses_line_id: line!.line_id }),
    ]);
    expect(lines[1]).not.toHaveProperty('payout_id');
    expect(await getCommission(commissionId)).toMatchObject({ status: 'voided', lines: [{ kind: 'commission' }, { kind: 'chargeback', amount: -16.53 }] });
  });

  it('creates the commission of an order cancelled before it arrived voided at once', async () => {
    await setRule(rule('rule_all'));
    const orderId = fresh('ord');

    expect(await cancel(orderId)).toEqual({ outcome: 'kept_for_order' });
    const result = await place(order(orderId));

    expect(result).toEqual({ outcome: 'created', commission_id: expect.any(String), status: 'voided' });
    expect(await getCommission(result.commission_id)).toMatchObject({ status: 'voided', lines: [], revision: 1 });
    expect(await lineageTypes('order', orderId)).toEqual(['commission.voided']);
  });

  it('voids an unrated commission, which a rule arriving later leaves alone', async () => {
    const orderId = fresh('ord');
    const { commission_id: commissionId } = await place(order(orderId));
    await cancel(orderId);
    await setRule(rule('rule_all'));
    const voided = await getCommission(commissionId);
    expect(voided).toMatchObject({ status: 'voided', lines: [], revision: 2 });
    expect(voided).not.toHaveProperty('unrated_reason');
  });
});

describe('commissions beside receivables', () => {
  it('invoices and commissions an order on terms, and a failure of one holds up neither', async () => {
    await setRule(rule('rule_all'));
    const ar = await org.issue({ actor: 'tester', roles: ['ar_admin', 'acct_view'] });
    const onTerms = order(fresh('ord'), { payment_terms: { type: 'net', net_days: 30 } });
    const both = await org.deliver('retail.orders', 'order.placed', onTerms);
    expect(both.map(({ consumer, status }) => ({ consumer, status }))).toEqual([
      { consumer: 'order-placed', status: 'succeeded' },
      { consumer: 'order-placed-commission', status: 'succeeded' },
      { consumer: 'order-placed-ledger', status: 'succeeded' },
    ]);
    const invoices = await post('/invoice/list', { customer_id: 'cust_walk_in' }, ar);
    expect(invoices.body.data.invoices).toHaveLength(1);

    // A stated total the lines do not add up to fails the invoice, not the commission, which rates the lines.
    const orderId = fresh('ord');
    const wrongTotal = await org.deliver('retail.orders', 'order.placed', { ...order(orderId), payment_terms: { type: 'net', net_days: 30 }, total: 999 });
    expect(wrongTotal.map(({ consumer, status }) => ({ consumer, status }))).toEqual([
      { consumer: 'order-placed', status: 'dead-lettered' },
      { consumer: 'order-placed-commission', status: 'succeeded' },
      { consumer: 'order-placed-ledger', status: 'succeeded' },
    ]);
    expect(await listAll({ order_id: orderId })).toEqual([expect.objectContaining({ status: 'accrued', amount: 16.53 })]);
  });
});

describe('tenancy', () => {
  it("never reads, rates or voids another organisation's commission", async () => {
    const orderId = fresh('ord');
    const { commission_id: commissionId } = await place(order(orderId));
    const other = await createOrg('CMS', { reader: { roles: ['acct_view'], owner: true } });

    await setRule({ ...rule('rule_all'), orgcode: other.orgcode });
    expect(await cancel(orderId, { orgcode: other.orgcode })).toEqual({ outcome: 'kept_for_order' });

    expect((await other.post('reader', '/commission/get', { commission_id: commissionId })).status).toBe(404);
    const listed = await other.post('reader', '/commission/list', { associate_id: associate, status: 'unrated' });
    expect(listed.body.data.commissions).toEqual([]);
    expect(await getCommission(commissionId)).toMatchObject({ status: 'unrated', revision: 1 });
  });
});

describe('/commission/list', () => {
  it("lists an associate's commissions by placed_at, hiding voided ones unless asked, a page at a time", async () => {
    await setRule(rule('rule_all'));
    const placed = ['2026-11-03T10:00:00Z', '2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z'];
    const ids: string[] = [];
    for (const placedAt of placed) ids.push((await place(order(fresh('ord'), { placed_at: placedAt }))).commission_id);
    const voidedOrder = fresh('ord');
    const voidedId = (await place(order(voidedOrder, { placed_at: '2026-11-04T10:00:00Z' }))).commission_id;
    await cancel(voidedOrder);
    await place(order(fresh('ord'), { associate_id: 'assoc_other' }));

    const byTime = [ids[1], ids[2], ids[0]];
    expect((await listAll({ associate_id: associate }, 1)).map((listed) => listed.commission_id)).toEqual(byTime);
    expect((await listAll({ associate_id: associate, status: 'accrued' }, 2)).map((listed) => listed.commission_id)).toEqual(byTime);
    expect((await listAll({ associate_id: associate, status: 'voided' })).map((listed) => listed.commission_id)).toEqual([voidedId]);
    expect(await listAll({ order_id: voidedOrder })).toEqual([]);
    expect((await listAll({ order_id: voidedOrder, status: 'voided' })).map((listed) => listed.commission_id)).toEqual([voidedId]);
  });

  it('lists a commission written a moment ago, read by another caller at once (consistent read of the table)', async () => {
    await setRule(rule('rule_all'));
    const orderId = fresh('ord');
    const { commission_id: commissionId } = await place(order(orderId, { associate_id: 'assoc_listed_at_once' }));

    // The consumer wrote the commission's copies in its own transaction: the first read of either list holds it.
    expect(await listAll({ associate_id: 'assoc_listed_at_once' })).toEqual([expect.objectContaining({ commission_id: commissionId, status: 'accrued', revision: 1 })]);
    expect(await listAll({ order_id: orderId })).toEqual([expect.objectContaining({ commission_id: commissionId, status: 'accrued' })]);

    await cancel(orderId);
    // Its change too, where it was already listed: voided, and no longer among the open ones.
    expect(await listAll({ associate_id: 'assoc_listed_at_once' })).toEqual([]);
    expect(await listAll({ order_id: orderId, status: 'voided' })).toEqual([expect.objectContaining({ commission_id: commissionId, status: 'voided', revision: 2 })]);
  });

  it('asks for exactly one of associate_id or order_id', async () => {
    for (const body of [{}, { associate_id: associate, order_id: 'ord_1' }]) {
      const response = await org.post('reader', '/commission/list', body);
      expect(response.status).toBe(400);
      expect(response.body.error.details.issues).toEqual([expect.objectContaining({ path: 'associate_id' })]);
    }
  });
});
