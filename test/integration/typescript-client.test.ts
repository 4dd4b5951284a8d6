import { type AccountingClientOptions, AccountingError, type Transport, createAccountingClient } from '../../clients/typescript/src';
import { associateOrder, cacheFlatRule, placeSale } from '../support/commissions';
import { useOrg, useStack } from '../support/harness';
import { invokeOperator } from '../support/local-api';

/**
 * The TypeScript client (clients/typescript) against the local stack, every
 * route family called through the client alone; what the platform's events
 * and operators do (a commission rule, a sale, a rollup run) is seeded
 * beside it, as those services would.
 */

const stack = useStack();
const org = useOrg('TSC', {
  alice: { roles: ['acct_view', 'acct_export_admin', 'ar_admin'] },
  bob: { kind: 'session', roles: ['finance_audit'] },
});

type Caller = 'alice' | 'bob';

function clientOf(caller: Caller, options: Partial<AccountingClientOptions> = {}) {
  const { secret, kind, actor } = org.credentials[caller];
  return createAccountingClient({
    baseUrl: stack.api.baseUrl,
    orgcode: org.orgcode,
    actor,
    credential: kind === 'session' ? { session: secret } : { apiKey: secret },
    ...options,
  });
}

/** Every item an async iterable gives, in order. */
async function all<Item>(items: AsyncIterable<Item>): Promise<Item[]> {
  const seen: Item[] = [];
  for await (const item of items) seen.push(item);
  return seen;
}

const sale = (orderId: string, occurredAt = '2026-11-20T10:00:00Z') => ({
  event_type: 'order.placed',
  occurred_at: occurredAt,
  amount: { currency: 'USD', amount: 10 },
  reason: 'order placed',
  source_refs: [{ kind: 'order', id: orderId }],
});

/**
 * A transport fault: the first call reaches the service, which commits it, and
 * its answer is lost on the way back, as API Gateway's bare 503 past 30 s. Every
 * request body sent is kept.
 */
function firstAnswerLost() {
  const bodies: string[] = [];
  const transport: Transport = async (url, init) => {
    bodies.push(init.body);
    const answer = await fetch(url, init);
    return bodies.length === 1 ? new Response('{"message":"Service Unavailable"}', { status: 503 }) : answer;
  };
  return { transport, bodies };
}

describe('the TypeScript client', () => {
  it('events: records with request_context and an idempotency key filled in, reads, lists every page, traces and reconciles', async () => {
    const client = clientOf('alice');

    const recorded = await Promise.all(['ord_1', 'ord_2', 'ord_3', 'ord_4', 'ord_5'].map((orderId) => client.event.record(sale(orderId))));
    const read = await client.event.get({ event_id: recorded[0]!.event.event_id });
    const listed = await all(client.event.list({ limit: 2 }));
    const pages = await all(client.pages('/accounting/event/list', { limit: 2 }));
    const lineage = await all(client.lineage.list({ source_ref: { kind: 'order', id: 'ord_3' } }));
    const report = await client.reconcile.report({ from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' });

    expect(read.event).toMatchObject({ event_id: recorded[0]!.event.event_id, request_context: { orgcode: org.orgcode, actor: 'alice', context_source: 'api_key' } });
    expect(listed.map((event) => event.event_id).sort()).toEqual(recorded.map(({ event }) => event.event_id).sort());
    expect(pages.map((page) => page.events.length)).toEqual([2, 2, 1]);
    expect(lineage.map((link) => link.event_id)).toContain(recorded[2]!.event.event_id);
    expect(report.report).toBeDefined();
  });

  it('sends a call again after its answer was lost (fault injected at the transport) with the same idempotency key, and it acts once', async () => {
    const { transport, bodies } = firstAnswerLost();
    const client = clientOf('alice', { fetch: transport, retry: { baseDelayMs: 10 } });

    const recorded = await client.event.record(sale('ord_lost'));
    const events = await all(clientOf('alice').event.list({}));

    expect(bodies).toHaveLength(2);
    expect(JSON.parse(bodies[1]!)).toEqual(JSON.parse(bodies[0]!));
    expect(JSON.parse(bodies[0]!).idempotency_key).toEqual(expect.any(String));
    expect(events.map((event) => event.event_id)).toEqual([recorded.event.event_id]);
  });

  it('gives two calls with the same body two idempotency keys: two logical calls act twice', async () => {
    const client = clientOf('alice');

    const [first, second] = [await client.event.record(sale('ord_twice')), await client.event.record(sale('ord_twice'))];

    expect(first.event.event_id).not.toBe(second.event.event_id);
  });

  it('waits as Retry-After asks after a 429 (fault injected at the transport), and retries nothing else', async () => {
    let calls = 0;
    const throttledOnce: Transport = async (url, init) => {
      calls += 1;
      return calls === 1 ? new Response('{"message":"Too Many Requests"}', { status: 429, headers: { 'retry-after': '1' } }) : fetch(url, init);
    };
    const startedAt = Date.now();
    await clientOf('alice', { fetch: throttledOnce }).call('/accounting/event/list', {});
    const waited = Date.now() - startedAt;

    let missingCalls = 0;
    const counting: Transport = async (url, init) => {
      missingCalls += 1;
      return fetch(url, init);
    };
    const missing = await clientOf('alice', { fetch: counting })
      .event.get({ event_id: 'evt_missing' })
      .catch((error: unknown) => error);

    expect({ calls, waitedAtLeastASecond: waited >= 950 }).toEqual({ calls: 2, waitedAtLeastASecond: true });
    expect(missing).toBeInstanceOf(AccountingError);
    expect(missing).toMatchObject({ error_code: 'accounting.not_found', tag: 'not-found', http_status: 404, retryable: false, request_id: expect.any(String) });
    expect(missingCalls).toBe(1);
  });

  it('receivables: an invoice, its payment, aging, balance and statement', async () => {
    const client = clientOf('alice');

    const { invoice } = await client.invoice.set({
      order_id: 'ord_ts_1',
      customer_id: 'cust_ts',
      currency: 'USD',
      lines: [{ sku: 'SKU-1', description: 'One line', quantity: 1, unit_amount: 500 }],
      payment_terms: { type: 'net', net_days: 30 },
      issued_at: '2026-11-20T10:00:00Z',
    });
    const paid = await client.invoice.payment.apply({
      invoice_id: invoice.invoice_id,
      expected_revision: invoice.revision,
      amount: { currency: 'USD', amount: 200 },
      method: 'bank_transfer',
      received_at: '2026-11-21T09:00:00Z',
    });
    const payments = await all(client.invoice.payment.list({ invoice_id: invoice.invoice_id }));
    const invoices = await all(client.invoice.list({ customer_id: 'cust_ts' }));
    const aging = await client.ar.aging.report({ as_of: '2026-12-31' });
    const balance = await client.ar.balance({ customer_id: 'cust_ts' });
    const statement = await client.ar.statement({ customer_id: 'cust_ts', from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' });
    const read = await client.invoice.get({ invoice_id: invoice.invoice_id });
    const voided = await client.invoice.status.set({ invoice_id: invoice.invoice_id, status: 'written_off', expected_revision: read.invoice.revision, reason: 'insolvent' });

    expect(paid.invoice).toMatchObject({ status: 'partially_paid', balance_due: 300 });
    expect(payments.map((payment) => payment.payment_id)).toEqual([paid.payment.payment_id]);
    expect(invoices.map((listed) => listed.invoice_id)).toEqual([invoice.invoice_id]);
    expect(aging.report.totals).toEqual([expect.objectContaining({ currency: 'USD', total: 300 })]);
    expect(balance.balances).toEqual([expect.objectContaining({ customer_id: 'cust_ts' })]);
    expect(statement.statement.lines.map((line) => line.kind)).toEqual(['invoice', 'payment']);
    expect(voided.invoice.status).toBe('written_off');
  });

  it('commissions: the sale earned by the rule, split, adjusted, stated and paid out', async () => {
    const client = clientOf('alice');
    await cacheFlatRule(org.orgcode);
    await placeSale(associateOrder(org.orgcode, 'ord_ts_sale', '2026-11-20T10:00:00Z', 'assoc_ts'));

    // The commission is the consumer's write, answered to no caller: listed from the moment the consumer wrote it.
    const [commission] = await all(client.commission.list({ associate_id: 'assoc_ts' }));
    expect(commission).toBeDefined();
    const read = await client.commission.get({ commission_id: commission!.commission_id });
    const split = await client.commission.split.set({
      commission_id: commission!.commission_id,
      expected_revision: read.commission.revision,
      allocations: [
        { associate_id: 'assoc_ts', share_bps: 6000 },
        { associate_id: 'assoc_other', share_bps: 4000 },
      ],
    });
    const bonus = await client.commission.adjust({ associate_id: 'assoc_ts', kind: 'bonus', amount: 50, currency: 'USD', reason: 'target met' });
    const statement = await client.commission.statement({ associate_id: 'assoc_ts', from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' });
    const { payout } = await client.commission.payout.create({ associate_id: 'assoc_ts', currency: 'USD', from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' });
    const approved = await client.commission.payout.status.set({ payout_id: payout.payout_id, status: 'approved', expected_revision: payout.revision });
    const listed = await all(client.commission.payout.list({ associate_id: 'assoc_ts', status: 'approved' }));
    const readPayout = await client.commission.payout.get({ payout_id: payout.payout_id });

    expect(split.commission.splits?.map((share) => share.associate_id)).toEqual(['assoc_ts', 'assoc_other']);
    expect(bonus.adjustment).toMatchObject({ kind: 'bonus', amount: 50 });
    expect(statement.statement.totals).toEqual([expect.objectContaining({ currency: 'USD' })]);
    expect(approved.payout.status).toBe('approved');
    expect(listed.map((listedPayout) => listedPayout.payout_id)).toEqual([payout.payout_id]);
    expect(readPayout.payout.revision).toBe(2);
  });

  it('exports: one awaited until ready and its batches read, a batch sent, a schedule made and suspended', async () => {
    const client = clientOf('alice');
    await client.event.record(sale('ord_export'));

    const created = await client.export.create({ from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z', reason: 'ledger for the ERP', source_refs: [{ kind: 'erp_request', id: 'r1' }] });
    const { export: built, batches } = await client.waitForExport(created.export_id, { timeoutMs: 60_000, pollMs: 200 });
    const batch = await client.export.batch.get({ batch_id: batches[0]!.batch_id });
    const sent = await client.export.batch.status.set({ batch_id: batch.batch.batch_id, status: 'sent', expected_revision: batch.batch.revision, reason: 'delivered', source_refs: [{ kind: 'erp_import', id: 'i1' }] });
    const exportsListed = await all(client.export.list({ status: 'ready' }));
    const { schedule } = await client.export.schedule.create({
      cadence: { type: 'cron', cron: '0 2 * * *', timezone: 'Europe/Berlin' },
      reason: 'nightly ledger',
      source_refs: [{ kind: 'erp_contract', id: 'c1' }],
    });
    const suspended = await client.export.schedule.status.set({ schedule_id: schedule.schedule_id, status: 'suspended', expected_revision: schedule.revision, reason: 'maintenance', source_refs: [{ kind: 'change', id: 'cr1' }] });
    const schedules = await all(client.export.schedule.list({ status: 'suspended' }));
    const readSchedule = await client.export.schedule.get({ schedule_id: schedule.schedule_id });

    expect(built).toMatchObject({ export_id: created.export_id, status: 'ready', batch_count: 1 });
    expect(batches).toEqual([expect.objectContaining({ export_id: created.export_id, status: 'ready' })]);
    expect(sent.batch.status).toBe('sent');
    expect(exportsListed.map((listed) => listed.export_id)).toEqual([created.export_id]);
    expect(suspended.schedule.status).toBe('suspended');
    expect(schedules.map((listed) => listed.schedule_id)).toEqual([schedule.schedule_id]);
    expect(readSchedule.schedule.revision).toBe(2);
  });

  it('comments and the inbox: a mention reaches a session user, who answers and reads everything', async () => {
    const alice = clientOf('alice');
    const bob = clientOf('bob');
    const { event } = await alice.event.record(sale('ord_discussed'));
    const target = { target_type: 'event' as const, target_id: event.event_id };

    const { comment } = await alice.comment.add({ ...target, body: 'Is this right @bob? #check' });
    const mentions = await all(bob.inbox.list({ state: 'unread' }));
    const reply = await bob.comment.add({ ...target, parent_comment_id: comment.comment_id, body: 'Yes' });
    const marked = await bob.inbox.state({ all: true, state: 'read' });
    const thread = await all(alice.comment.list(target));
    const revised = await alice.comment.revise({ ...target, comment_id: comment.comment_id, expected_revision: 1, body: 'Is this right? #check #done' });
    const firstText = await alice.comment.get({ ...target, comment_id: comment.comment_id, revision: 1 });
    const archived = await alice.comment.status({ ...target, comment_id: comment.comment_id, status: 'archived', expected_revision: 2 });
    const report = await alice.comment.report({ org_wide: true });
    const { item } = await alice.inbox.create({ team: 'finance_audit', kind: 'task.review', title: 'Review it' });
    const teamItem = await bob.inbox.get({ item_id: item.item_id });
    const archivedItem = await bob.inbox.status({ item_id: item.item_id, status: 'archived', expected_revision: 1 });

    expect(mentions).toEqual([expect.objectContaining({ kind: 'comment.mention', user_guid: 'bob' })]);
    expect(reply.comment.author_guid).toBe('bob');
    expect(marked.marked).toBe(1);
    expect(thread.map((listed) => listed.comment_id).sort()).toEqual([comment.comment_id, reply.comment.comment_id].sort());
    expect(revised.comment.hashtags).toEqual(['check', 'done']);
    expect(firstText.comment.body).toBe('Is this right @bob? #check');
    expect(archived.comment.status).toBe('archived');
    expect(report.report.comment_count).toBe(2);
    expect(teamItem.item.team).toBe('finance_audit');
    expect(archivedItem.item.status).toBe('archived');
  });

  it('storage usage and rollups: a measurement recorded, listed and reconciled; the day rolled up and read', async () => {
    const client = clientOf('alice');
    const day = '2026-11-20';
    const window = { from_utc: `${day}T00:00:00Z`, to_utc: '2026-11-21T00:00:00Z' };
    await client.event.record({ ...sale('ord_rolled'), occurred_at: `${day}T10:00:00Z` });

    const { usage } = await client.storage.usage.record({
      usage: { resource_type: 'object_store', resource_ref: `orgs/${org.orgcode}/exports/`, service: 'accounting', bytes: 2048, window },
      reason: 'daily measurement',
      source_refs: [{ kind: 'storage_meter', id: 'm1' }],
    });
    const read = await client.storage.usage.get({ usage_id: usage.usage_id });
    const listed = await all(client.storage.usage.list(window));
    const reconciled = await client.storage.usage.reconcile({ ...window, dry_run: true });
    await invokeOperator('financial-rollup-admin', { action: 'run', dt: day, orgcode: org.orgcode });
    await invokeOperator('usage-rollup-admin', { action: 'run', dt: day, orgcode: org.orgcode });
    const sales = await client.rollup.financial.get({ dt: day, dimension: 'sales', dimension_value: '(none)' });
    const usageRollup = await client.usage.rollup.get({ dt: day, service: 'accounting' });

    expect(read.usage).toMatchObject({ usage_id: usage.usage_id, bytes: 2048 });
    expect(listed.map((listedUsage) => listedUsage.usage_id)).toEqual([usage.usage_id]);
    expect(reconciled.reconcile.orgcode).toBe(org.orgcode);
    expect(sales.rollup.metrics).toEqual([expect.objectContaining({ currency: 'USD', count: 1, amount: 10 })]);
    expect(usageRollup.rollup.source_stats).toMatchObject({ bytes: 2048 });
    // The rollups are the operators' writes: listed once the operators returned.
    const financial = await all(client.rollup.financial.list({ from_dt: day, to_dt: day, dimension: 'sales' }));
    const usageRollups = await all(client.usage.rollup.list({ from_dt: day, to_dt: day, service: 'accounting', scope: 'org' }));
    expect(financial.map((rollup) => rollup.dimension_value)).toEqual(['(none)']);
    expect(usageRollups.map((rollup) => rollup.dt)).toEqual([day]);
  });
});
