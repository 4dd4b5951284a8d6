import { failFirstSends, transactionInFlight } from '../support/client-faults';
import { oneLineInvoiceRequest, paymentRequest } from '../support/fixtures/receivables';
import { freshId, useOrg, useStack } from '../support/harness';

/**
 * "A write that already committed never answers as a failure" (issue 24,
 * item 3). What a call does after its change committed is best effort: on AWS
 * it can meet a transaction in flight or throttling past every retry, which
 * DynamoDB Local never does, so the fault is injected with a middleware on the
 * document client (mocked).
 */

useStack();
const org = useOrg('PCF', { ar: { roles: ['ar_admin', 'acct_view'] } });

describe('post-commit steps (faults injected with a client middleware)', () => {
  it('answers a payment that settled its due day 200 when the receivable prune after it always meets a transaction in flight (mocked)', async () => {
    const issued = await org.post(
      'ar',
      '/invoice/set',
      oneLineInvoiceRequest({ order_id: freshId('ord'), customer_id: 'cust_prune', amount: 40, issued_at: '2026-11-01T10:00:00Z', net_days: 30 }),
    );
    const invoice = issued.body.data.invoice;
    const prune = failFirstSends('UpdateItemCommand', '#RECEIVABLES', 1000, transactionInFlight);

    const paid = await org.post('ar', '/invoice/payment/apply', paymentRequest(invoice, 40, '2026-11-05T10:00:00Z'));

    expect(prune.sent).toBeGreaterThan(0);
    expect(paid.status).toBe(200);
    expect(paid.body.data.invoice).toMatchObject({ status: 'paid', balance_due: 0, revision: 2 });
    const got = await org.post('ar', '/invoice/get', { invoice_id: invoice.invoice_id });
    expect(got.body.data.invoice).toMatchObject({ status: 'paid', amount_paid: 40, revision: 2 });
  });
});
