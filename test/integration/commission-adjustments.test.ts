import { associateOrder, cacheFlatRule, cancelSale, holdLineInPayout, lineageTypes, placeSale, storedLines } from '../support/commissions';
import { createOrg, freshId as fresh, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

/**
 * `/commission/adjust` and `/commission/split/set` (docs/decisions.md:
 * Commissions) through the HTTP routes, the real consumers and DynamoDB Local.
 */

useStack();
const org = useOrg('ADJ', { writer: { roles: ['commission_admin', 'acct_view'] } });
const jane = 'assoc_jane';

/** Places an order by Jane and answers its commission (accrued when a rule is cached). */
async function placed(placedAt?: string): Promise<any> {
  const result = await placeSale(associateOrder(org.orgcode, fresh('ord'), placedAt ?? '2026-11-02T10:00:00Z', jane));
  return (await org.post('writer', '/commission/get', { commission_id: result.commission_id })).body.data.commission;
}

const adjust = (body: Record<string, unknown>, headers = org.headers.writer) =>
  post('/commission/adjust', { associate_id: jane, currency: 'USD', reason: 'Contest', ...body }, headers);
const issuePaths = (response: any) => response.body.error.details.issues.map((issue: any) => issue.path);

describe('/commission/adjust', () => {
  it('adds bonus, chargeback and correction lines of the right sign, payable and free, counting now', async () => {
    for (const [kind, amount] of [['bonus', 50], ['chargeback', -12.5], ['correction', -0.01], ['correction', 3]] as const) {
      const response = await adjust({ kind, amount });
      expect(response.status).toBe(200);
      expect(response.body.data.adjustment).toMatchObject({
        adjustment_id: expect.stringMatching(/^adj_/),
        associate_id: jane,
        kind,
        amount,
        currency: 'USD',
        reason: 'Contest',
        status: 'payable',
        source_refs: [],
        request_context: { orgcode: org.orgcode, context_source: 'api_key' },
      });
      expect(response.body.data.adjustment).not.toHaveProperty('payout_id');
    }
    const lines = await storedLines(org.orgcode, jane);
    expect(lines.map((line) => [line.kind, line.amount, line.status])).toEqual([
      ['bonus', 50, 'payable'],
      ['chargeback', -12.5, 'payable'],
      ['correction', -0.01, 'payable'],
      ['correction', 3, 'payable'],
    ]);
    expect(lines.every((line) => line.payout_id === undefined && line.counts_at === line.created_at)).toBe(true);
  });

  it('refuses an amount of the wrong sign for its kind, zero, or finer than the currency, naming amount', async () => {
    const refused = [
      { kind: 'bonus', amount: -5 },
      { kind: 'bonus', amount: 0 },
      { kind: 'chargeback', amount: 5 },
      { kind: 'correction', amount: 0 },
      { kind: 'bonus', amount: 1.001 },
      { kind: 'bonus', amount: 1.5, currency: 'JPY' },
    ];
    for (const body of refused) {
      const response = await adjust(body);
      expect(response.status).toBe(400);
      expect(issuePaths(response)).toEqual(['amount']);
    }
    expect((await adjust({ kind: 'bonus', amount: 5, reason: undefined })).status).toBe(400);
    expect(await storedLines(org.orgcode, jane)).toEqual([]);
  });

  it("refers to one of the organisation's commissions in its currency, with lineage to it, its order, the associate and the adjustment", async () => {
    await cacheFlatRule(org.orgcode);
    const commission = await placed();

    const made = await adjust({ kind: 'chargeback', amount: -2, commission_id: commission.commission_id, source_refs: [{ kind: 'ticket', id: 'T-9' }] });

    expect(made.status).toBe(200);
    const { adjustment } = made.body.data;
    expect(adjustment).toMatchObject({ commission_id: commission.commission_id, order_id: commission.order_id, source_refs: [{ kind: 'ticket', id: 'T-9' }] });
    for (const [kind, id] of [['adjustment', adjustment.adjustment_id], ['associate', jane], ['order', commission.order_id], ['ticket', 'T-9']]) {
      expect(await lineageTypes(kind!, id!, org.headers.writer)).toContain('commission.adjusted');
    }
    expect(await lineageTypes('commission', commission.commission_id, org.headers.writer)).toEqual(['commission.accrued', 'commission.adjusted']);
    // The commission itself is referred to, not changed.
    expect((await org.post('writer', '/commission/get', { commission_id: commission.commission_id })).body.data.commission.revision).toBe(1);

    const otherCurrency = await adjust({ kind: 'bonus', amount: 2, currency: 'EUR', commission_id: commission.commission_id });
    expect(otherCurrency.status).toBe(400);
    expect(issuePaths(otherCurrency)).toEqual(['currency']);
    const unknown = await adjust({ kind: 'bonus', amount: 2, commission_id: 'com_unknown' });
    expect(unknown.status).toBe(404);
    expect(await storedLines(org.orgcode, jane)).toHaveLength(2);
  });

  it('replays a repeated key with the first answer and one line, and refuses the key with another body (422)', async () => {
    const body = { kind: 'bonus', amount: 10, idempotency_key: fresh('key') };
    const first = await adjust(body);
    const again = await adjust({ ...body });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const reused = await adjust({ ...body, amount: 11 });
    expect(reused.status).toBe(422);
    expect(reused.body.error.error_code).toBe('accounting.idempotency_key_reused');
    expect(await storedLines(org.orgcode, jane)).toHaveLength(1);
  });
});

const setSplit = (body: Record<string, unknown>, headers = org.headers.writer) => post('/commission/split/set', body, headers);
const shares = (...list: Array<[string, number]>) => list.map(([associate_id, share_bps]) => ({ associate_id, share_bps }));

describe('/commission/split/set', () => {
  it('divides the amount by largest remainder, voids the old lines and writes payable ones for each associate', async () => {
    await cacheFlatRule(org.orgcode);
    const commission = await placed();

    const response = await setSplit({
      commission_id: commission.commission_id,
      expected_revision: 1,
      allocations: shares([jane, 6000], ['assoc_raj', 3000], ['assoc_li', 1000]),
      reason: 'Shared sale',
    });

    expect(response.status).toBe(200);
    // 1653 cents: 991.8, 495.9 and 165.3 round down to 1651; the 2 left go to the largest remainders, .9 then .8.
    const splits = [
      { associate_id: jane, share_bps: 6000, amount: 9.92 },
      { associate_id: 'assoc_raj', share_bps: 3000, amount: 4.96 },
      { associate_id: 'assoc_li', share_bps: 1000, amount: 1.65 },
    ];
    const updated = response.body.data.commission;
    expect(updated).toMatchObject({ status: 'accrued', amount: 16.53, revision: 2, splits });
    expect(updated.lines.map((line: any) => [line.associate_id, line.amount])).toEqual(splits.map((split) => [split.associate_id, split.amount]));
    expect((await storedLines(org.orgcode, jane)).map((line) => [line.amount, line.status])).toEqual([[16.53, 'voided'], [9.92, 'payable']]);
    for (const [associateId, amount] of [['assoc_raj', 4.96], ['assoc_li', 1.65]] as const) {
      expect(await storedLines(org.orgcode, associateId)).toEqual([
        expect.objectContaining({ commission_id: commission.commission_id, kind: 'commission', amount, status: 'payable', counts_at: commission.placed_at }),
      ]);
      expect(await lineageTypes('associate', associateId, org.headers.writer)).toEqual(['commission.adjusted']);
    }
    expect(await lineageTypes('commission', commission.commission_id, org.headers.writer)).toEqual(['commission.accrued', 'commission.adjusted']);
    const listed = await org.post('writer', '/commission/list', { order_id: commission.order_id });
    expect(listed.body.data.commissions).toEqual([expect.objectContaining({ revision: 2, splits })]);

    // A later cancellation voids the lines the split left.
    await cancelSale(org.orgcode, commission.order_id);
    for (const associateId of [jane, 'assoc_raj', 'assoc_li']) {
      expect((await storedLines(org.orgcode, associateId)).every((line) => line.status === 'voided')).toBe(true);
    }
  });

  it('refuses shares that do not add up to 10000 (naming the sum), a missing revision (428) and a stale one (409)', async () => {
    await cacheFlatRule(org.orgcode);
    const { commission_id: commissionId } = await placed();

    const short = await setSplit({ commission_id: commissionId, expected_revision: 1, allocations: shares([jane, 6000], ['assoc_raj', 3500]) });
    expect(short.status).toBe(400);
    expect(short.body.error.details.issues).toEqual([expect.objectContaining({ path: 'allocations', message: expect.stringContaining('not 9500') })]);

    const unnamed = await setSplit({ commission_id: commissionId, allocations: shares([jane, 10000]) });
    expect(unnamed.status).toBe(428);

    expect((await setSplit({ commission_id: commissionId, expected_revision: 1, allocations: shares(['assoc_raj', 10000]) })).status).toBe(200);
    const stale = await setSplit({ commission_id: commissionId, expected_revision: 1, allocations: shares([jane, 10000]) });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ major: { tag: 'conflict' }, details: { supplied_revision: 1, current_revision: 2 } });
    expect(await storedLines(org.orgcode, 'assoc_raj')).toEqual([expect.objectContaining({ amount: 16.53, status: 'payable' })]);
    expect((await setSplit({ commission_id: 'com_unknown', expected_revision: 1, allocations: shares([jane, 10000]) })).status).toBe(404);
  });

  it('refuses an unrated or voided commission, and one with a line in a payout (409 invalid-state)', async () => {
    await cacheFlatRule(org.orgcode);
    // Before the rule's effective_from: no rule covers it.
    const unrated = await placed('2025-06-01T10:00:00Z');
    expect(unrated.status).toBe('unrated');
    const voided = await placed();
    await cancelSale(org.orgcode, voided.order_id);
    const paidOut = await placed();
    const [line] = paidOut.lines;
    // Payouts do not exist yet: the line is marked as one would take it.
    await holdLineInPayout(org.orgcode, line, 'pyo_test');

    for (const [commission, revision] of [[unrated, 1], [voided, 2], [paidOut, 1]]) {
      const refused = await setSplit({ commission_id: commission.commission_id, expected_revision: revision, allocations: shares(['assoc_raj', 10000]) });
      expect(refused.status).toBe(409);
      expect(refused.body.error.major.tag).toBe('invalid-state');
    }
    expect(await storedLines(org.orgcode, 'assoc_raj')).toEqual([]);
  });
});

describe('tenancy', () => {
  it("never splits or adjusts another organisation's commission", async () => {
    await cacheFlatRule(org.orgcode);
    const commission = await placed();
    const otherOrg = await createOrg('ADJ', { writer: { roles: ['commission_admin', 'acct_view'] } });
    const other = otherOrg.headers.writer;

    expect((await setSplit({ commission_id: commission.commission_id, expected_revision: 1, allocations: shares(['assoc_raj', 10000]) }, other)).status).toBe(404);
    expect((await adjust({ kind: 'bonus', amount: 5, commission_id: commission.commission_id }, other)).status).toBe(404);
    expect((await adjust({ kind: 'bonus', amount: 5 }, other)).status).toBe(200);

    expect(await storedLines(org.orgcode, jane)).toEqual([expect.objectContaining({ kind: 'commission', status: 'payable' })]);
    expect(await storedLines(otherOrg.orgcode, jane)).toEqual([expect.objectContaining({ kind: 'bonus', amount: 5 })]);
    expect((await org.post('writer', '/commission/get', { commission_id: commission.commission_id })).body.data.commission.revision).toBe(1);
  });
});
