import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import { claimRevision, findFinancialRollup, removeRecordsBefore, saveRecord } from '../../shared/db/rollups/financial-rollup-repository';
import { financialRollupId } from '../../shared/domain/rollups/financial-rollup';
import { dayWindow } from '../../shared/domain/rollups/rollup-days';
import { localApiClientConfig } from '../../shared/local/environment';
import type { FinancialRollupRun } from '../../shared/rollups/financial-rollup';
import { type Figure, type PublishedLedger, emptyLedger, expectedFigures, publish } from '../support/financial-days';
import { type TestOrg, createOrg, useOrg, useStack } from '../support/harness';
import { invokeOperator, post, runScheduled } from '../support/local-api';
import { refusedInvocation } from '../support/expected-logs';

/**
 * The daily financial rollup (docs/decisions.md: Financial rollups) end to
 * end: orders, tenders and cancellations published on the local bus and
 * recorded by the ledger's consumers, the rollup run by its operator function
 * (the admin CLI's path) or by its schedule's function, and the records read
 * back through /rollup/financial/get and /rollup/financial/list. Every
 * expected figure is summed by the test from what it published.
 */

const stack = useStack();

/** A past day no other test file records events on, so a run over every active org sees only this file's. */
const day = '2024-05-14';
const at = (time: string, onDay = day) => `${onDay}T${time}Z`;

const rollUp = (payload: Record<string, unknown>) => invokeOperator<FinancialRollupRun>('financial-rollup-admin', { action: 'run', ...payload });

/** Every record the list answers `of`'s reader (or another of its callers), page by page. */
const listAll = <Name extends string>(of: TestOrg<Name | 'reader'>, body: Record<string, unknown>, as: Name | 'reader' = 'reader') =>
  of.listAll(as, '/rollup/financial/list', body, 'rollups');

/**
 * The scheduled rollup runs hours after its day has ended, finding the day's
 * active organisations on gsi3, long caught up with the markers the consumers
 * put. Run at once after publishing, it waits as long as the index lag of the
 * AWS-like mode, when on. (What it sums, the ledger and the receivables, it
 * reads consistently from the table: a run for one organisation needs no wait.)
 */
const untilActiveOrgsIndexed = () => new Promise((resolve) => setTimeout(resolve, stack.api.awsLike?.options.indexLagMs ?? 0));

const figures = (records: any[]): Figure[] =>
  records.map(({ dimension, dimension_value, metrics }) => ({ dimension, dimension_value, metrics }));

/**
 * One organisation's day: orders on channels and in jurisdictions (one on
 * terms, one by an associate, one with neither channel nor jurisdiction, one
 * taxed by a state and a city, in two currencies), one on the day's last
 * millisecond and one on the next day's first; tenders by method; the
 * cancellation of the previous day's order and of one never placed; and
 * invoices due 45 and 10 days before the day, one partly paid.
 */
async function publishDay(orgcode: string): Promise<PublishedLedger> {
  const ledger = emptyLedger();
  await publish(orgcode, ledger, {
    orders: [
      { order_id: 'ord_web_ca', placed_at: at('09:00:00'), currency: 'USD', total: 10750, tax: 750, channel_code: 'web_store', tax_jurisdiction_code: 'US-CA', payment_terms: { type: 'net', net_days: 30 } },
      { order_id: 'ord_web_ny', placed_at: at('10:00:00'), currency: 'USD', total: 5420, tax: 420, channel_code: 'web_store', tax_jurisdiction_code: 'US-NY', associate_id: 'assoc_1' },
      { order_id: 'ord_pos', placed_at: at('11:00:00'), currency: 'USD', total: 2000, tax: 160, channel_code: 'pos', tax_jurisdiction_code: 'US-CA' },
      { order_id: 'ord_plain', placed_at: at('12:00:00'), currency: 'EUR', total: 3000, tax: 0 },
      { order_id: 'ord_kiosk', placed_at: at('13:00:00'), currency: 'USD', total: 1234, tax: 99, channel_code: 'kiosk', tax_jurisdiction_code: 'US-CA' },
      { order_id: 'ord_austin', placed_at: at('14:00:00'), currency: 'USD', total: 1070, tax: 70, channel_code: 'pos', tax_jurisdiction_code: 'US-TX', tax_components: [{ jurisdiction_code: 'US-TX', tax: 50 }, { jurisdiction_code: 'US-TX-AUS', tax: 20 }] },
      { order_id: 'ord_last_ms', placed_at: at('23:59:59.999'), currency: 'USD', total: 101, tax: 1, channel_code: 'pos', tax_jurisdiction_code: 'US-CA' },
      { order_id: 'ord_next_day', placed_at: at('00:00:00', '2024-05-15'), currency: 'USD', total: 9999, tax: 99, channel_code: 'pos' },
      { order_id: 'ord_yesterday', placed_at: at('15:00:00', '2024-05-13'), currency: 'USD', total: 4000, tax: 300, channel_code: 'web_store', tax_jurisdiction_code: 'US-CA' },
      { order_id: 'ord_overdue', placed_at: at('10:00:00', '2024-03-15'), currency: 'USD', total: 20000, tax: 0, payment_terms: { type: 'net', net_days: 15 } },
      { order_id: 'ord_recent', placed_at: at('10:00:00', '2024-05-04'), currency: 'USD', total: 8000, tax: 0, payment_terms: { type: 'due_on_receipt' } },
    ],
    tenders: [
      { tender_id: 'tnd_1', order_id: 'ord_web_ca', currency: 'USD', amount: 10000, method: 'card', captured_at: at('09:05:00') },
      { tender_id: 'tnd_2', order_id: 'ord_pos', currency: 'USD', amount: 2000, method: 'cash', captured_at: at('11:01:00') },
      { tender_id: 'tnd_3', order_id: 'ord_plain', currency: 'EUR', amount: 3000, method: 'card', captured_at: at('12:01:00') },
      { tender_id: 'tnd_4', order_id: 'ord_web_ny', currency: 'USD', amount: 1000, method: 'gift_card', captured_at: at('10:01:00') },
      { tender_id: 'tnd_5', order_id: 'ord_overdue', currency: 'USD', amount: 5000, method: 'bank_transfer', captured_at: at('08:00:00', '2024-05-13') },
    ],
    cancellations: [
      { order_id: 'ord_yesterday', cancelled_at: at('16:00:00') },
      { order_id: 'ord_never_placed', cancelled_at: at('17:00:00') },
    ],
  });
  return ledger;
}

describe('a day of one organisation', () => {
  const org = useOrg('FRL', { reader: { roles: ['acct_view'] }, auditor: { roles: ['finance_audit'] } });
  let ledger: PublishedLedger;

  beforeEach(async () => {
    ledger = await publishDay(org.orgcode);
  });

  it('sums sales by channel, tenders by method, tax by jurisdiction and what is owed by aging bucket, as the events published add up', async () => {
    const run = await rollUp({ dt: day, orgcode: org.orgcode });

    const records = await listAll(org, { from_dt: day, to_dt: day, limit: 256 });
    expect(figures(records)).toEqual(expectedFigures(ledger, day));
    expect(records.map((record) => record.dimension_value)).toEqual(expect.arrayContaining(['kiosk', '(none)', 'card', 'US-NY', '31-60', '1-30', 'current']));
    // Tax by each component's jurisdiction: the state's and the city's part of one order, the day's tax adding up to its sales' tax.
    const taxOf = (dimension: string) =>
      records
        .filter((record) => record.dimension === dimension)
        .flatMap((record) => record.metrics)
        .reduce((cents: Record<string, number>, metric) => ({ ...cents, [metric.currency]: (cents[metric.currency] ?? 0) + Math.round(metric.tax_amount * 100) }), {});
    expect(records.filter((record) => record.dimension_value.startsWith('US-TX')).map((record) => [record.dimension_value, record.metrics])).toEqual([
      ['US-TX', [{ currency: 'USD', count: 1, amount: 10.7, tax_amount: 0.5 }]],
      ['US-TX-AUS', [{ currency: 'USD', count: 1, amount: 10.7, tax_amount: 0.2 }]],
    ]);
    expect(taxOf('tax')).toEqual(taxOf('sales'));
    expect(run).toEqual({
      run_id: expect.stringMatching(/^frr_/),
      days: [{ dt: day, orgs: 1, records: records.length, removed: 0, unmatched_cancellations: 1 }],
    });
    for (const record of records) {
      expect(record).toMatchObject({ orgcode: org.orgcode, dt: day, window: { from_utc: '2024-05-14T00:00:00.000Z', to_utc: '2024-05-15T00:00:00.000Z' }, run_id: run.run_id, revision: 1 });
    }
    const got = await org.post('reader', '/rollup/financial/get', { dt: day, dimension: 'sales', dimension_value: 'web_store' });
    expect(got.status).toBe(200);
    expect(got.body.data.rollup).toEqual(records.find((record) => record.rollup_id === got.body.data.rollup.rollup_id));
  });

  it('gives the same records on a re-run, with the revision bumped and a new run_id, and no duplicates', async () => {
    const first = await rollUp({ dt: day, orgcode: org.orgcode });
    const before = await listAll(org, { from_dt: day, to_dt: day });
    expect(figures(before)).toEqual(expectedFigures(ledger, day));

    const second = await rollUp({ dt: day, orgcode: org.orgcode });

    expect(second.run_id).not.toBe(first.run_id);
    expect(second.days).toEqual(first.days);
    expect(await listAll(org, { from_dt: day, to_dt: day })).toEqual(
      before.map((record) => ({ ...record, run_id: second.run_id, revision: 2, updated_at: expect.any(String) })),
    );
  });

  it('updates the day when a late event arrives and it is re-run: a value that nets to nothing, or is paid off, is removed', async () => {
    await rollUp({ dt: day, orgcode: org.orgcode });

    await publish(org.orgcode, ledger, {
      orders: [{ order_id: 'ord_phone', placed_at: at('18:00:00'), currency: 'USD', total: 500, tax: 40, channel_code: 'phone', tax_jurisdiction_code: 'US-NY' }],
      // Captured on the day but arriving after its run: the day's aging no longer owes it.
      tenders: [{ tender_id: 'tnd_late', order_id: 'ord_recent', currency: 'USD', amount: 8000, method: 'card', captured_at: at('20:00:00') }],
      cancellations: [{ order_id: 'ord_kiosk', cancelled_at: at('19:00:00') }],
    });
    const rerun = await rollUp({ dt: day, orgcode: org.orgcode });

    expect(figures(await listAll(org, { from_dt: day, to_dt: day }))).toEqual(expectedFigures(ledger, day));
    expect(rerun.days).toEqual([expect.objectContaining({ removed: 2, unmatched_cancellations: 1 })]);
    const kiosk = await org.post('reader', '/rollup/financial/get', { dt: day, dimension: 'sales', dimension_value: 'kiosk' });
    expect(kiosk.status).toBe(404);
    const phone = await org.post('reader', '/rollup/financial/get', { dt: day, dimension: 'sales', dimension_value: 'phone' });
    expect(phone.body.data.rollup).toMatchObject({ revision: 2, metrics: [{ currency: 'USD', count: 1, amount: 5, tax_amount: 0.4 }] });
  });

  it('lists a financial rollup written a moment ago, read by another caller at once (consistent read of the table): each of its lists shows the re-run, none the value it removed', async () => {
    await rollUp({ dt: day, orgcode: org.orgcode });
    await publish(org.orgcode, ledger, { cancellations: [{ order_id: 'ord_kiosk', cancelled_at: at('19:00:00') }] });
    const rerun = await rollUp({ dt: day, orgcode: org.orgcode });
    const [everything, sales, kiosk, pos] = await Promise.all([
      listAll(org, { from_dt: day, to_dt: day }, 'auditor'),
      listAll(org, { from_dt: day, to_dt: day, dimension: 'sales' }, 'auditor'),
      listAll(org, { from_dt: day, to_dt: day, dimension: 'sales', dimension_value: 'kiosk' }, 'auditor'),
      listAll(org, { from_dt: day, to_dt: day, dimension: 'sales', dimension_value: 'pos' }, 'auditor'),
    ]);

    expect(figures(everything)).toEqual(expectedFigures(ledger, day));
    expect(everything.every((record) => record.run_id === rerun.run_id && record.revision === 2)).toBe(true);
    expect(sales.map((record) => record.dimension_value)).not.toContain('kiosk');
    expect(figures(sales)).toEqual(expectedFigures(ledger, day).filter((figure) => figure.dimension === 'sales'));
    expect(kiosk).toEqual([]);
    expect(pos).toEqual([everything.find((record) => record.dimension === 'sales' && record.dimension_value === 'pos')]);
  });

  it('lists a range of days by dimension and by dimension value, page by page', async () => {
    await rollUp({ dt: '2024-05-13', to: day, orgcode: org.orgcode });

    const webStore = await listAll(org, { from_dt: '2024-05-13', to_dt: day, dimension: 'sales', dimension_value: 'web_store', limit: 1 });
    const sales = await listAll(org, { from_dt: '2024-05-13', to_dt: day, dimension: 'sales', limit: 2 });
    const everything = await listAll(org, { from_dt: '2024-05-13', to_dt: day, limit: 3 });

    expect(webStore.map((record) => [record.dt, record.metrics])).toEqual([
      ['2024-05-13', expectedFigures(ledger, '2024-05-13').find((figure) => figure.dimension_value === 'web_store')!.metrics],
      [day, expectedFigures(ledger, day).find((figure) => figure.dimension === 'sales' && figure.dimension_value === 'web_store')!.metrics],
    ]);
    expect(sales.map((record) => `${record.dt} ${record.dimension_value}`)).toEqual([
      ...expectedFigures(ledger, '2024-05-13').filter((figure) => figure.dimension === 'sales').map((figure) => `2024-05-13 ${figure.dimension_value}`),
      ...expectedFigures(ledger, day).filter((figure) => figure.dimension === 'sales').map((figure) => `${day} ${figure.dimension_value}`),
    ]);
    expect(everything).toHaveLength(expectedFigures(ledger, '2024-05-13').length + expectedFigures(ledger, day).length);
    expect(everything.map((record) => record.dimension)).toEqual([...everything.map((record) => record.dimension)].sort(
      (a, b) => ['sales', 'tender', 'tax', 'ar_aging'].indexOf(a) - ['sales', 'tender', 'tax', 'ar_aging'].indexOf(b),
    ));
  });
});

describe('every organisation active on a day', () => {
  it("rolls up each one found on its own, by the 02:00 schedule's function, never counting another organisation's data", async () => {
    const otherDay = '2024-05-21';
    const auditor = { reader: { roles: ['finance_audit'] } };
    const [firstOrg, secondOrg] = [await createOrg('FRA', auditor), await createOrg('FRB', auditor)];
    const [first, second] = [firstOrg.orgcode, secondOrg.orgcode];
    const ledgers = { [first]: emptyLedger(), [second]: emptyLedger() };
    // The same order ids in both organisations.
    await publish(first, ledgers[first]!, {
      orders: [{ order_id: 'ord_1', placed_at: at('10:00:00', otherDay), currency: 'USD', total: 1000, tax: 80, channel_code: 'web_store' }],
      tenders: [{ tender_id: 'tnd_1', order_id: 'ord_1', currency: 'USD', amount: 1000, method: 'card', captured_at: at('10:01:00', otherDay) }],
    });
    await publish(second, ledgers[second]!, {
      orders: [{ order_id: 'ord_1', placed_at: at('11:00:00', otherDay), currency: 'GBP', total: 2500, tax: 500, channel_code: 'web_store' }],
      tenders: [{ tender_id: 'tnd_1', order_id: 'ord_1', currency: 'GBP', amount: 700, method: 'cash', captured_at: at('11:01:00', otherDay) }],
      cancellations: [{ order_id: 'ord_1', cancelled_at: at('12:00:00', otherDay) }],
    });
    await untilActiveOrgsIndexed();

    const run = await runScheduled<FinancialRollupRun>('daily-financial-rollup', new Date('2024-05-22T02:00:00Z'));

    expect(run.days).toEqual([expect.objectContaining({ dt: otherDay, orgs: 2 })]);
    for (const org of [firstOrg, secondOrg]) {
      const records = await listAll(org, { from_dt: otherDay, to_dt: otherDay });
      expect(figures(records)).toEqual(expectedFigures(ledgers[org.orgcode]!, otherDay));
      expect(records.every((record) => record.orgcode === org.orgcode)).toBe(true);
    }
  });
});

describe('two runs of one day at once', () => {
  it('keeps the later claim\'s records, record by record, whichever writes last', async () => {
    const { orgcode } = await createOrg('FRC', {});
    const record = (runId: string, revision: number, amount: number) => ({
      rollup_id: financialRollupId(day, 'tender', 'card'),
      orgcode,
      dt: day,
      dimension: 'tender' as const,
      dimension_value: 'card',
      metrics: [{ currency: 'USD', count: 1, amount, tax_amount: 0 }],
      window: dayWindow(day),
      run_id: runId,
      revision,
      updated_at: new Date().toISOString(),
    });
    const earlier = await claimRevision(orgcode, day, 'frr_earlier', new Date());
    const later = await claimRevision(orgcode, day, 'frr_later', new Date());

    const laterWrote = await saveRecord(record('frr_later', later, 20));
    const earlierWrote = await saveRecord(record('frr_earlier', earlier, 10));
    const removedByEarlier = await removeRecordsBefore(orgcode, day, earlier);

    expect([earlier, later, laterWrote, earlierWrote, removedByEarlier]).toEqual([1, 2, true, false, 0]);
    expect(await findFinancialRollup(orgcode, day, 'tender', 'card')).toMatchObject({ run_id: 'frr_later', revision: 2, metrics: [{ amount: 20 }] });
  });
});

describe('the operator and the routes', () => {
  it('refuses a day that has not ended, a range backwards or longer than 31 days, and a malformed day', async () => {
    const today = new Date().toISOString().slice(0, 10);

    expect((await refusedInvocation('financial-rollup-admin', { action: 'run', dt: today })).message).toMatch(/dt: must be a day that has ended/);
    expect((await refusedInvocation('financial-rollup-admin', { action: 'run', dt: '2024-05-14', to: '2024-05-13' })).message).toMatch(/to: must not be before dt/);
    expect((await refusedInvocation('financial-rollup-admin', { action: 'run', dt: '2024-05-01', to: '2024-06-01' })).message).toMatch(/to: must be at most 31 days/);
    expect((await refusedInvocation('financial-rollup-admin', { action: 'run', dt: '2024-02-30' })).message).toMatch(/dt: must be a day of the calendar/);
  });

  it('answers a dimension value without its dimension with 400 validation-error', async () => {
    const exporter = await createOrg('FRV', { exporter: { roles: ['acct_export_admin'] } });

    const response = await exporter.post('exporter', '/rollup/financial/list', { dimension_value: 'web_store' });

    expect(response.status).toBe(400);
    expect(response.body.error.details.issues).toEqual([{ path: 'dimension', message: 'is required with dimension_value' }]);
  });

  it('keeps the rollup functions off the HTTP API and the rollup routes off the Invoke API', async () => {
    const lambda = new LambdaClient(localApiClientConfig(stack.api.invokeUrl));
    const invoke = (name: string) => lambda.send(new InvokeCommand({ FunctionName: name, Payload: new TextEncoder().encode('{}') }));
    try {
      for (const name of ['financial-rollup-admin', 'daily-financial-rollup']) {
        expect((await post(`/${name}`, { action: 'run', dt: day })).status).toBe(404);
        expect((await post(`/rollup/${name}`, { action: 'run', dt: day })).status).toBe(404);
      }
      for (const name of ['rollup-financial-get', 'rollup-financial-list']) {
        await expect(invoke(name)).rejects.toBeInstanceOf(ResourceNotFoundException);
      }
    } finally {
      lambda.destroy();
    }
  });
});
