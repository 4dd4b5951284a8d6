import { eventRequest } from '../support/fixtures/events';
import { linesLoggedBy } from '../support/expected-logs';
import { exportRequest, exportFinished } from '../support/fixtures/exports';
import { storageUsageRequest } from '../support/fixtures/storage-usage';
import { pollUntil } from '../support/exports';
import { freshId, useOrg, useStack } from '../support/harness';
import { watchingSends } from '../support/sent-commands';

/**
 * Every write a caller was answered 200 for is in the next list or report,
 * asked at once, with no polling (issue 30; docs/decisions.md: Acknowledged
 * writes are listed), under the AWS-like mode: its secondary indexes leave out
 * an item for 1.5 s after each write and, half the time, show a changed item
 * as it was (where it was) until then.
 */
const indexLagMs = 1_500;
const stack = useStack({ awsLike: { indexLagMs, indexStaleImageRate: 0.5 } });
const org = useOrg('ACKD', { owner: { actor: 'fiona', owner: true, roles: ['finance_audit'] } });

const post = (path: string, body: Record<string, unknown>) => org.post('owner', path, body);

describe('a list asked right after the write it was answered for', () => {
  it('lists a recorded event on /event/list, /lineage/list and /reconcile/report', async () => {
    const orderId = freshId('ord');
    const recorded = await post('/event/record', eventRequest(org.orgcode, { source_refs: [{ kind: 'order', id: orderId }], occurred_at: '2026-11-20T11:00:00Z' }));
    expect(recorded.status).toBe(200);
    const event = recorded.body.data.event;

    const listed = await post('/event/list', { from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z', limit: 256 });
    const lineage = await post('/lineage/list', { source_ref: { kind: 'order', id: orderId } });
    const report = await post('/reconcile/report', { from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z' });

    expect(listed.body.data.events.map((listedEvent: { event_id: string }) => listedEvent.event_id)).toContain(event.event_id);
    expect(lineage.body.data.lineage.map((listed: { event_id: string }) => listed.event_id)).toEqual([event.event_id]);
    expect(JSON.stringify(report.body.data)).toContain('order.placed');
  });

  it('lists an invoice under its new status at once, and no longer under the old one', async () => {
    const customerId = freshId('cust');
    const set = await post('/invoice/set', {
      order_id: freshId('ord'),
      customer_id: customerId,
      currency: 'USD',
      lines: [{ sku: 'A', quantity: 1, unit_amount: 40 }],
      payment_terms: { type: 'net', net_days: 30 },
    });
    expect(set.status).toBe(200);
    const invoice = set.body.data.invoice;
    const open = await post('/invoice/list', { customer_id: customerId, status: 'open' });
    expect(open.body.data.invoices.map((listed: { invoice_id: string }) => listed.invoice_id)).toEqual([invoice.invoice_id]);

    const paid = await post('/invoice/payment/apply', {
      invoice_id: invoice.invoice_id,
      expected_revision: invoice.revision,
      amount: { currency: 'USD', amount: 40 },
      method: 'bank_transfer',
      received_at: new Date().toISOString(),
    });
    expect(paid.status).toBe(200);

    const stillOpen = await post('/invoice/list', { customer_id: customerId, status: 'open' });
    const nowPaid = await post('/invoice/list', { customer_id: customerId, status: 'paid' });
    const payments = await post('/invoice/payment/list', { invoice_id: invoice.invoice_id });
    const balance = await post('/ar/balance', { customer_id: customerId });
    expect(stillOpen.body.data.invoices).toEqual([]);
    expect(nowPaid.body.data.invoices).toMatchObject([{ invoice_id: invoice.invoice_id, status: 'paid', balance_due: 0 }]);
    expect(payments.body.data.payments).toHaveLength(1);
    expect(JSON.stringify(balance.body.data)).not.toContain('40');
  });

  it('lists a comment and a storage usage record at once', async () => {
    const eventId = (await post('/event/record', eventRequest(org.orgcode))).body.data.event.event_id;
    const comment = await post('/comment', { target_type: 'event', target_id: eventId, body: 'checked against the till' });
    const usage = await post('/storage/usage/record', storageUsageRequest(org.orgcode, { resource_ref: `orgs/${freshId('ref')}/` }));
    expect([comment.status, usage.status]).toEqual([200, 200]);

    const comments = await post('/comment/list', { target_type: 'event', target_id: eventId });
    const usages = await post('/storage/usage/list', { limit: 256 });
    expect(comments.body.data.comments.map((listed: { comment_id: string }) => listed.comment_id)).toEqual([comment.body.data.comment.comment_id]);
    expect(usages.body.data.usages.map((listed: { usage_id: string }) => listed.usage_id)).toContain(usage.body.data.usage.usage_id);
  });

  it('has every batch of an export listable once the export reads ready', async () => {
    const day = '2026-11-18';
    for (let hour = 10; hour < 13; hour += 1) {
      expect((await post('/event/record', eventRequest(org.orgcode, { occurred_at: `${day}T${hour}:00:00Z` }))).status).toBe(200);
    }
    const created = await post('/export/create', exportRequest(org.orgcode, { from_utc: `${day}T00:00:00Z`, to_utc: `${day}T23:59:59Z` }));
    expect(created.status).toBe(200);
    const exportId = created.body.data.export.export_id;

    const built = await pollUntil('/export/get', { export_id: exportId }, org.headers.owner, 'export', exportFinished, 60_000);
    const batches = await post('/export/batch/list', { export_id: exportId, limit: 256 });

    expect(built.status).toBe('ready');
    expect(batches.body.data.batches).toHaveLength(built.batch_count);
    expect(built.batch_count).toBeGreaterThan(0);
  });

  it('costs a list nothing more: it reads its page with one Query and reads nothing back', async () => {
    await post('/event/record', eventRequest(org.orgcode));
    const sent: string[] = [];
    await watchingSends(
      (command) => void sent.push(command),
      () => post('/event/list', { from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z' }),
    );
    expect(sent.filter((command) => command === 'QueryCommand')).toHaveLength(1);
    expect(sent).not.toContain('BatchGetItemCommand');
  });
});

describe('an index that lags past the call', () => {
  /**
   * Runs `act` with the mode's index lag at `lagMs` (past the 8 s a route's call may wait: its 10 s less 2), and
   * asserts that what it logged is the one error line of the call that answered 503.
   */
  async function lagging<T>(lagMs: number, act: () => Promise<T>): Promise<T> {
    const options = stack.awsLike.options as { indexLagMs: number };
    const lag = options.indexLagMs;
    options.indexLagMs = lagMs;
    try {
      const { value, lines } = await linesLoggedBy(act);
      expect(lines.map((line) => JSON.parse(line) as { route: string; error: string })).toEqual([
        expect.objectContaining({ route: '/event/record', error: expect.stringContaining('DeadlineExceededError') }),
      ]);
      return value;
    } finally {
      options.indexLagMs = lag;
    }
  }

  it('answers 503 deadline_exceeded, retryable: the event stands, unconfirmed', async () => {
    const eventId = freshId('evt_slow');
    const recorded = await lagging(30_000, () => post('/event/record', eventRequest(org.orgcode, { event_id: eventId })));
    expect(recorded.status).toBe(503);
    expect(recorded.body.error).toMatchObject({ error_code: 'accounting.deadline_exceeded', retryable: true });
    expect((await post('/event/get', { event_id: eventId })).status).toBe(200);
  }, 60_000);

  it('answers the retry with the same idempotency key only once the first call\'s event is listed', async () => {
    const eventId = freshId('evt_retried');
    const request = eventRequest(org.orgcode, { event_id: eventId, idempotency_key: freshId('key'), occurred_at: '2026-11-19T08:00:00Z' });
    const { first, retry, listed } = await lagging(10_000, async () => {
      const first = await post('/event/record', request);
      const retry = await post('/event/record', request);
      const listed = await post('/event/list', { from_utc: '2026-11-19T00:00:00Z', to_utc: '2026-11-20T00:00:00Z', limit: 256 });
      return { first, retry, listed };
    });
    expect(first.status).toBe(503);
    expect(retry.body.error).toBeUndefined();
    expect(retry.body.data.event.event_id).toBe(eventId);
    expect(listed.body.data.events.map((event: { event_id: string }) => event.event_id)).toContain(eventId);
  }, 60_000);
});
