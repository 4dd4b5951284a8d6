import type { FinancialRollupRun } from '../../shared/rollups/financial-rollup';
import { beforeFirstSend } from '../support/client-faults';
import { oneLineInvoiceRequest, paymentRequest } from '../support/fixtures/receivables';
import { freshId, useOrg, useStack } from '../support/harness';
import { asClient, invokeOperator } from '../support/local-api';

/**
 * The financial rollup's ar_aging is what was owed at the end of its day,
 * even when what is owed changes while it runs (issue 29, section 5): under
 * the AWS-like mode, whose index shows a change only after a lag (the rollup
 * reads none: the aggregates and the changes by day are partitions of the
 * table, read consistently). The moment a payment commits is set by a client
 * middleware that runs it just before one of the rollup's reads (mocked timing).
 */

const indexLagMs = 3_000;
useStack({ awsLike: { indexLagMs } });
const org = useOrg('AGC', { ar: { roles: ['ar_admin', 'acct_view'] } });

const day = '2026-11-20';

/** 1,061.39 issued on 2026-11-02, due 2026-11-12: 8 days past due on the day. */
async function issueOwedOnTheDay() {
  const issued = await asClient(() =>
    org.post('ar', '/invoice/set', oneLineInvoiceRequest({ order_id: freshId('ord'), customer_id: 'cust_acme', amount: 1061.39, issued_at: '2026-11-02T10:00:00Z', net_days: 10 })),
  );
  expect(issued.status).toBe(200);
  return issued.body.data.invoice;
}

async function payLater(invoice: { invoice_id: string; currency: string; revision: number }) {
  const paid = await asClient(() => org.post('ar', '/invoice/payment/apply', paymentRequest(invoice, 300, '2026-11-28T09:00:00Z')));
  expect(paid.status).toBe(200);
}

async function rolledUpAging() {
  await invokeOperator<FinancialRollupRun>('financial-rollup-admin', { action: 'run', dt: day, orgcode: org.orgcode });
  const records = await org.listAll('ar', '/rollup/financial/list', { from_dt: day, to_dt: day, dimension: 'ar_aging' }, 'rollups');
  return records.map(({ dimension_value, metrics }) => ({ dimension_value, metrics }));
}

const owedOnTheDay = [{ dimension_value: '1-30', metrics: [{ currency: 'USD', count: 1, amount: 1061.39, tax_amount: 0 }] }];

describe('ar_aging of the daily financial rollup while what is owed changes (payment timed with a client middleware, mocked)', () => {
  it('takes back a payment after the day that commits just before the run reads what is owed (mocked)', async () => {
    const invoice = await issueOwedOnTheDay();
    const payment = beforeFirstSend('QueryCommand', `${org.orgcode}#RECEIVABLES`, () => payLater(invoice));

    const aging = await rolledUpAging();

    expect(payment.ran).toBe(true);
    expect(aging).toEqual(owedOnTheDay);
  });

  it('does not take back a payment that commits after the run read what is owed and before it reads the later changes (mocked)', async () => {
    const invoice = await issueOwedOnTheDay();
    // Commits after the aggregates were read and before the later changes are: its change is read, and not taken back from an aggregate that never held it.
    const payment = beforeFirstSend('QueryCommand', `${org.orgcode}#ACTIVE_DAYS`, () => payLater(invoice));

    const aging = await rolledUpAging();

    expect(payment.ran).toBe(true);
    expect(aging).toEqual(owedOnTheDay);
  });
});
