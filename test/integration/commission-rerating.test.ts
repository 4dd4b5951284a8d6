import { putRuleIfNewer } from '../../shared/db/commissions/commission-rule-repository';
import { associateOrder, storedLines } from '../support/commissions';
import { succeededWith } from '../support/deliveries';
import * as rules from '../support/fixtures/commission-rules';
import { type TestOrg, createOrg, useStack } from '../support/harness';

/**
 * Re-rating (docs/decisions.md: Commissions, re-rating) through the real
 * consumers, the HTTP routes and DynamoDB Local: after a rule change, an open
 * commission is rated by the rules in force, whichever arrived first, unless
 * a payout holds one of its lines. The commission-model test draws such
 * histories at random; these are the cases spelt out.
 */

useStack();

const jane = 'assoc_jane';
const bob = 'assoc_bob';
const kim = 'assoc_kim';
/** Every line counts inside it: sales in November 2026, adjustments when they are made. */
const always = { from_utc: '2000-01-01T00:00:00Z', to_utc: '2100-01-01T00:00:00Z' };

/** One organisation per delivery order, so that the orders can be compared. */
type Org = TestOrg<'admin'>;
const newOrg = (): Promise<Org> => createOrg('CRR', { admin: { roles: ['commission_admin', 'acct_view'] } });

type Detail = Record<string, unknown>;

/** An event as the pricing or order service sends it, for any organisation. */
interface RetailEvent {
  source: 'retail.pricing' | 'retail.orders';
  detailType: 'commission.rule.set' | 'commission.rule.status.set' | 'order.placed';
  consumer: string;
  detail: Detail;
}

/** `rule_all` at `revision`: 5 % of every sale from 2026 on, unless `overrides` say otherwise. */
const ruleSet = (revision: number, overrides: Detail = {}): RetailEvent => ({
  source: 'retail.pricing',
  detailType: 'commission.rule.set',
  consumer: 'commission-rule-set',
  detail: { rule_id: 'rule_all', name: 'All', status: 'active', rate_bps: 500, effective_from: '2026-01-01T00:00:00Z', revision, ...overrides },
});

const statusSet = (revision: number, status: 'active' | 'inactive', ruleId = 'rule_all'): RetailEvent => ({
  source: 'retail.pricing',
  detailType: 'commission.rule.status.set',
  consumer: 'commission-rule-status-set',
  detail: { rule_id: ruleId, status, revision },
});

/** Jane's two 150.25 chairs and three 10.01 lamps at the till, 330.53 before tax: 5 % is 16.53, 7 % is 23.14 (23.1371). */
const placed = (orderId: string, placedAt = '2026-11-02T10:00:00Z'): RetailEvent => {
  const { orgcode: _orgcode, ...detail } = associateOrder('', orderId, placedAt, jane);
  return { source: 'retail.orders', detailType: 'order.placed', consumer: 'order-placed-commission', detail };
};

const deliver = (org: Org, event: RetailEvent) => succeededWith(org.deliver(event.source, event.detailType, event.detail), [event.consumer]);

async function deliverAll(org: Org, events: readonly RetailEvent[]): Promise<void> {
  for (const event of events) await deliver(org, event);
}

/** Every order of `events`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

async function call(org: Org, path: string, body: Detail): Promise<any> {
  const response = await org.post('admin', path, body);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.text}`);
  return response.body.data;
}

async function commissionOfOrder(org: Org, orderId: string): Promise<any> {
  // The consumers wrote the commission with its copies in its lists: the list shows it, under its status, at once.
  // Without a status the list leaves out the terminal statuses, voided and paid.
  const { commissions } = await call(org, '/commission/list', { order_id: orderId, limit: 10 });
  const terminal = await Promise.all(
    ['voided', 'paid'].map(async (status) => (await call(org, '/commission/list', { order_id: orderId, status, limit: 10 })).commissions),
  );
  const all = [...commissions, ...terminal.flat()];
  expect(all).toHaveLength(1);
  return (await call(org, '/commission/get', { commission_id: all[0].commission_id })).commission;
}

/** The commission's lines as stored (status, payout), over every associate it may have been split to. */
async function linesOf(org: Org, commissionId: string): Promise<any[]> {
  const lines = (await Promise.all([jane, bob, kim].map((associate) => storedLines(org.orgcode, associate)))).flat();
  return lines.filter((line) => line.commission_id === commissionId && line.kind === 'commission');
}

/** What the events decide about an order's commission: its rating, its shares, and its payable lines by associate. */
async function endState(org: Org, orderId: string) {
  const commission = await commissionOfOrder(org, orderId);
  const payable = (await linesOf(org, commission.commission_id)).filter((line) => line.status === 'payable');
  return {
    status: commission.status,
    unrated_reason: commission.unrated_reason,
    rule_id: commission.rule_id,
    rate_bps: commission.rate_bps,
    tiers: commission.tiers,
    base_amount: commission.base_amount,
    amount: commission.amount,
    splits: commission.splits,
    payable: payable.map((line) => ({ associate_id: line.associate_id, amount: line.amount })).sort((a, b) => (a.associate_id < b.associate_id ? -1 : 1)),
  };
}

/** The events that name the record, in the order they were recorded (ids are time-ordered), with their amounts. */
async function eventsOf(org: Org, kind: string, id: string): Promise<Array<{ event_type: string; amount: number | undefined; reason: string }>> {
  const { lineage } = await call(org, '/lineage/list', { source_ref: { kind, id }, limit: 50 });
  const ids: string[] = lineage.map((item: { event_id: string }) => item.event_id).sort();
  return Promise.all(
    ids.map(async (eventId) => {
      const { event } = await call(org, '/event/get', { event_id: eventId });
      return { event_type: event.event_type, amount: event.amount?.amount, reason: event.reason };
    }),
  );
}

/** Per currency, the statement's figures, checked to add up: net = accrued + adjustments - voided = paid + in_payout + payable. */
async function statementTotals(org: Org, associate: string): Promise<any[]> {
  const { statement } = await call(org, '/commission/statement', { associate_id: associate, ...always, limit: 1000 });
  expect(statement.partial).toBe(false);
  const cents = (amount: number) => Math.round(amount * 100);
  for (const totals of statement.totals) {
    expect({
      currency: totals.currency,
      'accrued + adjustments - voided': cents(totals.accrued) + cents(totals.adjustments) - cents(totals.voided),
      'paid + in_payout + payable': cents(totals.paid) + cents(totals.in_payout) + cents(totals.payable),
    }).toEqual({ currency: totals.currency, 'accrued + adjustments - voided': cents(totals.net), 'paid + in_payout + payable': cents(totals.net) });
  }
  return statement.totals;
}

describe('a rule that stops covering a sale', () => {
  it('leaves the accrued commission unrated again, its line voided, and ends so whichever arrived first', async () => {
    const org = await newOrg();
    await deliverAll(org, [ruleSet(1), placed('ord_1')]);
    const accrued = await commissionOfOrder(org, 'ord_1');
    expect(accrued).toMatchObject({ status: 'accrued', amount: 16.53 });

    expect(await deliver(org, statusSet(2, 'inactive'))).toEqual({ outcome: 'applied' });

    const unrated = await commissionOfOrder(org, 'ord_1');
    expect(unrated).toMatchObject({ status: 'unrated', unrated_reason: 'no_rule_in_force', splits: [], lines: [] });
    for (const field of ['rule_id', 'rate_bps', 'tiers', 'base_amount', 'amount']) expect(unrated).not.toHaveProperty(field);
    expect(unrated.revision).toBeGreaterThan(accrued.revision);
    expect((await linesOf(org, accrued.commission_id)).map((line) => ({ amount: line.amount, status: line.status }))).toEqual([
      { amount: 16.53, status: 'voided' },
    ]);
    const commissionEvents = (await eventsOf(org, 'order', 'ord_1')).filter(({ event_type }) => event_type.startsWith('commission.'));
    expect(commissionEvents.map(({ event_type, amount }) => ({ event_type, amount }))).toEqual([
      { event_type: 'commission.accrued', amount: 16.53 },
      { event_type: 'commission.voided', amount: 16.53 },
    ]);
    expect(await statementTotals(org, jane)).toEqual([expect.objectContaining({ currency: 'USD', accrued: 16.53, voided: 16.53, net: 0 })]);

    // Redelivered, the status changes nothing more.
    expect(await deliver(org, statusSet(2, 'inactive'))).toEqual({ outcome: 'duplicate' });
    expect((await commissionOfOrder(org, 'ord_1')).revision).toBe(unrated.revision);

    // Every other order of the three events ends the same.
    const expected = await endState(org, 'ord_1');
    for (const events of permutations([ruleSet(1), statusSet(2, 'inactive'), placed('ord_1')]).slice(1)) {
      const other = await newOrg();
      await deliverAll(other, events);
      expect({ events: events.map((event) => event.detailType), state: await endState(other, 'ord_1') }).toEqual({
        events: events.map((event) => event.detailType),
        state: expected,
      });
    }
    // Six organisations' histories, each read once its list follows: under the AWS-like mode, over 40 s.
  }, 120_000);

  it('re-rates under the rule still covering it when the rule in force narrows its window, and back when it widens', async () => {
    const org = await newOrg();
    const older = { rule_id: 'rule_old', name: 'Since 2025', rate_bps: 300, effective_from: '2025-01-01T00:00:00Z' };
    await deliverAll(org, [ruleSet(1, older), ruleSet(1), placed('ord_1')]);
    expect(await commissionOfOrder(org, 'ord_1')).toMatchObject({ rule_id: 'rule_all', amount: 16.53 });

    // rule_all now ends before the sale: rule_old, 3 % of 330.53 is 9.9159.
    await deliver(org, ruleSet(2, { effective_to: '2026-11-02T10:00:00Z' }));
    expect(await endState(org, 'ord_1')).toMatchObject({
      status: 'accrued',
      rule_id: 'rule_old',
      rate_bps: 300,
      amount: 9.92,
      payable: [{ associate_id: jane, amount: 9.92 }],
    });

    await deliver(org, ruleSet(3));
    expect(await endState(org, 'ord_1')).toMatchObject({
      status: 'accrued',
      rule_id: 'rule_all',
      rate_bps: 500,
      amount: 16.53,
      payable: [{ associate_id: jane, amount: 16.53 }],
    });
    const adjusted = (await eventsOf(org, 'order', 'ord_1')).filter((event) => event.event_type === 'commission.adjusted');
    expect(adjusted.map((event) => event.amount)).toEqual([-6.61, 6.61]);
    expect(await statementTotals(org, jane)).toEqual([expect.objectContaining({ accrued: 42.98, voided: 26.45, net: 16.53 })]);
  });
});

describe('a rule whose rate changes', () => {
  it('re-rates the accrued commission at the new rate, one payable line, commission.adjusted for the difference, as if the rate came first', async () => {
    const org = await newOrg();
    await deliverAll(org, [ruleSet(1), placed('ord_1')]);
    const before = await commissionOfOrder(org, 'ord_1');

    expect(await deliver(org, ruleSet(2, { rate_bps: 700 }))).toEqual({ outcome: 'applied' });

    const state = await endState(org, 'ord_1');
    expect(state).toEqual({
      status: 'accrued',
      unrated_reason: undefined,
      rule_id: 'rule_all',
      rate_bps: 700,
      tiers: undefined,
      base_amount: 330.53,
      amount: 23.14,
      splits: [{ associate_id: jane, share_bps: 10000, amount: 23.14 }],
      payable: [{ associate_id: jane, amount: 23.14 }],
    });
    const lines = await linesOf(org, before.commission_id);
    expect(lines.map((line) => ({ amount: line.amount, status: line.status })).sort((a, b) => a.amount - b.amount)).toEqual([
      { amount: 16.53, status: 'voided' },
      { amount: 23.14, status: 'payable' },
    ]);
    const events = await eventsOf(org, 'commission', before.commission_id);
    expect(events.map(({ event_type, amount }) => ({ event_type, amount }))).toEqual([
      { event_type: 'commission.accrued', amount: 16.53 },
      { event_type: 'commission.adjusted', amount: 6.61 },
    ]);
    expect(events[1]!.reason).toMatch(/rule_all/);

    // The same rate again changes nothing.
    const rerated = await commissionOfOrder(org, 'ord_1');
    expect(await deliver(org, ruleSet(2, { rate_bps: 700 }))).toEqual({ outcome: 'duplicate' });
    expect((await commissionOfOrder(org, 'ord_1')).revision).toBe(rerated.revision);

    for (const events of permutations([ruleSet(1), ruleSet(2, { rate_bps: 700 }), placed('ord_1')]).slice(1)) {
      const other = await newOrg();
      await deliverAll(other, events);
      expect({ events: events.map((event) => event.detail.revision ?? 'order'), state: await endState(other, 'ord_1') }).toEqual({
        events: events.map((event) => event.detail.revision ?? 'order'),
        state,
      });
    }
  }, 120_000);

  it('re-rates from a flat rate to tiers', async () => {
    const org = await newOrg();
    await deliverAll(org, [ruleSet(1), placed('ord_1')]);
    const tiers = [
      { from_amount: 0, rate_bps: 200 },
      { from_amount: 100, rate_bps: 500 },
    ];
    await deliver(org, ruleSet(2, { rate_bps: undefined, tiers }));
    // 2 % of 100 plus 5 % of 230.53 is 13.5265.
    expect(await endState(org, 'ord_1')).toMatchObject({ rate_bps: undefined, tiers, amount: 13.53, payable: [{ associate_id: jane, amount: 13.53 }] });

    // Rated as before, it is left alone: by the same event again (which looks at every open
    // commission), or by a rule whose window covers the sale but not its channel.
    const rerated = await commissionOfOrder(org, 'ord_1');
    expect(await deliver(org, ruleSet(2, { rate_bps: undefined, tiers }))).toEqual({ outcome: 'duplicate' });
    await deliver(org, ruleSet(1, { rule_id: 'rule_web', scope: { channel_codes: ['web'] }, rate_bps: 9000 }));
    expect(await commissionOfOrder(org, 'ord_1')).toEqual(rerated);
  });
});

describe('a split commission re-rated', () => {
  it('keeps its shares, the new amount divided by largest remainder', async () => {
    const org = await newOrg();
    await deliverAll(org, [ruleSet(1), placed('ord_1')]);
    const accrued = await commissionOfOrder(org, 'ord_1');
    const allocations = [
      { associate_id: jane, share_bps: 3334 },
      { associate_id: bob, share_bps: 3333 },
      { associate_id: kim, share_bps: 3333 },
    ];
    await call(org, '/commission/split/set', { commission_id: accrued.commission_id, expected_revision: accrued.revision, allocations });
    // 1653 cents: 551.1102, 550.9449, 550.9449 round down to 1651; the two cents left go to the largest remainders.
    expect((await commissionOfOrder(org, 'ord_1')).splits.map((split: { amount: number }) => split.amount)).toEqual([5.51, 5.51, 5.51]);

    await deliver(org, ruleSet(2, { rate_bps: 700 }));

    // 2314 cents: 771.4876, 771.2562, 771.2562 round down to 2313; the cent left goes to the largest remainder, Jane's.
    const state = await endState(org, 'ord_1');
    expect(state).toMatchObject({
      amount: 23.14,
      splits: [
        { associate_id: jane, share_bps: 3334, amount: 7.72 },
        { associate_id: bob, share_bps: 3333, amount: 7.71 },
        { associate_id: kim, share_bps: 3333, amount: 7.71 },
      ],
      payable: [
        { associate_id: bob, amount: 7.71 },
        { associate_id: jane, amount: 7.72 },
        { associate_id: kim, amount: 7.71 },
      ],
    });
    expect(Math.round(state.splits.reduce((sum: number, split: { amount: number }) => sum + split.amount * 100, 0))).toBe(2314);
    // The split's three lines voided, one new line per share.
    const lines = await linesOf(org, accrued.commission_id);
    expect(lines.filter((line) => line.status === 'voided').map((line) => line.amount)).toEqual(expect.arrayContaining([5.51, 5.51, 5.51, 16.53]));
    expect(lines.filter((line) => line.status === 'voided')).toHaveLength(4);
    for (const associate of [jane, bob, kim]) {
      const totals = await statementTotals(org, associate);
      expect(totals).toEqual([expect.objectContaining({ net: associate === jane ? 7.72 : 7.71 })]);
    }
    const adjusted = (await eventsOf(org, 'associate', kim)).filter((event) => /re-rated/.test(event.reason));
    expect(adjusted.map(({ event_type, amount }) => ({ event_type, amount }))).toEqual([{ event_type: 'commission.adjusted', amount: 6.61 }]);
  });
});

describe('a commission a payout holds a line of', () => {
  it('keeps its rating when the rule changes or ends, and is rated by the rules in force at the next change once the payout is cancelled', async () => {
    const org = await newOrg();
    await deliverAll(org, [ruleSet(1), placed('ord_1')]);
    const { payout } = await call(org, '/commission/payout/create', { associate_id: jane, currency: 'USD', ...always });
    expect(payout).toMatchObject({ status: 'pending', amount: 16.53, line_count: 1 });
    const held = await commissionOfOrder(org, 'ord_1');

    await deliver(org, ruleSet(2, { rate_bps: 700 }));
    await deliver(org, statusSet(3, 'inactive'));
    await deliver(org, statusSet(3, 'inactive')); // a duplicate rates every open commission: still kept

    const kept = await commissionOfOrder(org, 'ord_1');
    expect(kept).toEqual(held);
    expect((await linesOf(org, held.commission_id)).map((line) => ({ amount: line.amount, status: line.status, payout_id: line.payout_id }))).toEqual([
      { amount: 16.53, status: 'payable', payout_id: payout.payout_id },
    ]);
    expect((await eventsOf(org, 'commission', held.commission_id)).map((event) => event.event_type)).not.toContain('commission.adjusted');
    expect(await statementTotals(org, jane)).toEqual([expect.objectContaining({ net: 16.53, in_payout: 16.53, payable: 0 })]);

    await call(org, '/commission/payout/status/set', { payout_id: payout.payout_id, status: 'cancelled', expected_revision: payout.revision });
    await deliver(org, ruleSet(4, { rate_bps: 700 }));
    expect(await endState(org, 'ord_1')).toMatchObject({ status: 'accrued', rate_bps: 700, amount: 23.14, payable: [{ associate_id: jane, amount: 23.14 }] });
  });

  it('keeps the rating of every share when one share is in a payout', async () => {
    const org = await newOrg();
    await deliverAll(org, [ruleSet(1), placed('ord_1')]);
    const accrued = await commissionOfOrder(org, 'ord_1');
    const allocations = [
      { associate_id: jane, share_bps: 5000 },
      { associate_id: bob, share_bps: 5000 },
    ];
    await call(org, '/commission/split/set', { commission_id: accrued.commission_id, expected_revision: accrued.revision, allocations });
    const { payout } = await call(org, '/commission/payout/create', { associate_id: bob, currency: 'USD', ...always });
    const split = await commissionOfOrder(org, 'ord_1');

    await deliver(org, ruleSet(2, { rate_bps: 700 }));

    expect(await commissionOfOrder(org, 'ord_1')).toEqual(split);
    const lines = (await linesOf(org, accrued.commission_id)).filter((line) => line.status === 'payable');
    const byAssociate = lines
      .map((line) => ({ associate_id: line.associate_id, amount: line.amount, payout_id: line.payout_id }))
      .sort((a, b) => (a.associate_id < b.associate_id ? -1 : 1));
    expect(byAssociate).toEqual([
      { associate_id: bob, amount: 8.26, payout_id: payout.payout_id },
      { associate_id: jane, amount: 8.27, payout_id: undefined },
    ]);
  });
});

describe('statements after re-rating', () => {
  it('still add up: net = accrued + adjustments - voided = paid + in_payout + payable', async () => {
    const org = await newOrg();
    await deliverAll(org, [ruleSet(1), placed('ord_1', '2026-11-02T10:00:00Z')]);
    const { payout } = await call(org, '/commission/payout/create', { associate_id: jane, currency: 'USD', ...always });
    await deliver(org, placed('ord_2', '2026-11-03T10:00:00Z'));
    await deliver(org, ruleSet(2, { rate_bps: 700 }));
    await call(org, '/commission/adjust', { associate_id: jane, kind: 'bonus', amount: 5, currency: 'USD', reason: 'Contest' });

    // ord_1 is held at 16.53; ord_2 re-rated from 16.53 to 23.14.
    expect(await statementTotals(org, jane)).toEqual([
      { currency: 'USD', accrued: 56.2, voided: 16.53, adjustments: 5, net: 44.67, paid: 0, in_payout: 16.53, payable: 28.14 },
    ]);

    // ord_2 unrated again: its 23.14 voided too.
    await deliver(org, statusSet(3, 'inactive'));
    expect(await endState(org, 'ord_2')).toMatchObject({ status: 'unrated', payable: [] });
    expect(await statementTotals(org, jane)).toEqual([
      { currency: 'USD', accrued: 56.2, voided: 39.67, adjustments: 5, net: 21.53, paid: 0, in_payout: 16.53, payable: 5 },
    ]);

    const move = (status: string, revision: number) =>
      call(org, '/commission/payout/status/set', { payout_id: payout.payout_id, status, expected_revision: revision });
    await move('paid', (await move('approved', payout.revision)).payout.revision);
    expect((await commissionOfOrder(org, 'ord_1')).status).toBe('paid');
    // Active again: ord_2 rated anew, ord_1, paid, keeps its rating.
    await deliver(org, statusSet(4, 'active'));
    expect(await endState(org, 'ord_1')).toMatchObject({ status: 'paid', amount: 16.53, rate_bps: 500 });
    expect(await endState(org, 'ord_2')).toMatchObject({ status: 'accrued', amount: 23.14, rate_bps: 700 });
    expect(await statementTotals(org, jane)).toEqual([
      { currency: 'USD', accrued: 79.34, voided: 39.67, adjustments: 5, net: 44.67, paid: 16.53, in_payout: 0, payable: 28.14 },
    ]);
  });
});

describe('a rule event redelivered', () => {
  it('rates every open commission, for a first delivery that cached the rule but stopped before rating', async () => {
    const org = await newOrg();
    await deliverAll(org, [ruleSet(1), placed('ord_1', '2026-11-02T10:00:00Z'), placed('ord_2', '2026-11-20T10:00:00Z')]);
    const revision2 = ruleSet(2, { rate_bps: 700 });
    // The first delivery of revision 2, stopped after caching it.
    const cached = await putRuleIfNewer({
      ...(revision2.detail as any),
      orgcode: org.orgcode,
      effective_from: '2026-01-01T00:00:00.000Z',
      definition_revision: 2,
      updated_at: new Date().toISOString(),
    });
    expect(cached).toEqual({ applied: true });
    expect(await endState(org, 'ord_1')).toMatchObject({ amount: 16.53 });

    expect(await deliver(org, revision2)).toEqual({ outcome: 'duplicate' });

    expect(await endState(org, 'ord_1')).toMatchObject({ rate_bps: 700, amount: 23.14 });
    expect(await endState(org, 'ord_2')).toMatchObject({ rate_bps: 700, amount: 23.14 });
  });
});

describe('revisions of a rule delivered concurrently', () => {
  const ruleAt = (org: Org, revision: number, rateBps: number, effectiveFrom: string) =>
    org.deliver('retail.pricing', 'commission.rule.set', rules.ruleSet(org.orgcode, 'rule_all', revision, { name: 'All', rate_bps: rateBps, effective_from: effectiveFrom }));

  it('leave every commission rated by the newer, also those only the older one covered', async () => {
    const org = await newOrg();
    await succeededWith(ruleAt(org, 1, 500, '2026-01-01T00:00:00Z'));
    const ids: string[] = [];
    for (let day = 1; day <= 15; day += 1) {
      const placedAt = `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`;
      const placed = await succeededWith(org.deliver('retail.orders', 'order.placed', associateOrder(org.orgcode, `ord_${day}`, placedAt, jane)), ['order-placed-commission']);
      ids.push(placed.commission_id);
    }
    // Revision 2 narrows the window to the 10th on at 700 bps; revision 3, a moment later, is 900 bps from January again.
    const second = ruleAt(org, 2, 700, '2026-11-10T00:00:00Z');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const third = ruleAt(org, 3, 900, '2026-01-01T00:00:00Z');
    await Promise.all([succeededWith(second), succeededWith(third)]);
    const rates = [];
    for (const id of ids) rates.push((await org.post('admin', '/commission/get', { commission_id: id })).body.data.commission.rate_bps);
    expect(rates).toEqual(ids.map(() => 900));
  });
});
