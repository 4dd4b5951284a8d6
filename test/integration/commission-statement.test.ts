import { associateOrder, cacheFlatRule, cancelSale, holdLineInPayout, placeSale } from '../support/commissions';
import { createOrg, freshId as fresh, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

/**
 * `/commission/statement` (docs/decisions.md: Commissions) through the HTTP
 * routes, the real consumers and DynamoDB Local: an associate's lines over a
 * period, and per currency what they add up to, a page at a time.
 */

useStack();
const org = useOrg('CST', { writer: { roles: ['commission_admin', 'acct_view'] } });
const jane = 'assoc_jane';
/** Adjustments count when they are made: a window around any test run. */
const always = { from_utc: '2000-01-01T00:00:00Z', to_utc: '2100-01-01T00:00:00Z' };
/** `always` as a statement answers it: in UTC, to the millisecond. */
const alwaysAnswered = { from_utc: '2000-01-01T00:00:00.000Z', to_utc: '2100-01-01T00:00:00.000Z' };

/** Places an order by Jane and answers its commission (accrued: a rule is cached). */
async function placed(placedAt = '2026-11-02T10:00:00Z'): Promise<any> {
  const result = await placeSale(associateOrder(org.orgcode, fresh('ord'), placedAt, jane));
  return (await org.post('writer', '/commission/get', { commission_id: result.commission_id })).body.data.commission;
}

const cancel = (orderId: string) => cancelSale(org.orgcode, orderId);

async function adjust(body: Record<string, unknown>): Promise<any> {
  const response = await org.post('writer', '/commission/adjust', { associate_id: jane, currency: 'USD', reason: 'Contest', ...body });
  expect(response.status).toBe(200);
  return response.body.data.adjustment;
}

const statement = (body: Record<string, unknown>, headers = org.headers.writer) =>
  post('/commission/statement', { associate_id: jane, ...always, ...body }, headers);

/** One page, which must be the whole statement. */
async function wholeStatement(body: Record<string, unknown> = {}, headers = org.headers.writer): Promise<any> {
  const response = await statement({ limit: 1000, ...body }, headers);
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({ statement: { partial: false }, next_token: null });
  return response.body.data.statement;
}

const zero = { accrued: 0, voided: 0, adjustments: 0, net: 0, paid: 0, in_payout: 0, payable: 0 };

describe('/commission/statement', () => {
  it('shows accrued, voided and adjusted lines with their figures, adjustments with their reason', async () => {
    await cacheFlatRule(org.orgcode);
    // Early in the year, so the lines sort before the adjustments, which count when they are made.
    const kept = await placed('2026-01-02T10:00:00Z');
    const cancelled = await placed('2026-01-03T10:00:00Z');
    await cancel(cancelled.order_id);
    const bonus = await adjust({ kind: 'bonus', amount: 50 });
    const chargeback = await adjust({ kind: 'chargeback', amount: -12.5, commission_id: kept.commission_id, reason: 'Returned lamp' });
    const correction = await adjust({ kind: 'correction', amount: -0.01 });

    const result = await wholeStatement();

    expect(result).toMatchObject({ associate_id: jane, ...alwaysAnswered });
    expect(result.lines).toEqual([
      {
        line_id: kept.lines[0].line_id,
        kind: 'commission',
        amount: 16.53,
        currency: 'USD',
        status: 'payable',
        counts_at: kept.placed_at,
        commission_id: kept.commission_id,
        order_id: kept.order_id,
        settlement: 'payable',
      },
      expect.objectContaining({ line_id: cancelled.lines[0].line_id, kind: 'commission', amount: 16.53, status: 'voided', settlement: 'voided' }),
      {
        line_id: bonus.adjustment_id,
        kind: 'bonus',
        amount: 50,
        currency: 'USD',
        status: 'payable',
        counts_at: bonus.counts_at,
        reason: 'Contest',
        settlement: 'payable',
      },
      expect.objectContaining({
        line_id: chargeback.adjustment_id,
        kind: 'chargeback',
        amount: -12.5,
        commission_id: kept.commission_id,
        order_id: kept.order_id,
        reason: 'Returned lamp',
        settlement: 'payable',
      }),
      expect.objectContaining({ line_id: correction.adjustment_id, kind: 'correction', amount: -0.01, settlement: 'payable' }),
    ]);
    // 16.53 + 16.53 accrued, 50 - 12.5 - 0.01 adjusted, 16.53 voided: 54.02 net, all of it payable.
    expect(result.totals).toEqual([
      { currency: 'USD', accrued: 33.06, voided: 16.53, adjustments: 37.49, net: 54.02, paid: 0, in_payout: 0, payable: 54.02 },
    ]);
  });

  it("shows another associate's share of a split in their statement, and the voided whole in the order's associate's", async () => {
    await cacheFlatRule(org.orgcode);
    const commission = await placed();
    const split = await org.post(
      'writer',
      '/commission/split/set',
      {
        commission_id: commission.commission_id,
        expected_revision: 1,
        allocations: [
          { associate_id: jane, share_bps: 6000 },
          { associate_id: 'assoc_raj', share_bps: 4000 },
        ],
      },
    );
    expect(split.status).toBe(200);

    const janes = await wholeStatement();
    expect(janes.lines.map((line: any) => [line.amount, line.settlement])).toEqual([[16.53, 'voided'], [9.92, 'payable']]);
    expect(janes.totals).toEqual([{ ...zero, currency: 'USD', accrued: 26.45, voided: 16.53, net: 9.92, payable: 9.92 }]);
    const rajs = await wholeStatement({ associate_id: 'assoc_raj' });
    expect(rajs.lines).toEqual([
      expect.objectContaining({ kind: 'commission', amount: 6.61, commission_id: commission.commission_id, counts_at: commission.placed_at, settlement: 'payable' }),
    ]);
    expect(rajs.totals).toEqual([{ ...zero, currency: 'USD', accrued: 6.61, net: 6.61, payable: 6.61 }]);
  });

  it('restricts lines and totals to one currency when asked, and otherwise totals each currency, sorted', async () => {
    await cacheFlatRule(org.orgcode);
    await placed();
    await adjust({ kind: 'bonus', amount: 5.25, currency: 'EUR' });
    await adjust({ kind: 'bonus', amount: 1500, currency: 'JPY' });
    await adjust({ kind: 'correction', amount: -0.005, currency: 'BHD' });

    const all = await wholeStatement();
    expect(all.totals.map((totals: any) => [totals.currency, totals.net])).toEqual([
      ['BHD', -0.005],
      ['EUR', 5.25],
      ['JPY', 1500],
      ['USD', 16.53],
    ]);
    const euros = await wholeStatement({ currency: 'eur' });
    expect(euros.lines).toEqual([expect.objectContaining({ kind: 'bonus', amount: 5.25, currency: 'EUR' })]);
    expect(euros.totals).toEqual([{ ...zero, currency: 'EUR', adjustments: 5.25, net: 5.25, payable: 5.25 }]);
    expect((await statement({ currency: 'XYZ' })).status).toBe(400);
  });

  it('counts the lines at from_utc and just before to_utc, not those at to_utc or before from_utc, whatever zone the bounds are in', async () => {
    await cacheFlatRule(org.orgcode);
    for (const placedAt of ['2026-11-01T23:59:59.999Z', '2026-11-02T00:00:00Z', '2026-11-02T23:59:59.999Z', '2026-11-03T00:00:00Z']) await placed(placedAt);

    const day = await wholeStatement({ from_utc: '2026-11-02T01:00:00+01:00', to_utc: '2026-11-02T19:00:00-05:00' });

    expect(day).toMatchObject({ from_utc: '2026-11-02T00:00:00.000Z', to_utc: '2026-11-03T00:00:00.000Z' });
    expect(day.lines.map((line: any) => line.counts_at)).toEqual(['2026-11-02T00:00:00.000Z', '2026-11-02T23:59:59.999Z']);
    expect(day.totals).toEqual([{ ...zero, currency: 'USD', accrued: 33.06, net: 33.06, payable: 33.06 }]);
    const empty = await wholeStatement({ from_utc: '2026-11-03T00:00:00.001Z', to_utc: '2026-12-01T00:00:00Z' });
    expect(empty).toMatchObject({ lines: [], totals: [] });
  });

  it('shows a line held by a payout that was never written as payable, and the chargeback that reverses it', async () => {
    await cacheFlatRule(org.orgcode);
    const commission = await placed();
    const [line] = commission.lines;
    // A payout whose assembly stopped: its line names it, but it never came to exist.
    await holdLineInPayout(org.orgcode, line, 'cpo_never_written');
    await cancel(commission.order_id);

    const result = await wholeStatement();

    expect(result.lines).toEqual([
      expect.objectContaining({ line_id: line.line_id, status: 'payable', payout_id: 'cpo_never_written', settlement: 'payable' }),
      expect.objectContaining({ kind: 'chargeback', amount: -16.53, reverses_line_id: line.line_id, settlement: 'payable' }),
    ]);
    expect(result.lines[0]).not.toHaveProperty('payout_status');
    expect(result.totals).toEqual([{ ...zero, currency: 'USD', accrued: 16.53, adjustments: -16.53 }]);
  });

  it('pages through the lines: each line once, partial until the last page, whose totals are the whole period\'s', async () => {
    await cacheFlatRule(org.orgcode);
    const cancelled = await placed('2026-01-02T10:00:00Z');
    await cancel(cancelled.order_id);
    await placed('2026-01-03T10:00:00Z');
    for (let amount = 1; amount <= 23; amount += 1) await adjust({ kind: 'bonus', amount });
    const whole = await wholeStatement();
    expect(whole.lines).toHaveLength(25);
    // 16.53 + 16.53 accrued, 1 + … + 23 = 276 in bonuses, 16.53 voided.
    expect(whole.totals).toEqual([{ ...zero, currency: 'USD', accrued: 33.06, voided: 16.53, adjustments: 276, net: 292.53, payable: 292.53 }]);

    const pages = (await org.listPages('writer', '/commission/statement', { associate_id: jane, ...always, limit: 10 })).map((page) => page.statement);

    expect(pages.map((page) => [page.lines.length, page.partial])).toEqual([[10, true], [10, true], [5, false]]);
    expect(pages.flatMap((page) => page.lines)).toEqual(whole.lines);
    // Running totals so far on the first page: the two orders and bonuses 1 to 8.
    expect(pages[0].totals).toEqual([{ ...zero, currency: 'USD', accrued: 33.06, voided: 16.53, adjustments: 36, net: 52.53, payable: 52.53 }]);
    expect(pages[2].totals).toEqual(whole.totals);
  });

  it('refuses a token for another associate, period or currency (400)', async () => {
    for (let amount = 1; amount <= 3; amount += 1) await adjust({ kind: 'bonus', amount });
    const first = await statement({ limit: 2 });
    const token = first.body.data.next_token;
    expect(token).toEqual(expect.any(String));

    for (const other of [{ associate_id: 'assoc_raj' }, { to_utc: '2099-01-01T00:00:00Z' }, { currency: 'USD' }]) {
      const refused = await statement({ limit: 2, next_token: token, ...other });
      expect(refused.status).toBe(400);
      expect(refused.body.error.major.tag).toBe('validation-error');
    }
    expect((await statement({ limit: 2, next_token: token })).body.data.statement.lines).toHaveLength(1);
  });

  it('refuses a window that does not move forward, naming to_utc', async () => {
    const response = await statement({ from_utc: '2026-11-02T00:00:00Z', to_utc: '2026-11-02T00:00:00Z' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.issues).toEqual([expect.objectContaining({ path: 'to_utc' })]);
  });
});

describe('tenancy and roles', () => {
  it("shows another organisation nothing of this one's lines", async () => {
    await cacheFlatRule(org.orgcode);
    await placed();
    await adjust({ kind: 'bonus', amount: 5 });
    const other = await createOrg('CST', { reader: { roles: ['acct_view'] } });

    expect(await wholeStatement({}, other.headers.reader)).toEqual({ associate_id: jane, ...alwaysAnswered, lines: [], totals: [], partial: false });
    expect((await wholeStatement()).lines).toHaveLength(2);
  });

  it('answers 403 to a caller without a read role', async () => {
    const adminOnly = await org.issue({ actor: 'tester', roles: ['commission_admin'] });
    const response = await statement({}, adminOnly);
    expect(response.status).toBe(403);
    expect(response.body.error.error_code).toBe('accounting.forbidden');
  });
});

describe('with payouts', () => {
  async function createPayout(from_utc: string, to_utc: string): Promise<any> {
    const response = await org.post('writer', '/commission/payout/create', { associate_id: jane, currency: 'USD', from_utc, to_utc });
    expect(response.status).toBe(200);
    expect(response.body.data.payout).toMatchObject({ status: 'pending', amount: 16.53 });
    return response.body.data.payout;
  }

  async function moveTo(payout: any, ...statuses: Array<'approved' | 'paid' | 'cancelled'>): Promise<void> {
    let revision = payout.revision;
    for (const status of statuses) {
      const response = await org.post('writer', '/commission/payout/status/set', { payout_id: payout.payout_id, status, expected_revision: revision });
      expect(response.status).toBe(200);
      revision = response.body.data.payout.revision;
    }
  }

  it('counts lines in paid payouts as paid, in pending or approved ones as in payout, and in cancelled ones as payable', async () => {
    await cacheFlatRule(org.orgcode);
    const days = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'];
    for (const day of days) await placed(`${day}T10:00:00Z`);
    const payouts = [];
    // One payout per day but the last, whose line stays free.
    for (const [index, day] of days.slice(0, 4).entries()) payouts.push(await createPayout(`${day}T00:00:00Z`, `${days[index + 1]}T00:00:00Z`));
    const [paid, approved, pending, cancelled] = payouts;
    await moveTo(paid, 'approved', 'paid');
    await moveTo(approved, 'approved');
    await moveTo(cancelled, 'cancelled');

    const result = await wholeStatement();

    expect(result.lines.map((line: any) => [line.counts_at.slice(0, 10), line.settlement])).toEqual([
      ['2026-11-02', 'paid'],
      ['2026-11-03', 'in_payout'],
      ['2026-11-04', 'in_payout'],
      ['2026-11-05', 'payable'],
      ['2026-11-06', 'payable'],
    ]);
    expect(result.lines.slice(0, 3).map((line: any) => [line.payout_id, line.payout_status])).toEqual([
      [paid.payout_id, 'paid'],
      [approved.payout_id, 'approved'],
      [pending.payout_id, 'pending'],
    ]);
    expect(result.totals).toEqual([{ ...zero, currency: 'USD', accrued: 82.65, net: 82.65, paid: 16.53, in_payout: 33.06, payable: 33.06 }]);
  });
});
