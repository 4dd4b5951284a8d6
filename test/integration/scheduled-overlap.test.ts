import { sweepPayoutDesks } from '../../shared/commissions/payout-desk';
import type { BusEvent } from '../../shared/local/event-bus-api';
import { answeredTogether, failFirstSends } from '../support/client-faults';
import { associateOrder, cacheFlatRule, placeSale, storedLines } from '../support/commissions';
import { oneLineInvoiceRequest } from '../support/fixtures/receivables';
import { freshId, useOrg, useStack } from '../support/harness';
import { logMessagesOf } from '../support/expected-logs';
import { runScheduled } from '../support/local-api';

/**
 * On AWS a schedule fires every minute whether or not its last run ended
 * (EventBridge Scheduler, "at-least-once" and no overlap control), so two runs
 * of the outbox publisher or of the payout sweeper read the same due entries.
 * DynamoDB Local answers each run in turn; the overlap is made by holding each
 * run's read of its queue until the other run has read it too (a client
 * middleware, mocked timing). What "twice" means: an outbox entry put on the
 * bus by both runs; a piece of desk work started by both.
 */

const stack = useStack();
const org = useOrg('OVERLAP', {
  ar: { roles: ['ar_admin', 'acct_view'] },
  admin: { roles: ['commission_admin', 'acct_view'] },
});

describe('two overlapping runs of a scheduled function (overlap made with a client middleware)', () => {
  it('the outbox publisher puts each waiting event on the bus once when two runs read the same entries', async () => {
    const invoiceIds: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const request = oneLineInvoiceRequest({ order_id: freshId('ord'), customer_id: 'cust_overlap', amount: 10, issued_at: '2026-11-01T10:00:00Z', net_days: 30 });
      invoiceIds.push((await org.post('ar', '/invoice/set', request)).body.data.invoice.invoice_id);
    }
    const seen: BusEvent[] = [];
    const unsubscribe = stack.api.bus.subscribe((event) => {
      if (event.source === 'accounting' && (event.detail as { orgcode?: string }).orgcode === org.orgcode) seen.push(event);
    });
    const reads = answeredTogether('QueryCommand', 'SYSTEM#OUTBOX');
    try {
      // Other files' events wait in the same outbox: pairs of runs until both find it empty.
      for (let pair = 0; pair < 20; pair += 1) {
        const runs = await Promise.all([runScheduled<{ published: number }>('outbox-publisher'), runScheduled<{ published: number }>('outbox-publisher')]);
        if (runs.every((run) => run.published === 0)) break;
      }
    } finally {
      unsubscribe();
    }

    expect(reads.held).toBeGreaterThanOrEqual(2);
    const issued = seen.filter((event) => event['detail-type'] === 'invoice.issued').map((event) => (event.detail as { invoice_id: string }).invoice_id);
    expect(issued.sort()).toEqual([...invoiceIds].sort());
  });

  it('the payout sweeper starts a payout\'s release once when two runs find it due', async () => {
    await cacheFlatRule(org.orgcode);
    for (const placedAt of ['2026-11-10T10:00:00Z', '2026-11-11T10:00:00Z']) {
      await placeSale(associateOrder(org.orgcode, freshId('ord'), placedAt, 'assoc_kim', [{ sku: 'CHAIR', quantity: 1, unit_amount: 200 }]));
    }
    const created = await org.post('admin', '/commission/payout/create', {
      associate_id: 'assoc_kim',
      currency: 'USD',
      from_utc: '2026-11-01T00:00:00Z',
      to_utc: '2026-12-01T00:00:00Z',
    });
    const payout = created.body.data.payout;
    expect(payout.line_count).toBe(2);
    // The cancelling call stops before it frees the lines: its release is left for the sweep.
    failFirstSends('UpdateItemCommand', payout.payout_id, 2, () => new Error('process stopped'));
    const { value: cancelled, messages } = await logMessagesOf(() =>
      org.post('admin', '/commission/payout/status/set', { payout_id: payout.payout_id, status: 'cancelled', expected_revision: 1 }),
    );
    expect(cancelled.status).toBe(200);
    expect(messages).toEqual(['payout desk work left for the sweep']);
    expect((await storedLines(org.orgcode, 'assoc_kim')).filter((line) => line.payout_id === payout.payout_id)).toHaveLength(2);

    const releasesStarted = failFirstSends('QueryCommand', payout.payout_id, 0, () => new Error('never'));
    answeredTogether('QueryCommand', 'SYSTEM#PAYOUT_WORK');
    const dueAt = new Date(Date.now() + 3 * 60_000);
    await Promise.all([sweepPayoutDesks(dueAt), sweepPayoutDesks(dueAt)]);

    expect(releasesStarted.sent).toBe(1);
    expect((await storedLines(org.orgcode, 'assoc_kim')).filter((line) => line.payout_id !== undefined)).toHaveLength(0);
  });
});
