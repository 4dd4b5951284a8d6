import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { addDays, dayBefore } from '../../shared/domain/rollups/rollup-days';
import type { FinancialRollupRun } from '../../shared/rollups/financial-rollup';
import { oneLineInvoiceRequest, paymentRequest } from '../support/fixtures/receivables';
import { freshId, useOrg, useStack } from '../support/harness';
import { invokeOperator } from '../support/local-api';

/**
 * Aging as of a past day is what was owed that day (docs/decisions.md:
 * Accounts receivable): the invoices issued on or before it, less the
 * payments received on or before it, in the status they had then; through
 * /ar/aging/report with a past `as_of` and through the financial rollup of
 * that day, re-run by its operator.
 */

useStack();
const org = useOrg('AGE', { ar: { roles: ['ar_admin', 'acct_view'] } });

async function issue(customerId: string, amount: number, issuedAt: string, netDays = 30) {
  const response = await org.post('ar', '/invoice/set', oneLineInvoiceRequest({ order_id: freshId('ord'), customer_id: customerId, amount, issued_at: issuedAt, net_days: netDays }));
  expect(response.status).toBe(200);
  return response.body.data.invoice;
}

async function pay(invoice: { invoice_id: string; currency: string; revision: number }, amount: number, receivedAt: string) {
  const response = await org.post('ar', '/invoice/payment/apply', paymentRequest(invoice, amount, receivedAt));
  expect(response.status).toBe(200);
  return response.body.data.invoice;
}

const zeroBuckets = { current: 0, '1-30': 0, '31-60': 0, '61-90': 0, '91-120': 0, '120+': 0 };

/** The whole report as of the day, in one page. */
async function agingAsOf(asOf: string) {
  const response = await org.post('ar', '/ar/aging/report', { as_of: asOf, limit: 1000 });
  expect(response.status).toBe(200);
  expect(response.body.data.report.complete).toBe(true);
  return response.body.data.report;
}

/** Re-runs the financial rollup of `dt` for this organisation. */
async function rollUp(dt: string) {
  await invokeOperator<FinancialRollupRun>('financial-rollup-admin', { action: 'run', dt, orgcode: org.orgcode });
}

/** The day's ar_aging rollup records: the operator wrote each with its list copies, in one transaction, before it answered. */
async function rolledUpAging(dt: string) {
  const records = await org.listAll('ar', '/rollup/financial/list', { from_dt: dt, to_dt: dt, dimension: 'ar_aging' }, 'rollups');
  return records.map(({ dimension_value, metrics }) => ({ dimension_value, metrics }));
}

describe('aging as of a past day', () => {
  it('adds back a payment received after the day: 1,061.39 owed on 2026-11-20, paid 300 on 2026-11-28', async () => {
    const invoice = await issue('cust_acme', 1061.39, '2026-11-02T10:00:00Z', 10);
    await pay(invoice, 300, '2026-11-28T09:00:00Z');

    const report = await agingAsOf('2026-11-20');
    await rollUp('2026-11-20');

    const owedThen = { currency: 'USD', buckets: { ...zeroBuckets, '1-30': 1061.39 }, total: 1061.39, open_invoices: 1 };
    expect(report.customers).toEqual([{ customer_id: 'cust_acme', ...owedThen }]);
    expect(report.totals).toEqual([owedThen]);
    expect(await rolledUpAging('2026-11-20')).toEqual([{ dimension_value: '1-30', metrics: [{ currency: 'USD', count: 1, amount: 1061.39, tax_amount: 0 }] }]);
    expect((await agingAsOf('2026-11-30')).totals).toEqual([{ ...owedThen, buckets: { ...zeroBuckets, '1-30': 761.39 }, total: 761.39 }]);
  });

  it('leaves out an invoice issued after the day: 100 issued 2026-03-01, paid 40 on 2026-05-01, 7 more issued 2026-06-01, is 100 owed on 2026-04-15', async () => {
    const invoice = await issue('cust_acme', 100, '2026-03-01T09:00:00Z');
    await pay(invoice, 40, '2026-05-01T09:00:00Z');
    await issue('cust_acme', 7, '2026-06-01T09:00:00Z');

    const report = await agingAsOf('2026-04-15');
    await rollUp('2026-04-15');

    const owedThen = { currency: 'USD', buckets: { ...zeroBuckets, '1-30': 100 }, total: 100, open_invoices: 1 };
    expect(report.totals).toEqual([owedThen]);
    expect(await rolledUpAging('2026-04-15')).toEqual([{ dimension_value: '1-30', metrics: [{ currency: 'USD', count: 1, amount: 100, tax_amount: 0 }] }]);
  });

  it('counts an invoice written off or voided after the day as owed that day, and not after', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = dayBefore(new Date());
    const written = await issue('cust_written', 50, `${addDays(today, -10)}T09:00:00Z`, 0);
    const voided = await issue('cust_voided', 20, `${addDays(today, -10)}T09:00:00Z`, 0);
    for (const [invoice, status] of [[written, 'written_off'], [voided, 'void']] as const) {
      const moved = await org.post('ar', '/invoice/status/set', { invoice_id: invoice.invoice_id, status, expected_revision: invoice.revision });
      expect(moved.status).toBe(200);
    }

    const owedThen = { currency: 'USD', buckets: { ...zeroBuckets, '1-30': 70 }, total: 70, open_invoices: 2 };
    expect((await agingAsOf(yesterday)).totals).toEqual([owedThen]);
    await rollUp(yesterday);
    expect(await rolledUpAging(yesterday)).toEqual([{ dimension_value: '1-30', metrics: [{ currency: 'USD', count: 2, amount: 70, tax_amount: 0 }] }]);
    expect((await agingAsOf(today)).totals).toEqual([]);
  });

  it('lists a customer paid off since the day, page by page in customer order with totals equal to one page, and alone or by currency', async () => {
    const day = '2026-10-31';
    await issue('cust_a', 10, '2026-10-01T09:00:00Z');
    const paidOff = await issue('cust_b', 20, '2026-10-02T09:00:00Z');
    await pay(paidOff, 20, '2026-11-05T09:00:00Z');
    await issue('cust_c', 30, '2026-10-03T09:00:00Z');
    await issue('cust_d', 40, '2026-11-03T09:00:00Z');
    const whole = await agingAsOf(day);

    const pages = (await org.listPages('ar', '/ar/aging/report', { as_of: day, limit: 1 })).map((data) => data.report);
    const ofCustomer = await org.post('ar', '/ar/aging/report', { as_of: day, customer_id: 'cust_b' });
    const inEuro = await org.post('ar', '/ar/aging/report', { as_of: day, currency: 'EUR' });

    expect(whole.customers.map((row: { customer_id: string; total: number }) => [row.customer_id, row.total])).toEqual([
      ['cust_a', 10],
      ['cust_b', 20],
      ['cust_c', 30],
    ]);
    expect(pages.flatMap((page) => page.customers)).toEqual(whole.customers);
    expect(pages.every((page) => page.customers.length <= 1)).toBe(true);
    expect(pages.at(-1)).toMatchObject({ totals: whole.totals, complete: true });
    expect(ofCustomer.body.data.report.customers).toEqual([whole.customers[1]]);
    expect(inEuro.body.data.report).toMatchObject({ customers: [], totals: [] });
  });
});

/** Every item of a partition, in key order. */
async function partition(pk: string): Promise<Array<Record<string, any>>> {
  const { Items } = await dynamo().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }));
  return Items ?? [];
}

/**
 * Makes the customer's statement entries and the org's day markers what
 * entries recorded before aging of a past day read them are: no aging fields,
 * no copies in their days' changes, and (older still) no ledger marker of
 * their days.
 */
async function unlist(orgcode: string, customerId: string): Promise<void> {
  for (const entry of await partition(keys.statementEntries(orgcode, customerId))) {
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: { pk: entry.pk, sk: entry.sk }, UpdateExpression: 'REMOVE due_day, open_invoices_delta' }));
  }
  for (const marker of await partition(keys.activeDays(orgcode))) {
    for (const copy of await partition(keys.receivableChangesOn(orgcode, marker.day))) {
      if (copy.customer_id === customerId) await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: copy.pk, sk: copy.sk } }));
    }
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: marker.pk, sk: marker.sk } }));
  }
}

describe('statement entries recorded before aging of a past day read them', () => {
  const listChanges = () => invokeOperator('financial-rollup-admin', { action: 'index-receivable-changes', orgcode: org.orgcode });

  it('are listed in their days\' changes by the financial rollup operator exactly as they are written now, after which the past day is right at once; a second run writes nothing', async () => {
    const invoice = await issue('cust_early', 100, '2026-03-01T09:00:00Z');
    await pay(invoice, 40, '2026-05-01T09:00:00Z');
    await pay({ ...invoice, revision: 2 }, 60, '2026-05-02T09:00:00Z');
    await issue('cust_early', 7, '2026-06-01T09:00:00Z');
    const written = await partition(keys.statementEntries(org.orgcode, 'cust_early'));
    const changesOn = (day: string) => partition(keys.receivableChangesOn(org.orgcode, day));
    const copies = await changesOn('2026-05-01');
    await unlist(org.orgcode, 'cust_early');
    const unlisted = await agingAsOf('2026-04-15');

    const first = await listChanges();
    const second = await listChanges();

    expect(unlisted.totals).toEqual([{ currency: 'USD', buckets: { ...zeroBuckets, current: 7 }, total: 7, open_invoices: 1 }]);
    expect(first).toEqual({ customers: 1, entries: 4, indexed: 4, marked_days: 4 });
    expect(second).toEqual({ customers: 1, entries: 4, indexed: 0, marked_days: 0 });
    expect(await partition(keys.statementEntries(org.orgcode, 'cust_early'))).toEqual(written);
    expect(await changesOn('2026-05-01')).toEqual(copies);
    // The copies were written with the fields, in one transaction: aging reads them consistently, at once.
    expect((await agingAsOf('2026-04-15')).totals).toEqual([{ currency: 'USD', buckets: { ...zeroBuckets, '1-30': 100 }, total: 100, open_invoices: 1 }]);
    expect((await agingAsOf('2026-05-01')).totals).toEqual([{ currency: 'USD', buckets: { ...zeroBuckets, '31-60': 60 }, total: 60, open_invoices: 1 }]);
  });
});
