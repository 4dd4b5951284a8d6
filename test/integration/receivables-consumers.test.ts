import { deadLetterReason, succeededWith } from '../support/deliveries';
import * as orders from '../support/fixtures/orders';
import { type TestOrg, createOrg, freshId as fresh, useOrg, useStack } from '../support/harness';

/**
 * The receivables consumers (order placed, tender captured) through the local
 * bus, the real consumer handlers and DynamoDB Local: delivery is at least once
 * and unordered (docs/decisions.md: Platform events), so every effect must happen once,
 * whatever the order and however often an event arrives. What a consumer
 * wrote is in its lists once its delivery is processed, though answered to no
 * caller: each record's copies in its list partitions on the table are in its
 * own transaction, and lists read them consistently (docs/decisions.md:
 * Acknowledged writes are listed).
 */

const stack = useStack();
const arCaller = { ar: { roles: ['ar_admin', 'acct_view'] } };
const org = useOrg('ARC', arCaller);

const customerId = 'cust_consumers';

/** An order of 2 x 10.01 + 1.50 tax = 21.52 USD, placed on net-30 terms unless overridden. */
function orderPlaced(orderId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    orgcode: org.orgcode,
    order_id: orderId,
    customer_id: customerId,
    placed_at: '2026-11-02T10:00:00Z',
    currency: 'USD',
    lines: [{ sku: 'LAMP', description: 'Desk lamp', quantity: 2, unit_amount: 10.01, tax_amount: 1.5 }],
    subtotal: 20.02,
    tax_total: 1.5,
    total: 21.52,
    channel_code: 'web',
    payment_terms: { type: 'net', net_days: 30 },
    ...overrides,
  };
}
const orderTotal = 21.52;

const tenderCaptured = (tenderId: string, orderId: string, amount: number, overrides: Record<string, unknown> = {}) =>
  orders.tenderCaptured(org.orgcode, tenderId, orderId, { amount: { currency: 'USD', amount }, method: 'card', ...overrides });

/** The commission consumer hears order.placed too; these tests follow the receivables consumers. */
const receivablesConsumers = ['order-placed', 'tender-captured'];

const placeOrder = (detail: Record<string, unknown>) => org.deliver('retail.orders', 'order.placed', detail);
const captureTender = (detail: Record<string, unknown>) => org.deliver('retail.payments', 'tender.captured', detail);

/** Delivers and expects the receivables consumer to have succeeded; returns its result. */
const delivered = (delivery: ReturnType<typeof org.deliver>) => succeededWith(delivery, receivablesConsumers);

/**
 * A due window wider than any invoice here. The lists below pass it so that
 * they keep checking what they check even if a list without one regresses
 * (it was a 500: see the 'invoice list' test).
 */
const everyDueDate = { due_from_utc: '2000-01-01T00:00:00Z', due_to_utc: '2100-01-01T00:00:00Z' };

/** Every invoice of the customer, of every status, as a caller of `of` sees them. */
async function invoicesOfCustomer(of: TestOrg<'ar'> = org, customer = customerId): Promise<any[]> {
  const all: any[] = [];
  for (const status of ['draft', 'open', 'partially_paid', 'paid', 'void', 'written_off']) {
    all.push(...(await of.listAll('ar', '/invoice/list', { customer_id: customer, status, ...everyDueDate, limit: 50 }, 'invoices')));
  }
  return all;
}

async function invoiceOfOrder(orderId: string): Promise<any | undefined> {
  const matching = (await invoicesOfCustomer()).filter((invoice) => invoice.order_id === orderId);
  expect(matching.length).toBeLessThanOrEqual(1);
  return matching[0];
}

const paymentsOf = (invoiceId: string) => org.listAll('ar', '/invoice/payment/list', { invoice_id: invoiceId, limit: 2 }, 'payments');

async function getInvoice(invoiceId: string) {
  const got = await org.post('ar', '/invoice/get', { invoice_id: invoiceId });
  expect(got.status).toBe(200);
  return got.body.data.invoice;
}

const lineage = (kind: string, id: string, of: TestOrg<'ar'> = org) => of.listAll('ar', '/lineage/list', { source_ref: { kind, id }, limit: 50 }, 'lineage');

/** A draft invoice set by hand for the order: the lamps of `orderPlaced`, on `terms`. */
const setDraft = (orderId: string, terms: Record<string, unknown>) =>
  org.post('ar', '/invoice/set', {
    order_id: orderId,
    customer_id: customerId,
    currency: 'USD',
    lines: [{ sku: 'LAMP', quantity: 2, unit_amount: 10.01, tax_amount: 1.5 }],
    payment_terms: terms,
    status: 'draft',
  });

/** An issued invoice for a fresh order, created by the order-placed consumer. */
async function invoicedOrder(): Promise<{ orderId: string; invoice: any }> {
  const orderId = fresh('ord');
  const result = await delivered(placeOrder(orderPlaced(orderId)));
  expect(result).toMatchObject({ outcome: 'invoiced' });
  return { orderId, invoice: await getInvoice(result.invoice_id) };
}

describe('tender captured', () => {
  it('applies the same tender once when it is delivered 5 times in a row', async () => {
    const { orderId, invoice } = await invoicedOrder();
    const tender = tenderCaptured(fresh('tnd'), orderId, 5.05);

    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await delivered(captureTender(tender)));

    expect(results.map((result) => result.outcome)).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const payments = await paymentsOf(invoice.invoice_id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ tender_id: tender.tender_id, amount: 5.05, applied_amount: 5.05, unapplied_amount: 0, origin: 'tender' });
    expect(await getInvoice(invoice.invoice_id)).toMatchObject({
      status: 'partially_paid',
      amount_paid: 5.05,
      balance_due: 16.47,
      revision: 2,
    });
  });

  it('applies the same tender once when it is delivered 5 times at once', async () => {
    const { orderId, invoice } = await invoicedOrder();
    const tender = tenderCaptured(fresh('tnd'), orderId, 5.05);

    const results = await Promise.all(Array.from({ length: 5 }, () => delivered(captureTender(tender))));

    expect(results.filter((result) => result.outcome === 'applied')).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'duplicate')).toHaveLength(4);
    const payments = await paymentsOf(invoice.invoice_id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ tender_id: tender.tender_id, applied_amount: 5.05 });
    expect(await getInvoice(invoice.invoice_id)).toMatchObject({ amount_paid: 5.05, balance_due: 16.47, revision: 2 });
  });

  it('parks a tender that arrives before its order, and applies it when the order creates the invoice', async () => {
    const orderId = fresh('ord');
    const tender = tenderCaptured(fresh('tnd'), orderId, 7.77);

    expect(await delivered(captureTender(tender))).toEqual({ outcome: 'parked' });
    expect(await invoiceOfOrder(orderId)).toBeUndefined();
    // A redelivery of the parked tender is a duplicate, not a second parking.
    expect(await delivered(captureTender(tender))).toEqual({ outcome: 'duplicate' });

    const placed = await delivered(placeOrder(orderPlaced(orderId)));
    expect(placed).toMatchObject({ outcome: 'invoiced' });
    const payments = await paymentsOf(placed.invoice_id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ tender_id: tender.tender_id, applied_amount: 7.77, unapplied_amount: 0 });
    expect(await getInvoice(placed.invoice_id)).toMatchObject({ status: 'partially_paid', amount_paid: 7.77, balance_due: 13.75 });
  });

  it('applies a tender exactly once when it and its order arrive at the same time', async () => {
    for (let round = 0; round < 6; round += 1) {
      const orderId = fresh('ord');
      const tender = tenderCaptured(fresh('tnd'), orderId, 3.33);
      // Alternate which put goes first; the consumers run concurrently either way.
      const deliveries =
        round % 2 === 0
          ? [placeOrder(orderPlaced(orderId)), captureTender(tender)]
          : [captureTender(tender), placeOrder(orderPlaced(orderId))];
      const results = await Promise.all(deliveries.map(delivered));
      const placed = results[round % 2 === 0 ? 0 : 1];
      // A second delivery of the order (the AWS-like mode repeats some) may be the one that invoiced it.
      expect(['invoiced', 'duplicate']).toContain(placed.outcome);

      const payments = await paymentsOf(placed.invoice_id);
      expect({ round, payments: payments.map((payment) => [payment.tender_id, payment.applied_amount]) }).toEqual({
        round,
        payments: [[tender.tender_id, 3.33]],
      });
      expect(await getInvoice(placed.invoice_id)).toMatchObject({ amount_paid: 3.33, balance_due: 18.19, status: 'partially_paid' });
    }
  });

  it('applies a tender exactly once when it arrives while its draft is being issued', async () => {
    for (let round = 0; round < 4; round += 1) {
      const orderId = fresh('ord');
      const draft = await setDraft(orderId, { type: 'due_on_receipt' });
      expect(draft.status).toBe(200);
      const invoiceId = draft.body.data.invoice_id;
      const tender = tenderCaptured(fresh('tnd'), orderId, 2.22);

      const [captured, issued] = await Promise.all([
        delivered(captureTender(tender)),
        org.post('ar', '/invoice/status/set', { invoice_id: invoiceId, status: 'open', expected_revision: 1 }),
      ]);

      expect(issued.status).toBe(200);
      expect(['applied', 'parked']).toContain(captured.outcome);
      // Applied by the consumer, or by the issue that found it parked.
      const payments = await paymentsOf(invoiceId);
      expect({ round, payments: payments.map((payment) => [payment.tender_id, payment.applied_amount]) }).toEqual({
        round,
        payments: [[tender.tender_id, 2.22]],
      });
      expect(await getInvoice(invoiceId)).toMatchObject({ status: 'partially_paid', amount_paid: 2.22, balance_due: 19.3 });
    }
  });

  it('applies a tender above the balance up to the balance and keeps the rest unapplied', async () => {
    const { orderId, invoice } = await invoicedOrder();

    expect(await delivered(captureTender(tenderCaptured(fresh('tnd'), orderId, 30.01)))).toMatchObject({ outcome: 'applied' });

    const [payment] = await paymentsOf(invoice.invoice_id);
    expect(payment).toMatchObject({
      amount: 30.01,
      applied_amount: orderTotal,
      unapplied_amount: 8.49,
      unapplied_reason: 'exceeds_balance',
    });
    expect(await getInvoice(invoice.invoice_id)).toMatchObject({ status: 'paid', amount_paid: orderTotal, balance_due: 0 });
  });

  // A draft is not owed yet: tenders that came before it, or while it is a
  // draft, wait parked and apply when it is issued (they used to be consumed
  // by the draft as payments of which nothing applied).
  it('keeps tenders parked while the invoice is a draft, and applies them when the draft is issued', async () => {
    const orderId = fresh('ord');
    const before = tenderCaptured(fresh('tnd'), orderId, 4.04);
    const during = tenderCaptured(fresh('tnd'), orderId, 1.01);
    expect(await delivered(captureTender(before))).toEqual({ outcome: 'parked' });

    const draft = await setDraft(orderId, { type: 'net', net_days: 30 });
    expect(draft.status).toBe(200);
    expect(draft.body.data.invoice).toMatchObject({ status: 'draft', amount_paid: 0 });
    const invoiceId = draft.body.data.invoice_id;
    expect(await delivered(captureTender(during))).toEqual({ outcome: 'parked' });
    expect(await paymentsOf(invoiceId)).toEqual([]);

    const issued = await org.post('ar', '/invoice/status/set', { invoice_id: invoiceId, status: 'open', expected_revision: draft.body.data.invoice.revision });
    expect(issued.status).toBe(200);

    const payments = await paymentsOf(invoiceId);
    expect(payments.map((payment) => [payment.tender_id, payment.applied_amount]).sort()).toEqual(
      [
        [before.tender_id, 4.04],
        [during.tender_id, 1.01],
      ].sort(),
    );
    expect(await getInvoice(invoiceId)).toMatchObject({ status: 'partially_paid', amount_paid: 5.05, balance_due: 16.47 });
    expect(await delivered(captureTender(before))).toEqual({ outcome: 'duplicate' });
  });
});

describe('order placed', () => {
  it('creates no invoice for an order without payment terms', async () => {
    const orderId = fresh('ord');
    const { payment_terms: _terms, ...paidAtTheTill } = orderPlaced(orderId);

    expect(await delivered(placeOrder(paidAtTheTill))).toEqual({ outcome: 'no_payment_terms' });

    expect(await invoicesOfCustomer()).toEqual([]);
    // The ledger records every order (ledger-consumers.test.ts); nothing else is linked to this one.
    expect((await lineage('order', orderId)).map((link) => link.event_type)).toEqual(['order.placed']);
  });

  it('creates one invoice for an order placed 5 times at once', async () => {
    const orderId = fresh('ord');

    const results = await Promise.all(Array.from({ length: 5 }, () => delivered(placeOrder(orderPlaced(orderId)))));

    expect(results.filter((result) => result.outcome === 'invoiced')).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'duplicate')).toHaveLength(4);
    expect(new Set(results.map((result) => result.invoice_id)).size).toBe(1);
    const invoices = await invoicesOfCustomer();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      order_id: orderId,
      status: 'open',
      total: orderTotal,
      balance_due: orderTotal,
      revision: 1,
      issued_at: '2026-11-02T10:00:00.000Z',
      due_at: '2026-12-02T10:00:00.000Z',
    });
    const issued = (await lineage('order', orderId)).filter((link) => link.event_type === 'invoice.issued');
    expect(issued).toHaveLength(1);
  });
});

describe('invoice list', () => {
  // listInvoices used to declare '#sk' in ExpressionAttributeNames even
  // without a due window, which DynamoDB refuses: every such list was a 500.
  it('lists invoices by customer, and the org\'s, without a due window', async () => {
    const { invoice } = await invoicedOrder();

    const [byCustomer, byStatus, ofOrg] = await Promise.all([
      org.post('ar', '/invoice/list', { customer_id: customerId }),
      org.post('ar', '/invoice/list', { customer_id: customerId, status: 'open' }),
      org.post('ar', '/invoice/list', {}),
    ]);

    expect([byCustomer.status, byStatus.status, ofOrg.status]).toEqual([200, 200, 200]);
    for (const response of [byCustomer, byStatus, ofOrg]) {
      expect(response.body.data.invoices.map((listed: any) => listed.invoice_id)).toEqual([invoice.invoice_id]);
    }
  });
});

describe('malformed events', () => {
  const deadLettered = (delivery: ReturnType<typeof org.deliver>) =>
    deadLetterReason(delivery, stack.api.consumers, receivablesConsumers);

  it('dead-letters an order without its total, naming the field, and creates nothing', async () => {
    const orderId = fresh('ord');
    const { total: _total, ...withoutTotal } = orderPlaced(orderId);

    expect(await deadLettered(placeOrder(withoutTotal))).toMatch(/detail\.total/);

    expect(await invoicesOfCustomer()).toEqual([]);
    expect(await lineage('order', orderId)).toEqual([]);
  });

  it('dead-letters an order with a sub-cent amount, naming the field, and creates nothing', async () => {
    const orderId = fresh('ord');
    const subCent = orderPlaced(orderId, {
      lines: [{ sku: 'LAMP', quantity: 1, unit_amount: 10.005 }],
      subtotal: 10.005,
      tax_total: 0,
      total: 10.005,
    });

    expect(await deadLettered(placeOrder(subCent))).toMatch(/detail\.lines\.0\.unit_amount/);

    expect(await invoicesOfCustomer()).toEqual([]);
  });

  it('dead-letters a tender with a bad method or a sub-cent amount, naming the field, and applies nothing', async () => {
    const { orderId, invoice } = await invoicedOrder();
    const badMethod = tenderCaptured(fresh('tnd'), orderId, 1, { method: 'barter' });
    const subCent = tenderCaptured(fresh('tnd'), orderId, 1.001);
    const noAmount = tenderCaptured(fresh('tnd'), orderId, 1);
    delete noAmount.amount;

    const [methodReason, amountReason, missingReason] = await Promise.all([
      deadLettered(captureTender(badMethod)),
      deadLettered(captureTender(subCent)),
      deadLettered(captureTender(noAmount)),
    ]);

    expect(methodReason).toMatch(/detail\.method/);
    expect(amountReason).toMatch(/detail\.amount\.amount/);
    expect(missingReason).toMatch(/detail\.amount/);
    expect(await paymentsOf(invoice.invoice_id)).toEqual([]);
    expect(await getInvoice(invoice.invoice_id)).toMatchObject({ amount_paid: 0, balance_due: orderTotal, revision: 1 });
    for (const tender of [badMethod, subCent, noAmount]) expect(await lineage('tender', String(tender.tender_id))).toEqual([]);
  });

  it('dead-letters a sub-cent tender that arrives before its order, and parks nothing', async () => {
    const orderId = fresh('ord');
    const subCent = tenderCaptured(fresh('tnd'), orderId, 2.005);

    expect(await deadLettered(captureTender(subCent))).toMatch(/detail\.amount\.amount/);

    const placed = await delivered(placeOrder(orderPlaced(orderId)));
    expect(await paymentsOf(placed.invoice_id)).toEqual([]);
    expect(await getInvoice(placed.invoice_id)).toMatchObject({ amount_paid: 0, balance_due: orderTotal });
  });
});

describe('lineage', () => {
  it('links the order, the invoice and the tender to the events they caused', async () => {
    const { orderId, invoice } = await invoicedOrder();
    const tenderId = fresh('tnd');
    await delivered(captureTender(tenderCaptured(tenderId, orderId, 1.01)));
    const types = (links: any[]) => links.map((link) => link.event_type).sort();

    const ofOrder = await lineage('order', orderId);
    const ofInvoice = await lineage('invoice', invoice.invoice_id);
    const ofTender = await lineage('tender', tenderId);

    expect(types(ofOrder)).toEqual(['invoice.issued', 'invoice.payment_applied', 'order.placed', 'tender.captured']);
    expect(ofOrder.every((link) => link.source_ref.kind === 'order' && link.source_ref.id === orderId)).toBe(true);
    expect(types(ofInvoice)).toEqual(['invoice.issued', 'invoice.payment_applied']);
    expect(types(ofTender)).toEqual(['invoice.payment_applied', 'tender.captured']);
    // The tender's link and the invoice's link are the same event.
    const applied = ofInvoice.find((link) => link.event_type === 'invoice.payment_applied');
    expect(ofTender.find((link) => link.event_type === 'invoice.payment_applied').event_id).toBe(applied.event_id);
  });
});

describe('tenant isolation', () => {
  it("shows another organisation's caller nothing of this organisation's receivables, and lets it change nothing", async () => {
    const { orderId, invoice } = await invoicedOrder();
    await delivered(captureTender(tenderCaptured(fresh('tnd'), orderId, 1.01)));
    const before = await getInvoice(invoice.invoice_id);
    const other = await createOrg('ARX', arCaller);

    const notFound = await Promise.all([
      other.post('ar', '/invoice/get', { invoice_id: invoice.invoice_id }),
      other.post('ar', '/invoice/status/set', { invoice_id: invoice.invoice_id, status: 'written_off', expected_revision: before.revision }),
      other.post(
        'ar',
        '/invoice/payment/apply',
        { invoice_id: invoice.invoice_id, expected_revision: before.revision, amount: { currency: 'USD', amount: 1 }, method: 'cash' },
      ),
    ]);
    expect(notFound.map((response) => [response.status, response.body?.error?.major?.tag])).toEqual([
      [404, 'not-found'],
      [404, 'not-found'],
      [404, 'not-found'],
    ]);

    const [list, payments, aging, balance, statement] = await Promise.all([
      other.post('ar', '/invoice/list', { customer_id: customerId, ...everyDueDate }),
      other.post('ar', '/invoice/payment/list', { invoice_id: invoice.invoice_id }),
      other.post('ar', '/ar/aging/report', { as_of: '2026-12-31' }),
      other.post('ar', '/ar/balance', {}),
      other.post('ar', '/ar/statement', { customer_id: customerId, from_utc: '2026-01-01T00:00:00Z', to_utc: '2027-01-01T00:00:00Z' }),
    ]);
    expect([list, payments, aging, balance, statement].map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(list.body.data.invoices).toEqual([]);
    expect(await invoicesOfCustomer(other)).toEqual([]);
    expect(payments.body.data.payments).toEqual([]);
    expect(aging.body.data.report).toMatchObject({ customers: [], totals: [] });
    expect(balance.body.data).toMatchObject({ balances: [], totals: [] });
    expect(statement.body.data.statement).toMatchObject({ lines: [], opening_balances: [], closing_balances: [] });
    expect(await lineage('invoice', invoice.invoice_id, other)).toEqual([]);

    // The same order and tender ids in another organisation's events are that organisation's own.
    const foreignOrder = await delivered(placeOrder({ ...orderPlaced(orderId), orgcode: other.orgcode, total: 21.52 }));
    expect(foreignOrder).toMatchObject({ outcome: 'invoiced' });
    expect(foreignOrder.invoice_id).not.toBe(invoice.invoice_id);
    await delivered(captureTender({ ...tenderCaptured(fresh('tnd'), orderId, 2.02), orgcode: other.orgcode }));

    expect(await getInvoice(invoice.invoice_id)).toEqual(before);
    expect(await paymentsOf(invoice.invoice_id)).toHaveLength(1);
    expect(await invoicesOfCustomer()).toHaveLength(1);
    const theirs = await other.post('ar', '/invoice/get', { invoice_id: foreignOrder.invoice_id });
    expect(theirs.body.data.invoice).toMatchObject({ order_id: orderId, amount_paid: 2.02 });
    expect((await org.post('ar', '/invoice/get', { invoice_id: foreignOrder.invoice_id })).status).toBe(404);
  });
});

describe('manual payment of a tender', () => {
  // The tender claim's failed condition must surface as 409 duplicate_id, not
  // as an unmapped error (a 500).
  it('refuses, without a 5xx, to apply by hand a tender the consumer already applied', async () => {
    const { orderId, invoice } = await invoicedOrder();
    const tenderId = fresh('tnd');
    await delivered(captureTender(tenderCaptured(tenderId, orderId, 1.01)));
    const current = await getInvoice(invoice.invoice_id);

    const again = await org.post(
      'ar',
      '/invoice/payment/apply',
      { invoice_id: invoice.invoice_id, expected_revision: current.revision, amount: { currency: 'USD', amount: 1.01 }, method: 'card', tender_id: tenderId },
    );

    expect(again.status).toBe(409);
    expect(await paymentsOf(invoice.invoice_id)).toHaveLength(1);
    expect(await getInvoice(invoice.invoice_id)).toEqual(current);
  });

  it('claims a tender applied by hand, so its captured event later is a duplicate', async () => {
    const { orderId, invoice } = await invoicedOrder();
    const tenderId = fresh('tnd');
    const manual = await org.post(
      'ar',
      '/invoice/payment/apply',
      { invoice_id: invoice.invoice_id, expected_revision: 1, amount: { currency: 'USD', amount: 2.5 }, method: 'card', tender_id: tenderId },
    );
    expect(manual.status).toBe(200);

    expect(await delivered(captureTender(tenderCaptured(tenderId, orderId, 2.5)))).toEqual({ outcome: 'duplicate' });

    expect(await paymentsOf(invoice.invoice_id)).toHaveLength(1);
    expect(await getInvoice(invoice.invoice_id)).toMatchObject({ amount_paid: 2.5, revision: 2 });
  });
});
