import type { FinancialRollupRun } from '../../shared/rollups/financial-rollup';
import type { UsageRollupRun } from '../../shared/rollups/usage-rollup';
import { associateOrder, cacheFlatRule } from '../support/commissions';
import { pollUntil } from '../support/exports';
import { eventRequest } from '../support/fixtures/events';
import { exportFinished, exportRequest } from '../support/fixtures/exports';
import { storageUsageRequest } from '../support/fixtures/storage-usage';
import { freshId, useOrg, useStack } from '../support/harness';
import { invokeOperator } from '../support/local-api';
import { watchingSends } from '../support/sent-commands';
import { wholeDay } from '../support/usage-days';

/**
 * docs/decisions.md, "Acknowledged writes are listed": every list and report
 * answer includes every write answered 200 before it, whoever asks, with no
 * polling. AWS documents that a strongly consistent read "returns a result that
 * reflects all writes that received a successful response prior to that read",
 * while reads of a global secondary index (and eventually consistent reads of
 * the table) are served by any replica and may miss a recent write. So every
 * list reads its list partition on the table with ConsistentRead.
 *
 * The file runs the AWS-like mode with 3 replicas of each index and of the
 * table's eventually consistent reads, each applying a write after its own lag
 * of up to 1.5 s (half the changed items shown as they were), and each such
 * read served by one replica drawn at random: a list that reads anything but a
 * ConsistentRead of the table misses a write asked for at once. Each scenario
 * runs several rounds, fresh ids each, so that a lagging replica is met.
 */
useStack({ awsLike: { indexLagMs: 1_500, indexReplicas: 3, indexStaleImageRate: 0.5 } });
const org = useOrg('ACKD', {
  writer: { actor: 'fiona', owner: true, roles: ['ar_admin', 'commission_admin', 'acct_export_admin'] },
  reader: { actor: 'auditor', roles: ['finance_audit'] },
});
const rounds = 5;
const context = () => ({ orgcode: org.orgcode, actor: 'fiona', context_source: 'api_key' as const });
const november = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' };

/** A call as `as`, which must be answered 200 (anything else fails with the answer); its answer's data. */
async function answered(as: 'writer' | 'reader', path: string, body: Record<string, unknown>): Promise<any> {
  const answer = await org.post(as, path, body);
  if (answer.status !== 200) throw new Error(`${as} ${path} answered ${answer.status}: ${answer.text}`);
  return answer.body.data;
}
/** A write the writer is answered 200 for; its answer's data. */
const write = (path: string, body: Record<string, unknown>) => answered('writer', path, body);
/** One read by the reader, asked once, at once; its answer's data. */
const read = (path: string, body: Record<string, unknown>) => answered('reader', path, body);
/** The `idField` of each item under `key` the reader is answered. */
const idsListed = async (path: string, body: Record<string, unknown>, key: string, idField: string): Promise<string[]> =>
  (await read(path, body))[key].map((item: Record<string, string>) => item[idField]);

/** Runs `scenario` `rounds` times, one after another: each round's reads are as likely to meet a lagging replica. */
async function eachRound(scenario: (round: number) => Promise<void>): Promise<void> {
  for (let round = 1; round <= rounds; round += 1) await scenario(round);
}

describe('a write answered 200 is in the next list or report, asked at once by another caller', () => {
  it('lists each recorded event on /event/list (window, and by event_type), /lineage/list and /reconcile/report', async () => {
    const day = { from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z', limit: 256 };
    await eachRound(async (round) => {
      const orderRef = { kind: 'order', id: freshId('ord') };
      const at = `2026-11-20T1${round}:00:00Z`;
      const order = (await write('/event/record', eventRequest(org.orgcode, { source_refs: [orderRef], occurred_at: at }))).event;
      const tender = (await write('/event/record', eventRequest(org.orgcode, { event_type: 'tender.captured', source_refs: [orderRef], occurred_at: at }))).event;

      expect(await idsListed('/event/list', day, 'events', 'event_id')).toEqual(expect.arrayContaining([order.event_id, tender.event_id]));
      const tenders = await idsListed('/event/list', { ...day, event_types: ['tender.captured'] }, 'events', 'event_id');
      expect(tenders).toContain(tender.event_id);
      expect(tenders).not.toContain(order.event_id);
      expect((await idsListed('/lineage/list', { source_ref: orderRef, limit: 50 }, 'lineage', 'event_id')).sort()).toEqual([order.event_id, tender.event_id].sort());
      expect((await read('/reconcile/report', day)).report.by_type).toEqual({ 'order.placed': round, 'tender.captured': round });
    });
  }, 180_000);

  it('lists an invoice under open, then paid (no longer open) with its payment, on every receivables list and report', async () => {
    const owed = (rows: Array<{ customer_id: string; balance_due?: number; total?: number }>, customerId: string) =>
      rows.filter((row) => row.customer_id === customerId).reduce((sum, row) => sum + (row.balance_due ?? row.total ?? 0), 0);
    const receivables = async (customerId: string) => ({
      ofCustomer: (status: string) => idsListed('/invoice/list', { customer_id: customerId, status, limit: 256 }, 'invoices', 'invoice_id'),
      ofOrg: (status: string) => idsListed('/invoice/list', { status, limit: 256 }, 'invoices', 'invoice_id'),
      balance: owed((await read('/ar/balance', { customer_id: customerId })).balances, customerId),
      aging: owed((await read('/ar/aging/report', { as_of: '2026-11-30', customer_id: customerId })).report.customers, customerId),
      statement: (await read('/ar/statement', { customer_id: customerId, ...november, limit: 256 })).statement.lines.map((line: any) => line.kind),
    });
    await eachRound(async () => {
      const customerId = freshId('cust');
      const set = { order_id: freshId('ord'), customer_id: customerId, currency: 'USD', lines: [{ sku: 'A', quantity: 1, unit_amount: 40 }] };
      const { invoice } = await write('/invoice/set', { ...set, payment_terms: { type: 'net', net_days: 30 }, issued_at: '2026-11-10T10:00:00Z' });
      const open = await receivables(customerId);
      expect(await open.ofCustomer('open')).toEqual([invoice.invoice_id]);
      expect(await open.ofOrg('open')).toContain(invoice.invoice_id);
      expect([open.balance, open.aging, open.statement]).toEqual([40, 40, ['invoice']]);

      const { payment } = await write('/invoice/payment/apply', {
        invoice_id: invoice.invoice_id, expected_revision: invoice.revision, amount: { currency: 'USD', amount: 40 }, method: 'bank_transfer', received_at: '2026-11-12T10:00:00Z',
      });
      const paid = await receivables(customerId);
      expect(await paid.ofCustomer('open')).toEqual([]);
      expect(await paid.ofOrg('open')).not.toContain(invoice.invoice_id);
      expect(await paid.ofCustomer('paid')).toEqual([invoice.invoice_id]);
      expect(await paid.ofOrg('paid')).toContain(invoice.invoice_id);
      expect([paid.balance, paid.aging, paid.statement]).toEqual([0, 0, ['invoice', 'payment']]);
      expect(await idsListed('/invoice/payment/list', { invoice_id: invoice.invoice_id }, 'payments', 'payment_id')).toEqual([payment.payment_id]);
      expect(await idsListed('/invoice/payment/list', { customer_id: customerId }, 'payments', 'payment_id')).toEqual([payment.payment_id]);
    });
  }, 180_000);

  it('lists a bonus on /commission/statement, its payout pending, then approved (no longer pending)', async () => {
    const now = Date.now();
    const period = { from_utc: new Date(now - 3_600_000).toISOString(), to_utc: new Date(now + 3_600_000).toISOString() };
    const statementLine = async (associateId: string, lineId: string) =>
      (await read('/commission/statement', { associate_id: associateId, ...period })).statement.lines.find((line: any) => line.line_id === lineId);
    const payoutIds = (body: Record<string, unknown>) => idsListed('/commission/payout/list', { limit: 256, ...body }, 'payouts', 'payout_id');
    await eachRound(async () => {
      const associateId = freshId('assoc');
      const { adjustment } = await write('/commission/adjust', { associate_id: associateId, kind: 'bonus', amount: 5, currency: 'USD', reason: 'contest' });
      expect(await statementLine(associateId, adjustment.adjustment_id)).toMatchObject({ kind: 'bonus', amount: 5, settlement: 'payable' });

      const { payout } = await write('/commission/payout/create', { associate_id: associateId, currency: 'USD', ...period });
      expect(await payoutIds({ associate_id: associateId })).toEqual([payout.payout_id]);
      expect(await payoutIds({ status: 'pending' })).toContain(payout.payout_id);
      expect(await statementLine(associateId, adjustment.adjustment_id)).toMatchObject({ payout_id: payout.payout_id, settlement: 'in_payout' });

      await write('/commission/payout/status/set', { payout_id: payout.payout_id, status: 'approved', expected_revision: payout.revision });
      expect(await payoutIds({ status: 'pending' })).not.toContain(payout.payout_id);
      expect(await payoutIds({ status: 'approved' })).toContain(payout.payout_id);
      expect(await payoutIds({ associate_id: associateId, status: 'approved' })).toEqual([payout.payout_id]);
    });
  }, 180_000);

  it('lists a comment on its target, its author and the organisation, counted in /comment/report; archived, under archived only', async () => {
    const comments = (body: Record<string, unknown>) => idsListed('/comment/list', { limit: 100, ...body }, 'comments', 'comment_id');
    await eachRound(async (round) => {
      const target = { target_type: 'event', target_id: (await write('/event/record', eventRequest(org.orgcode))).event.event_id };
      const { comment } = await write('/comment', { ...target, body: `checked against the till #round${round}` });
      for (const scope of [target, { org_wide: true }, { user_guid: 'fiona' }, { org_wide: true, hashtag: `round${round}` }]) {
        expect(await comments(scope)).toContain(comment.comment_id);
      }
      expect((await read('/comment/report', target)).report).toMatchObject({ comment_count: 1, by_status: { current: 1, archived: 0 } });

      await write('/comment/status', { comment_id: comment.comment_id, ...target, status: 'archived', expected_revision: comment.current_revision });
      expect(await comments(target)).toEqual([]);
      expect(await comments({ org_wide: true })).not.toContain(comment.comment_id);
      expect(await comments({ ...target, status: 'archived' })).toEqual([comment.comment_id]);
      expect((await read('/comment/report', target)).report).toMatchObject({ by_status: { current: 0, archived: 1 } });
      expect((await read('/comment/report', { org_wide: true })).report).toMatchObject({ comment_count: round, by_status: { current: 0, archived: round } });
    });
  }, 180_000);

  it("lists an inbox item to its addressee (by name, and its team) at once; marked read, it leaves the unread list", async () => {
    const inbox = (state: string) => idsListed('/inbox/list', { state, limit: 256 }, 'items', 'item_id');
    await eachRound(async () => {
      const mine = (await write('/inbox/create', { user_guid: 'auditor', kind: 'task.review', title: 'Check the close' })).item;
      const team = (await write('/inbox/create', { team: 'finance_audit', kind: 'task.review', title: 'Check the tax lines' })).item;
      expect(await inbox('unread')).toEqual(expect.arrayContaining([mine.item_id, team.item_id]));

      // Only its addressee marks an item read: the reader, with its own credential.
      await read('/inbox/state', { item_ids: [mine.item_id], state: 'read' });
      expect(await inbox('unread')).not.toContain(mine.item_id);
      expect(await inbox('read')).toContain(mine.item_id);
    });
  }, 180_000);

  it('lists an export schedule under active, and once suspended under suspended only', async () => {
    const schedules = (status: string) => idsListed('/export/schedule/list', { status, limit: 256 }, 'schedules', 'schedule_id');
    await eachRound(async () => {
      const { schedule } = await write('/export/schedule/create', {
        cadence: { type: 'interval', interval_minutes: 60, timezone: 'UTC' }, reason: 'nightly ERP feed', source_refs: [], request_context: context(),
      });
      expect(await schedules('active')).toContain(schedule.schedule_id);
      await write('/export/schedule/status/set', {
        schedule_id: schedule.schedule_id, status: 'suspended', expected_revision: schedule.revision, reason: 'ERP down', source_refs: [], request_context: context(),
      });
      expect(await schedules('active')).not.toContain(schedule.schedule_id);
      expect(await schedules('suspended')).toContain(schedule.schedule_id);
    });
  }, 180_000);

  it('lists each export at once; once it reads ready, under ready with every batch; a batch marked sent, under sent only', async () => {
    /** The statuses the export is listed under, asked in the order it moves through them (so a move between two asks cannot hide it). */
    const listedUnder = async (exportId: string) => {
      const under = [];
      for (const status of ['pending', 'running', 'ready', 'failed']) {
        if ((await idsListed('/export/list', { status, limit: 256 }, 'exports', 'export_id')).includes(exportId)) under.push(status);
      }
      return under;
    };
    const batches = (body: Record<string, unknown>) => idsListed('/export/batch/list', { limit: 256, ...body }, 'batches', 'batch_id');
    await write('/event/record', eventRequest(org.orgcode));
    const exportIds: string[] = [];
    await eachRound(async () => {
      exportIds.push((await write('/export/create', exportRequest(org.orgcode))).export_id);
      expect(await listedUnder(exportIds.at(-1)!)).not.toEqual([]);
    });
    // The worker builds them at once; /export/get is a consistent read.
    const built = await Promise.all(exportIds.map((id) => pollUntil('/export/get', { export_id: id }, org.headers.reader, 'export', exportFinished, 90_000)));
    for (const exported of built) {
      expect([exported.status, exported.batch_count > 0]).toEqual(['ready', true]);
      const listed = (await read('/export/batch/list', { export_id: exported.export_id, limit: 256 })).batches;
      expect(listed).toHaveLength(exported.batch_count);
      expect(await listedUnder(exported.export_id)).toEqual(['ready']);

      const [batch] = listed;
      await write('/export/batch/status/set', { batch_id: batch.batch_id, status: 'sent', expected_revision: batch.revision, reason: 'imported', source_refs: [], request_context: context() });
      expect(await batches({ export_id: exported.export_id })).not.toContain(batch.batch_id);
      expect(await batches({ export_id: exported.export_id, status: 'sent' })).toContain(batch.batch_id);
      expect(await batches({ status: 'sent' })).toContain(batch.batch_id);
    }
  }, 240_000);
});

describe('a write the service makes on its own is listed once its delivery or invocation returned', () => {
  it("lists an order.placed's invoice, commission and ledger event, written by the consumers", async () => {
    await cacheFlatRule(org.orgcode);
    await eachRound(async () => {
      const [orderId, associateId, customerId] = [freshId('ord'), freshId('assoc'), freshId('cust')];
      const order = { ...associateOrder(org.orgcode, orderId, '2026-11-10T10:00:00Z', associateId), customer_id: customerId, payment_terms: { type: 'net', net_days: 30 } };
      const outcomes = await org.deliver('retail.orders', 'order.placed', order);
      const result = Object.fromEntries(outcomes.map((outcome: any) => [outcome.consumer, outcome.result]));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);

      expect(await idsListed('/invoice/list', { customer_id: customerId }, 'invoices', 'invoice_id')).toEqual([result['order-placed'].invoice_id]);
      expect(await idsListed('/commission/list', { associate_id: associateId }, 'commissions', 'commission_id')).toEqual([result['order-placed-commission'].commission_id]);
      expect(await idsListed('/commission/list', { order_id: orderId }, 'commissions', 'commission_id')).toEqual([result['order-placed-commission'].commission_id]);
      const statement = (await read('/commission/statement', { associate_id: associateId, ...november })).statement;
      expect(statement.lines.map((line: any) => line.commission_id)).toEqual([result['order-placed-commission'].commission_id]);
      expect(await idsListed('/lineage/list', { source_ref: { kind: 'order', id: orderId } }, 'lineage', 'event_id')).toContain(result['order-placed-ledger'].event_id);
    });
  }, 180_000);

  it("lists storage usage at once, and an operator's usage rollup run over it once the invocation returned", async () => {
    const dt = '2024-08-21';
    await eachRound(async (round) => {
      const { usage } = await write('/storage/usage/record', storageUsageRequest(org.orgcode, { resource_ref: `orgs/${freshId('ref')}/`, window: wholeDay(dt) }, { request_context: context() }));
      expect(await idsListed('/storage/usage/list', { ...wholeDay(dt), limit: 256 }, 'usages', 'usage_id')).toContain(usage.usage_id);

      const run = await invokeOperator<UsageRollupRun>('usage-rollup-admin', { action: 'run', dt, orgcode: org.orgcode });
      const rollups = (await read('/usage/rollup/list', { from_dt: dt, to_dt: dt, limit: 256 })).rollups;
      expect(rollups.map((record: any) => [record.run_id, record.revision])).toEqual(Array(run.days[0]!.records).fill([run.run_id, round]));
      expect(rollups.find((record: any) => record.scope === 'org').source_stats.records).toBe(round);
    });
  }, 180_000);

  it("lists an operator's financial rollup run once the invocation returned", async () => {
    const dt = '2024-08-21';
    await eachRound(async (round) => {
      await write('/event/record', eventRequest(org.orgcode, { occurred_at: `${dt}T1${round}:00:00Z`, channel_code: `till_${round}`, request_context: context() }));

      const run = await invokeOperator<FinancialRollupRun>('financial-rollup-admin', { action: 'run', dt, orgcode: org.orgcode });
      const rollups = (await read('/rollup/financial/list', { from_dt: dt, to_dt: dt, limit: 256 })).rollups;
      expect(rollups.map((record: any) => [record.run_id, record.revision])).toEqual(Array(run.days[0]!.records).fill([run.run_id, round]));
      const channels = rollups.filter((record: any) => record.dimension === 'sales').map((record: any) => record.dimension_value);
      expect(channels.sort()).toEqual(Array.from({ length: round }, (_, index) => `till_${index + 1}`));
    });
  }, 180_000);
});

describe('what a list costs', () => {
  /** Each list, and the partitions its page reads: one, but the inbox's, which merges the caller's own and its one team's. */
  const lists: Array<[string, Record<string, unknown>, number]> = [
    ['/event/list', { from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z' }, 1],
    ['/lineage/list', { source_ref: { kind: 'order', id: 'ord_1' } }, 1],
    ['/invoice/list', { customer_id: 'cust_1', status: 'open' }, 1],
    ['/invoice/payment/list', { customer_id: 'cust_1' }, 1],
    ['/commission/list', { associate_id: 'assoc_1', status: 'accrued' }, 1],
    ['/commission/payout/list', { associate_id: 'assoc_1', status: 'pending' }, 1],
    ['/export/list', { status: 'ready' }, 1],
    ['/export/batch/list', { status: 'sent' }, 1],
    ['/export/schedule/list', { status: 'active' }, 1],
    ['/comment/list', { org_wide: true }, 1],
    ['/storage/usage/list', {}, 1],
    ['/usage/rollup/list', { from_dt: '2024-08-21', to_dt: '2024-08-21' }, 1],
    ['/rollup/financial/list', { from_dt: '2024-08-21', to_dt: '2024-08-21', dimension: 'sales' }, 1],
    ['/inbox/list', { state: 'unread' }, 2],
  ];

  it.each(lists)('%s reads a page with one ConsistentRead Query of the table per partition and reads nothing back', async (path, body, partitions) => {
    const sent: Array<{ command: string; input: Record<string, unknown> }> = [];
    await watchingSends(
      (command, input) => void sent.push({ command, input: JSON.parse(input) }),
      () => read(path, body),
    );
    const queries = sent.filter(({ command }) => command === 'QueryCommand').map(({ input }) => ({ ConsistentRead: input.ConsistentRead, IndexName: input.IndexName }));
    expect(queries).toEqual(Array(partitions).fill({ ConsistentRead: true, IndexName: undefined }));
    expect(sent.map(({ command }) => command)).not.toContain('BatchGetItemCommand');
  });
});
