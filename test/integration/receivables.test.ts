import type { BusEvent } from '../../shared/local/event-bus-api';
import { untilListed, useOrg, useStack } from '../support/harness';
import { runScheduled } from '../support/local-api';
import { watchingSends } from '../support/sent-commands';

const stack = useStack();
const org = useOrg('AR', { ar: { roles: ['ar_admin', 'acct_view'] }, viewer: { roles: ['acct_view'] } });

const dayMs = 86_400_000;
let orders = 0;

function invoiceBody(overrides: Record<string, unknown> = {}) {
  orders += 1;
  return {
    order_id: `ord_${orders}`,
    customer_id: 'cust_acme',
    currency: 'USD',
    lines: [
      { sku: 'A', description: 'Chair', quantity: 2, unit_amount: 10.05, tax_amount: 1.61 },
      { sku: 'B', quantity: 1, unit_amount: 0.1, tax_amount: 0.2 },
    ],
    payment_terms: { type: 'net', net_days: 30 },
    ...overrides,
  };
}

async function createInvoice(overrides: Record<string, unknown> = {}) {
  const response = await org.post('ar', '/invoice/set', invoiceBody(overrides));
  expect(response.status).toBe(200);
  return response.body.data.invoice;
}

describe('invoice set', () => {
  it('prices the lines exactly, issues the invoice and collapses a duplicate order into it', async () => {
    const body = invoiceBody({ issued_at: '2026-11-01T10:00:00Z' });
    const first = await org.post('ar', '/invoice/set', body);
    expect(first.status).toBe(200);
    const invoice = first.body.data.invoice;
    expect(invoice).toMatchObject({
      status: 'open',
      subtotal: 20.2,
      tax_total: 1.81,
      total: 22.01,
      amount_paid: 0,
      balance_due: 22.01,
      revision: 1,
      due_at: '2026-12-01T10:00:00.000Z',
    });
    const again = await org.post('ar', '/invoice/set', { ...body, lines: [{ sku: 'X', quantity: 1, unit_amount: 5 }] });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ collapsed: true, invoice: { invoice_id: invoice.invoice_id, total: 22.01 } });
    const got = await org.post('ar', '/invoice/get', { invoice_id: invoice.invoice_id });
    expect(got.body.data.invoice).toEqual(invoice);
  });

  it('rejects stated totals that do not match the lines, and sub-cent amounts', async () => {
    const response = await org.post('ar', '/invoice/set', invoiceBody({ total: 22, lines: [{ sku: 'A', quantity: 1, unit_amount: 1.005 }] }));
    expect(response.status).toBe(400);
    const paths = response.body.error.details.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['lines.0.unit_amount']));
  });

  it('changes a draft under its revision and issues it', async () => {
    const draft = await createInvoice({ status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', revision: 1 });
    const body = invoiceBody({ order_id: draft.order_id, lines: [{ sku: 'C', quantity: 3, unit_amount: 7 }] });
    expect((await org.post('ar', '/invoice/set', { ...body, status: 'open', expected_revision: 2 })).status).toBe(409);
    const issued = await org.post('ar', '/invoice/set', { ...body, status: 'open', expected_revision: 1 });
    expect(issued.status).toBe(200);
    expect(issued.body.data.invoice).toMatchObject({ status: 'open', total: 21, balance_due: 21, revision: 2 });
    const notDraft = await org.post('ar', '/invoice/set', { ...body, expected_revision: 2 });
    expect(notDraft.status).toBe(409);
    expect(notDraft.body.error.major.tag).toBe('invalid-state');
  });
});

describe('invoice status', () => {
  it('makes the moves of the design and refuses the others', async () => {
    const invoice = await createInvoice();
    const move = (status: string, expected_revision?: number) =>
      org.post('ar', '/invoice/status/set', { invoice_id: invoice.invoice_id, status, expected_revision });
    expect((await move('void')).status).toBe(428);
    expect((await move('open', 1)).body.error.major.tag).toBe('invalid-state');
    const stale = await move('written_off', 7);
    expect(stale.status).toBe(409);
    expect(stale.body.error.details).toMatchObject({ supplied_revision: 7, current_revision: 1 });
    const writtenOff = await move('written_off', 1);
    expect(writtenOff.body.data.invoice).toMatchObject({ status: 'written_off', revision: 2 });
    const reopened = await move('open', 2);
    expect(reopened.body.data.invoice).toMatchObject({ status: 'open', revision: 3 });
    expect((await move('void', 3)).body.data.invoice.status).toBe('void');
    expect((await move('open', 4)).body.error.major.tag).toBe('invalid-state');
  });
});

describe('payment apply', () => {
  it('applies under the revision, refuses more than the balance and ends paid', async () => {
    const invoice = await createInvoice();
    const apply = (amount: unknown, expected_revision?: number, extra: Record<string, unknown> = {}) =>
      org.post('ar', '/invoice/payment/apply', { invoice_id: invoice.invoice_id, amount, method: 'card', expected_revision, ...extra });
    expect((await apply({ currency: 'USD', amount: 1 })).status).toBe(428);
    expect((await apply({ currency: 'USD', amount: 22.02 }, 1)).status).toBe(400);
    expect((await apply({ currency: 'EUR', amount: 1 }, 1)).status).toBe(400);
    const partial = await apply(10, 1, { currency: 'USD' });
    expect(partial.status).toBe(200);
    expect(partial.body.data.invoice).toMatchObject({ status: 'partially_paid', amount_paid: 10, balance_due: 12.01, revision: 2 });
    const rest = await apply({ currency: 'USD', amount: 12.01 }, 2);
    expect(rest.body.data.invoice).toMatchObject({ status: 'paid', amount_paid: 22.01, balance_due: 0, revision: 3 });
    const closed = await apply({ currency: 'USD', amount: 1 }, 3);
    expect(closed.body.error.major.tag).toBe('invalid-state');
    const payments = await org.post('ar', '/invoice/payment/list', { invoice_id: invoice.invoice_id });
    expect(payments.body.data.payments.map((payment: { applied_amount: number }) => payment.applied_amount)).toEqual([10, 12.01]);
  });

  it('lets exactly one of 50 concurrent payments at the same revision through', async () => {
    const invoice = await createInvoice();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        org.post('ar', '/invoice/payment/apply', { invoice_id: invoice.invoice_id, amount: { currency: 'USD', amount: 5 }, method: 'cash', expected_revision: 1 }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const result of results.filter((r) => r.status === 409)) {
      expect(result.body.error.details).toMatchObject({ supplied_revision: 1, current_revision: 2 });
    }
    const got = await org.post('ar', '/invoice/get', { invoice_id: invoice.invoice_id });
    expect(got.body.data.invoice).toMatchObject({ amount_paid: 5, balance_due: 17.01, revision: 2 });
  });
});

describe('payment apply at every limit', () => {
  it('settles an invoice with a tender, a key and 50 source refs in one transaction (73 actions with the copies it moves and puts, and the day totals of the journal)', async () => {
    const refs = (prefix: string) => Array.from({ length: 50 }, (_ref, at) => ({ kind: 'document', id: `${prefix}_${at}` }));
    const invoice = await createInvoice({ source_refs: refs('issue') });
    const transactions: number[] = [];
    const watch = (command: string, input: string) => {
      if (command === 'TransactWriteItemsCommand') transactions.push((JSON.parse(input) as { TransactItems: unknown[] }).TransactItems.length);
    };
    const paid = await watchingSends(watch, () => org.post('ar', '/invoice/payment/apply', {
      invoice_id: invoice.invoice_id,
      amount: { currency: 'USD', amount: 22.01 },
      method: 'card',
      expected_revision: 1,
      tender_id: 'tnd_every_limit',
      idempotency_key: 'pay-every-limit',
      source_refs: refs('payment'),
    }));

    expect(paid.status).toBe(200);
    // The payment's (the usage meter of an earlier call may be applied meanwhile, in a transaction of its own).
    expect(Math.max(...transactions)).toBe(73);
    expect(paid.body.data.invoice).toMatchObject({ status: 'paid', revision: 2 });
    const closed = await org.listAll('ar', '/invoice/list', { status: 'paid' }, 'invoices');
    expect(closed.map((listed) => listed.invoice_id)).toEqual([invoice.invoice_id]);
  });
});

describe('payment apply: replays and claimed tenders', () => {
  it('replays a keyed payment and refuses a tender id already applied', async () => {
    const invoice = await createInvoice();
    const body = { invoice_id: invoice.invoice_id, amount: { currency: 'USD', amount: 1 }, method: 'card', expected_revision: 1, tender_id: 'tnd_1', idempotency_key: 'pay-1' };
    const first = await org.post('ar', '/invoice/payment/apply', body);
    const replay = await org.post('ar', '/invoice/payment/apply', body);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    const again = await org.post('ar', '/invoice/payment/apply', { ...body, expected_revision: 2, idempotency_key: 'pay-2' });
    expect(again.status).toBe(409);
    expect(again.body.error.error_code).toBe('accounting.duplicate_id');
    const got = await org.post('ar', '/invoice/get', { invoice_id: invoice.invoice_id });
    expect(got.body.data.invoice).toMatchObject({ amount_paid: 1, revision: 2 });
  });
});

describe('announcements on the bus', () => {
  it('publishes invoice.issued, invoice.paid and invoice.status_changed through the outbox, ids and status only', async () => {
    const seen: BusEvent[] = [];
    const unsubscribe = stack.api.bus.subscribe((event) => {
      if (event.source === 'accounting' && (event.detail as { orgcode?: string }).orgcode === org.orgcode) seen.push(event);
    });
    try {
      const paid = await createInvoice();
      await org.post('ar', '/invoice/payment/apply', { invoice_id: paid.invoice_id, amount: { currency: 'USD', amount: 22.01 }, method: 'card', expected_revision: 1 });
      const voided = await createInvoice();
      await org.post('ar', '/invoice/status/set', { invoice_id: voided.invoice_id, status: 'void', expected_revision: 1 });
      expect(seen).toHaveLength(0);
      // Other tests' invoices wait in the same outbox: drain it. The publisher
      // reads the outbox's queue index (gsi3), which an answered call does not
      // wait for: it is drained again until it has published every entry.
      const announced = await untilListed(async () => {
        while ((await runScheduled<{ published: number }>('outbox-publisher')).published > 0);
        const published = seen.map((event) => [event['detail-type'], (event.detail as { invoice_id: string }).invoice_id]);
        expect(published).toEqual(
          expect.arrayContaining([
            ['invoice.issued', paid.invoice_id],
            ['invoice.paid', paid.invoice_id],
            ['invoice.issued', voided.invoice_id],
            ['invoice.status_changed', voided.invoice_id],
          ]),
        );
        return published;
      });
      expect(announced).toHaveLength(4);
      expect(Object.keys(seen[0]!.detail as object).sort()).toEqual(['invoice_id', 'occurred_at', 'orgcode', 'revision', 'status']);
      await runScheduled('outbox-publisher');
      expect(seen).toHaveLength(4);
    } finally {
      unsubscribe();
    }
  });
});

describe('aging', () => {
  it('puts each boundary day in its bucket', async () => {
    const asOf = Date.parse('2026-11-30T00:00:00Z');
    const days = [0, 1, 30, 31, 60, 61, 90, 91, 120, 121];
    for (const [index, day] of days.entries()) {
      await createInvoice({
        customer_id: `cust_${String(index).padStart(2, '0')}`,
        payment_terms: { type: 'due_on_receipt' },
        issued_at: new Date(asOf - day * dayMs + 3_600_000).toISOString(),
        lines: [{ sku: 'A', quantity: 1, unit_amount: 100 }],
      });
    }
    const report = await org.post('ar', '/ar/aging/report', { as_of: '2026-11-30', limit: 50 });
    expect(report.status).toBe(200);
    const bucketOf = (row: { buckets: Record<string, number> }) =>
      Object.entries(row.buckets).find(([, amount]) => amount !== 0)?.[0];
    expect(report.body.data.report.customers.map(bucketOf)).toEqual([
      'current', '1-30', '1-30', '31-60', '31-60', '61-90', '61-90', '91-120', '91-120', '120+',
    ]);
    expect(report.body.data.report.totals).toEqual([
      {
        currency: 'USD',
        buckets: { current: 100, '1-30': 200, '31-60': 200, '61-90': 200, '91-120': 200, '120+': 100 },
        total: 1000,
        open_invoices: 10,
      },
    ]);
    expect(report.body.data.report.complete).toBe(true);
  });

  it('pages customers with running totals that end equal to one page', async () => {
    // Several due days per customer: a customer's amounts span several aggregate items.
    for (let i = 0; i < 5; i += 1) {
      for (const day of ['2026-08-01', '2026-09-15', '2026-11-20']) {
        await createInvoice({ customer_id: `c${i}`, issued_at: `${day}T09:00:00Z`, currency: i % 2 ? 'EUR' : 'USD' });
      }
    }
    const whole = await org.post('ar', '/ar/aging/report', { limit: 100, as_of: '2026-11-30' });
    expect(whole.body.data.report.customers).toHaveLength(5);
    for (const limit of [1, 2]) {
      const reports = (await org.listPages('ar', '/ar/aging/report', { limit, as_of: '2026-11-30' })).map((page) => page.report);
      for (const report of reports) expect(report.customers.length).toBeLessThanOrEqual(limit);
      const last = reports.at(-1);
      expect(reports.flatMap((report) => report.customers)).toEqual(whole.body.data.report.customers);
      expect(last.totals).toEqual(whole.body.data.report.totals);
      expect(last.complete).toBe(true);
    }
    // 15 invoices, a call at a time.
  }, 120_000);
});

describe('balance and statement', () => {
  it('sums what each customer owes, and lists dated entries with a running balance', async () => {
    const a = await createInvoice({ customer_id: 'alpha', issued_at: '2026-10-05T00:00:00Z' });
    await createInvoice({ customer_id: 'alpha', issued_at: '2026-11-03T00:00:00Z' });
    await createInvoice({ customer_id: 'beta', issued_at: '2026-11-04T00:00:00Z' });
    await org.post('ar', '/invoice/payment/apply', { invoice_id: a.invoice_id, amount: { currency: 'USD', amount: 2.01 }, method: 'cash', expected_revision: 1, received_at: '2026-11-10T00:00:00Z' });
    const balance = await org.post('ar', '/ar/balance', {});
    expect(balance.body.data.balances).toEqual([
      { customer_id: 'alpha', currency: 'USD', balance_due: 42.01, open_invoices: 2 },
      { customer_id: 'beta', currency: 'USD', balance_due: 22.01, open_invoices: 1 },
    ]);
    expect(balance.body.data.totals).toEqual([{ currency: 'USD', amount: 64.02 }]);
    const statement = await org.post('ar', '/ar/statement', { customer_id: 'alpha', from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' });
    expect(statement.body.data.statement).toMatchObject({
      opening_balances: [{ currency: 'USD', amount: 22.01 }],
      closing_balances: [{ currency: 'USD', amount: 42.01 }],
    });
    expect(statement.body.data.statement.lines.map((line: { kind: string; amount: number; running_balance: number }) => [line.kind, line.amount, line.running_balance])).toEqual([
      ['invoice', 22.01, 44.02],
      ['payment', -2.01, 42.01],
    ]);
  });
});

describe('lists kept on the table', () => {
  const ids = (items: Array<{ invoice_id?: string; payment_id?: string }>) => items.map((item) => item.payment_id ?? item.invoice_id);
  /** As the other caller, who made none of the writes. */
  const invoices = (body: Record<string, unknown>) => org.listAll('viewer', '/invoice/list', body, 'invoices');

  it('lists an invoice and its payment written a moment ago, read by another caller at once (consistent read of the table)', async () => {
    const customer_id = 'cust_listed_at_once';
    const invoice = await createInvoice({ customer_id, issued_at: '2026-11-01T10:00:00Z' });

    // The invoice's copies were written in its own transaction: the first read of each list holds it.
    expect(ids(await invoices({ customer_id }))).toEqual([invoice.invoice_id]);
    expect(ids(await invoices({}))).toEqual([invoice.invoice_id]);

    const paid = await org.post('ar', '/invoice/payment/apply', {
      invoice_id: invoice.invoice_id,
      amount: { currency: 'USD', amount: 22.01 },
      method: 'card',
      expected_revision: 1,
      received_at: '2026-11-10T00:00:00Z',
    });
    expect(paid.status).toBe(200);
    const paymentId = paid.body.data.payment.payment_id;

    // Paid: moved from the active list to the closed one in the payment's transaction, the payment listed with it.
    expect(await invoices({})).toEqual([]);
    expect(await invoices({ status: 'paid' })).toEqual([expect.objectContaining({ invoice_id: invoice.invoice_id, status: 'paid', revision: 2 })]);
    expect(await invoices({ customer_id, status: 'paid' })).toEqual([expect.objectContaining({ invoice_id: invoice.invoice_id, revision: 2 })]);
    for (const scope of [{ invoice_id: invoice.invoice_id }, { customer_id }]) {
      expect(ids(await org.listAll('viewer', '/invoice/payment/list', scope, 'payments'))).toEqual([paymentId]);
    }
    // What is owed now, and as of a day before the payment, whose change is listed under its day.
    expect((await org.post('viewer', '/ar/balance', {})).body.data.balances).toEqual([]);
    const agedBefore = await org.post('viewer', '/ar/aging/report', { as_of: '2026-11-05' });
    expect(agedBefore.body.data.report.totals).toEqual([expect.objectContaining({ currency: 'USD', total: 22.01, open_invoices: 1 })]);
    const statement = await org.post('viewer', '/ar/statement', { customer_id, from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-12-01T00:00:00Z' });
    expect(statement.body.data.statement.lines.map((line: { kind: string }) => line.kind)).toEqual(['invoice', 'payment']);
  });

  it('moves a draft in its lists when its issue dates it: listed once, at its due date', async () => {
    const draft = await createInvoice({ customer_id: 'cust_dated', status: 'draft' });
    const issuedAt = '2026-06-01T10:00:00Z';

    const issued = await org.post('ar', '/invoice/set', { ...invoiceBody({ order_id: draft.order_id, customer_id: 'cust_dated' }), status: 'open', issued_at: issuedAt, expected_revision: 1 });
    expect(issued.status).toBe(200);

    const due = issued.body.data.invoice.due_at;
    expect(due).toBe('2026-07-01T10:00:00.000Z');
    for (const body of [{ customer_id: 'cust_dated' }, {}]) {
      expect(await invoices(body)).toEqual([expect.objectContaining({ invoice_id: draft.invoice_id, status: 'open', due_at: due })]);
      expect(ids(await invoices({ ...body, due_from_utc: '2026-07-01T00:00:00Z', due_to_utc: '2026-07-02T00:00:00Z' }))).toEqual([draft.invoice_id]);
    }
  });
});
