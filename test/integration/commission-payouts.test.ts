import type { BusEvent } from '../../shared/local/event-bus-api';
import { sweepPayoutDesks } from '../../shared/commissions/payout-desk';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { routeTimeoutSeconds } from '../../shared/http/route-definition';
import { commissionPayoutCreateRoute } from '../../shared/routes/commissions/commission-payout-create.route';
import { associateOrder, cacheFlatRule, cancelSale, lineageTypes, placeSale, storedLines } from '../support/commissions';
import { createOrg, freshId as fresh, untilListed, useOrg, useStack } from '../support/harness';
import { logMessagesOf } from '../support/expected-logs';
import { asClient, failedAnswers, runScheduled } from '../support/local-api';

/**
 * Commission payouts (docs/decisions.md: Commissions, payouts) through the
 * HTTP routes, the real consumers, the sweep and DynamoDB Local.
 */

const stack = useStack();
const org = useOrg('PAYOUT', { admin: { roles: ['commission_admin', 'acct_view'] }, reader: { roles: ['acct_view'] } });
const jane = 'assoc_jane';
const november = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' };

/** An order by Jane of 200.00 before tax: 5 % under rule_all is 10.00. */
async function placed(placedAt = '2026-11-10T10:00:00Z'): Promise<{ commission_id: string; order_id: string }> {
  const orderId = fresh('ord');
  const result = await placeSale(associateOrder(org.orgcode, orderId, placedAt, jane, [{ sku: 'CHAIR', quantity: 1, unit_amount: 200 }]));
  return { commission_id: result.commission_id, order_id: orderId };
}

const cancel = (orderId: string) => cancelSale(org.orgcode, orderId, { cancelled_at: '2026-11-20T09:00:00Z' });

const adjust = (body: Record<string, unknown>) =>
  org.post('admin', '/commission/adjust', { associate_id: jane, currency: 'USD', reason: 'Contest', ...body });

const create = (body: Record<string, unknown> = {}) => org.post('admin', '/commission/payout/create', { associate_id: jane, currency: 'USD', ...november, ...body });
const move = (payout: { payout_id: string; revision: number }, status: string) =>
  org.post('admin', '/commission/payout/status/set', { payout_id: payout.payout_id, status, expected_revision: payout.revision });

describe('/commission/payout/create', () => {
  it("takes every free payable line of the associate's currency and period, chargebacks netted", async () => {
    await cacheFlatRule(org.orgcode);
    const first = await placed();
    await placed('2026-11-30T23:59:59Z');
    await placed('2026-12-01T00:00:00Z'); // December: not this period's
    expect((await adjust({ kind: 'bonus', amount: 5 })).status).toBe(200);
    expect((await adjust({ kind: 'chargeback', amount: -2.5 })).status).toBe(200);
    expect((await adjust({ kind: 'bonus', amount: 7, currency: 'EUR' })).status).toBe(200);
    const response = await create({ reason: 'November run' });
    expect(response.status).toBe(200);
    const { payout } = response.body.data;
    // Adjustments count when made (today), so they are November's only if today is: give them their own period.
    const adjustmentsNow = Date.now() >= Date.parse(november.from_utc) && Date.now() < Date.parse(november.to_utc);
    expect(payout).toMatchObject({
      associate_id: jane,
      currency: 'USD',
      status: 'pending',
      revision: 1,
      reason: 'November run',
      ...november,
      from_utc: '2026-11-01T00:00:00.000Z',
      to_utc: '2026-12-01T00:00:00.000Z',
    });
    expect(payout.payout_id).toMatch(/^cpo_/);
    expect(payout.by_kind.commission).toBe(20);
    expect(payout.amount).toBe(adjustmentsNow ? 22.5 : 20);
    const held = (await storedLines(org.orgcode, jane)).filter((line) => line.payout_id === payout.payout_id);
    expect(held).toHaveLength(payout.line_count);
    expect(held.every((line) => line.currency === 'USD' && line.counts_at >= '2026-11-01' && line.counts_at < '2026-12-01')).toBe(true);
    expect(await lineageTypes('commission', first.commission_id, org.headers.admin)).toContain('commission.payout_status_changed');
    expect(await lineageTypes('payout', payout.payout_id, org.headers.admin)).toEqual(['commission.payout_status_changed']);
  });

  it('refuses a period with nothing free to pay, 409 invalid-state, and one netting to zero or less leaves its lines free', async () => {
    const empty = await create();
    expect(empty.status).toBe(409);
    expect(empty.body.error).toMatchObject({ error_code: 'accounting.nothing_payable', major: { tag: 'invalid-state' } });
    const now = new Date();
    const today = { from_utc: new Date(now.getTime() - 3_600_000).toISOString(), to_utc: new Date(now.getTime() + 3_600_000).toISOString() };
    await adjust({ kind: 'bonus', amount: 3 });
    await adjust({ kind: 'chargeback', amount: -4 });
    const negative = await create(today);
    expect(negative.status).toBe(409);
    expect(negative.body.error.details).toMatchObject({ line_count: 2, amount: -1 });
    expect((await storedLines(org.orgcode, jane)).every((line) => line.payout_id === undefined)).toBe(true);
    await adjust({ kind: 'bonus', amount: 1.01 });
    const positive = await create(today);
    expect(positive.status).toBe(200);
    expect(positive.body.data.payout).toMatchObject({ amount: 0.01, line_count: 3 });
  });

  it('replays the same idempotency_key with the original payout', async () => {
    await cacheFlatRule(org.orgcode);
    await placed();
    const first = await create({ idempotency_key: 'nov-run' });
    const again = await create({ idempotency_key: 'nov-run' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
  });

  it('gives every line to one payout when 20 creations for the same associate and period race', async () => {
    await cacheFlatRule(org.orgcode);
    const commissions = await Promise.all(Array.from({ length: 12 }, (_, index) => placed(`2026-11-0${1 + (index % 9)}T10:00:00Z`)));
    const responses = await Promise.all(Array.from({ length: 20 }, () => create()));
    const created = responses.filter((response) => response.status === 200);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const response of responses.filter((r) => r.status !== 200)) {
      expect(response.status).toBe(409);
      expect(['accounting.payout_in_progress', 'accounting.nothing_payable']).toContain(response.body.error.error_code);
    }
    const lines = await storedLines(org.orgcode, jane);
    expect(lines).toHaveLength(commissions.length);
    const payoutIds = new Set(created.map((response) => response.body.data.payout.payout_id));
    expect(lines.every((line) => payoutIds.has(line.payout_id))).toBe(true);
    const counted = created.reduce((sum, response) => sum + response.body.data.payout.line_count, 0);
    expect(counted).toBe(commissions.length);
  });

  it('claims more lines than one transaction holds (250 lines, three claim transactions)', async () => {
    const now = new Date();
    const today = { from_utc: new Date(now.getTime() - 3_600_000).toISOString(), to_utc: new Date(now.getTime() + 3_600_000).toISOString() };
    for (let batch = 0; batch < 25; batch += 1) {
      const responses = await Promise.all(Array.from({ length: 10 }, () => asClient(() => adjust({ kind: 'bonus', amount: 0.01 }))));
      expect(failedAnswers(responses)).toEqual([]);
    }
    const response = await create(today);
    expect(response.status).toBe(200);
    expect(response.body.data.payout).toMatchObject({ line_count: 250, amount: 2.5 });
    const lines = await storedLines(org.orgcode, jane);
    expect(lines.filter((line) => line.payout_id === response.body.data.payout.payout_id)).toHaveLength(250);
  });
});

describe('/commission/payout/status/set', () => {
  it('moves pending → approved → paid one step at a time, marks the commissions paid and records each move', async () => {
    await cacheFlatRule(org.orgcode);
    const sale = await placed();
    const pending = (await create()).body.data.payout;
    const skipped = await move(pending, 'paid');
    expect(skipped.status).toBe(409);
    expect(skipped.body.error).toMatchObject({ error_code: 'accounting.payout_not_approved', major: { tag: 'invalid-state' } });
    const missing = await org.post('admin', '/commission/payout/status/set', { payout_id: pending.payout_id, status: 'approved' });
    expect(missing.status).toBe(428);
    const approved = (await move(pending, 'approved')).body.data.payout;
    expect(approved).toMatchObject({ status: 'approved', revision: 2 });
    expect(approved.approved_at).toBeDefined();
    const stale = await move(pending, 'cancelled');
    expect(stale.status).toBe(409);
    expect(stale.body.error.details).toMatchObject({ supplied_revision: 1, current_revision: 2 });
    const paid = (await move(approved, 'paid')).body.data.payout;
    expect(paid).toMatchObject({ status: 'paid', revision: 3 });
    const commission = (await org.post('admin', '/commission/get', { commission_id: sale.commission_id })).body.data.commission;
    expect(commission.status).toBe('paid');
    expect(await lineageTypes('payout', pending.payout_id, org.headers.admin)).toEqual(Array(3).fill('commission.payout_status_changed'));
    expect((await move(paid, 'cancelled')).status).toBe(409);
  });

  it('cancelling frees the lines, so the next payout takes them', async () => {
    await cacheFlatRule(org.orgcode);
    await placed();
    const first = (await create()).body.data.payout;
    const cancelled = (await move(first, 'cancelled')).body.data.payout;
    expect(cancelled).toMatchObject({ status: 'cancelled', revision: 2 });
    expect(cancelled.cancelled_at).toBeDefined();
    expect((await storedLines(org.orgcode, jane)).every((line) => line.payout_id === undefined)).toBe(true);
    const second = await create();
    expect(second.status).toBe(200);
    expect(second.body.data.payout.amount).toBe(first.amount);
  });

  it('a cancelled order whose commission was paid stays paid, charged back in the next payout, once', async () => {
    await cacheFlatRule(org.orgcode);
    const sale = await placed();
    const paid = await [ 'approved', 'paid' ].reduce(async (payout, status) => (await move(await payout, status)).body.data.payout, Promise.resolve((await create()).body.data.payout));
    expect(paid.status).toBe('paid');
    expect(await cancel(sale.order_id)).toEqual({ outcome: 'charged_back', commission_id: sale.commission_id });
    expect(await cancel(sale.order_id)).toEqual({ outcome: 'duplicate', commission_id: sale.commission_id });
    const commission = (await org.post('admin', '/commission/get', { commission_id: sale.commission_id })).body.data.commission;
    expect(commission).toMatchObject({ status: 'paid', lines: [{ kind: 'commission', amount: 10 }, { kind: 'chargeback', amount: -10 }] });
    expect(commission).not.toHaveProperty('voided_at');
    const chargebacks = (await storedLines(org.orgcode, jane)).filter((line) => line.kind === 'chargeback');
    expect(chargebacks).toEqual([expect.objectContaining({ amount: -10, status: 'payable' })]);
    expect(chargebacks[0].payout_id).toBeUndefined();
    expect(await lineageTypes('commission', sale.commission_id, org.headers.admin)).toEqual(['commission.accrued', 'commission.adjusted', 'commission.payout_status_changed']);
    const statement = (await org.post('admin', '/commission/statement', { associate_id: jane, ...november })).body.data.statement;
    expect(statement.lines.map((line: { kind: string; settlement: string }) => [line.kind, line.settlement])).toEqual([['commission', 'paid'], ['chargeback', 'payable']]);
  });

  it('a cancelled order whose split commission was paid in part charges back the paid share and voids the other', async () => {
    await cacheFlatRule(org.orgcode);
    const sale = await placed();
    const accrued = (await org.post('admin', '/commission/get', { commission_id: sale.commission_id })).body.data.commission;
    const split = await org.post('admin', '/commission/split/set', {
      commission_id: sale.commission_id,
      expected_revision: accrued.revision,
      allocations: [{ associate_id: jane, share_bps: 6000 }, { associate_id: 'assoc_ben', share_bps: 4000 }],
    });
    expect(split.status).toBe(200);
    await [ 'approved', 'paid' ].reduce(async (payout, status) => (await move(await payout, status)).body.data.payout, Promise.resolve((await create()).body.data.payout));
    expect(await cancel(sale.order_id)).toEqual({ outcome: 'charged_back', commission_id: sale.commission_id });
    const commission = (await org.post('admin', '/commission/get', { commission_id: sale.commission_id })).body.data.commission;
    expect(commission.status).toBe('paid');
    expect((await storedLines(org.orgcode, jane)).filter((line) => line.status === 'payable').map((line) => [line.kind, line.amount])).toEqual(
      expect.arrayContaining([['commission', 6], ['chargeback', -6]]),
    );
    expect((await storedLines(org.orgcode, 'assoc_ben')).map((line) => [line.kind, line.amount, line.status])).toEqual([['commission', 4, 'voided']]);
  });

  it('announces every status change through the outbox, ids and status only', async () => {
    const seen: BusEvent[] = [];
    const unsubscribe = stack.api.bus.subscribe((event) => {
      if (event.source === 'accounting' && (event.detail as { orgcode?: string }).orgcode === org.orgcode) seen.push(event);
    });
    try {
      await cacheFlatRule(org.orgcode);
      await placed();
      const payout = (await create()).body.data.payout;
      await move(payout, 'approved');
      // The publisher reads the outbox through its index, whose replicas may show the later entry first or not yet
      // (EventBridge keeps no order either): a consumer orders one payout's changes by revision.
      await untilListed(async () => {
        await runScheduled('outbox-publisher');
        const byRevision = [...seen].sort((a, b) => (a.detail as any).revision - (b.detail as any).revision);
        expect(byRevision.map((event) => [event['detail-type'], (event.detail as any).status, (event.detail as any).revision])).toEqual([
          ['commission.payout.status_changed', 'pending', 1],
          ['commission.payout.status_changed', 'approved', 2],
        ]);
      });
      expect(Object.keys(seen[0]!.detail as object).sort()).toEqual(['occurred_at', 'orgcode', 'payout_id', 'revision', 'status']);
    } finally {
      unsubscribe();
    }
  });
});

describe('/commission/payout/get and /commission/payout/list', () => {
  it("reads a payout, lists an associate's and the organisation's, and hides them from another organisation", async () => {
    await cacheFlatRule(org.orgcode);
    await placed();
    const payout = (await create()).body.data.payout;
    expect((await org.post('admin', '/commission/payout/get', { payout_id: payout.payout_id })).body.data.payout).toEqual(payout);
    const byAssociate = await org.post('admin', '/commission/payout/list', { associate_id: jane });
    expect(byAssociate.body.data.payouts.map((p: any) => p.payout_id)).toEqual([payout.payout_id]);
    expect((await org.post('admin', '/commission/payout/list', { status: 'paid' })).body.data.payouts).toEqual([]);
    expect((await org.post('admin', '/commission/payout/list', { status: 'pending', currency: 'USD' })).body.data.payouts).toHaveLength(1);
    const stranger = await createOrg('OTHER', { admin: { roles: ['commission_admin', 'acct_view'] } });
    expect((await stranger.post('admin', '/commission/payout/get', { payout_id: payout.payout_id })).status).toBe(404);
    expect((await stranger.post('admin', '/commission/payout/list', {})).body.data.payouts).toEqual([]);
  });

  it('lists a payout written a moment ago, read by another caller at once (consistent read of the table)', async () => {
    await cacheFlatRule(org.orgcode);
    const sale = await placed();
    const pending = (await create()).body.data.payout;
    const listed = async (filter: Record<string, unknown>) =>
      (await org.listAll('reader', '/commission/payout/list', { ...filter, limit: 50 }, 'payouts')).map((payout: any) => [payout.payout_id, payout.status, payout.revision]);

    // Each list's first read by another caller holds the payout answered 200, and each move where it was listed, as it is.
    expect(await listed({ associate_id: jane })).toEqual([[pending.payout_id, 'pending', 1]]);
    expect(await listed({})).toEqual([[pending.payout_id, 'pending', 1]]);
    const approved = (await move(pending, 'approved')).body.data.payout;
    expect(await listed({ status: 'approved' })).toEqual([[pending.payout_id, 'approved', 2]]);
    expect(await listed({ associate_id: jane, status: 'pending' })).toEqual([]);
    expect((await move(approved, 'paid')).status).toBe(200);
    expect(await listed({ associate_id: jane, status: 'paid' })).toEqual([[pending.payout_id, 'paid', 3]]);
    // The call marked the payout's commission paid before it answered: its lists hold it paid too.
    const commissions = await org.listAll('reader', '/commission/list', { associate_id: jane, status: 'paid', limit: 50 }, 'commissions');
    expect(commissions.map((commission: any) => [commission.commission_id, commission.status])).toEqual([[sale.commission_id, 'paid']]);
  });
});

describe('an assembly that stops halfway', () => {
  it('frees the lines it claimed once the sweep finds its lease run out (crash injected with a client middleware)', async () => {
    const now = new Date();
    const today = { from_utc: new Date(now.getTime() - 3_600_000).toISOString(), to_utc: new Date(now.getTime() + 3_600_000).toISOString() };
    for (let batch = 0; batch < 15; batch += 1) {
      const responses = await Promise.all(Array.from({ length: 10 }, () => asClient(() => adjust({ kind: 'bonus', amount: 1 }))));
      expect(failedAnswers(responses)).toEqual([]);
    }
    // DynamoDB Local cannot crash a process between two calls: fail every write of this assembly once its first claim
    // transaction has committed (an attempt the partition throttled and the client sent again is still the first).
    // What runs beside it in this process (the meter aggregator, the organisation's rate lease) is not its.
    let claimsCommitted = 0;
    const name = 'crash-after-first-claim';
    const besideTheAssembly = /USAGE_METER|METER_CHUNK|METERED_|USAGE_LATE|ORG_RATE/;
    const writes = ['TransactWriteItemsCommand', 'DeleteItemCommand', 'UpdateItemCommand', 'PutItemCommand'];
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const command = String(context.commandName);
        if (besideTheAssembly.test(JSON.stringify(args.input))) return next(args);
        if (claimsCommitted > 0 && writes.includes(command)) throw new Error('process stopped');
        const result = await next(args);
        if (command === 'TransactWriteItemsCommand') claimsCommitted += 1;
        return result;
      },
      { step: 'initialize', name },
    );
    let crashed;
    const crashStarted = Date.now();
    try {
      crashed = await logMessagesOf(() => create(today));
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    expect(crashed.value.status).toBe(500);
    // The release of what it claimed fails too, and is left for the sweep; the call's 500 is logged with its cause.
    expect(crashed.messages).toEqual(['payout desk work left for the sweep', undefined]);
    const claimed = (await storedLines(org.orgcode, jane)).filter((line) => line.payout_id !== undefined);
    expect(claimed).toHaveLength(99);
    expect((await create(today)).body.error).toMatchObject({ error_code: 'accounting.payout_in_progress', retryable: true });
    // The desk's lease ends with the stopped call's invocation (its function's timeout), not minutes later: a retry then takes it over.
    const desk = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.payoutDesk(org.orgcode, jane, 'USD'), ConsistentRead: true }));
    expect(Date.parse(desk.Item!.lease_until)).toBeLessThanOrEqual(crashStarted + routeTimeoutSeconds(commissionPayoutCreateRoute) * 1000);
    // Three minutes on, the lease has run out: the sweep (what its Lambda runs, given that instant) frees the desk and the lines.
    // Its queue is an index, which lists the stalled desk once it follows the write: the sweep runs again until it does.
    await untilListed(async () => {
      await sweepPayoutDesks(new Date(Date.now() + 3 * 60_000));
      expect((await storedLines(org.orgcode, jane)).filter((line) => line.payout_id !== undefined)).toHaveLength(0);
    });
    const retried = await create(today);
    expect(retried.status).toBe(200);
    expect(retried.body.data.payout.line_count).toBe(150);
  });
});
