import { ledgerEventId } from '../../shared/domain/ledger/ledger-events';
import { cacheFlatRule } from '../support/commissions';
import { deadLetterReason, succeededWith } from '../support/deliveries';
import * as orders from '../support/fixtures/orders';
import { createOrg, freshId as fresh, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

/**
 * The ledger's consumers (docs/decisions.md: Ledger of incoming events) through
 * the local bus, the real handlers and DynamoDB Local: every order placed,
 * order cancelled and tender captured becomes one accounting event of its type,
 * however often and in whatever order the events arrive, beside the invoice,
 * payment and commission the other consumers make of them.
 */

const stack = useStack();
const org = useOrg('LGR', { reader: { roles: ['acct_view', 'ar_admin'] } });

const orderPlaced = (orderId: string, overrides: Record<string, unknown> = {}) => orders.orderPlaced(org.orgcode, orderId, overrides);
const orderCancelled = (orderId: string, overrides: Record<string, unknown> = {}) => orders.orderCancelled(org.orgcode, orderId, overrides);
const tenderCaptured = (tenderId: string, orderId: string, overrides: Record<string, unknown> = {}) =>
  orders.tenderCaptured(org.orgcode, tenderId, orderId, overrides);

const placeOrder = (detail: Record<string, unknown>) => org.deliver('retail.orders', 'order.placed', detail);
const cancelOrder = (detail: Record<string, unknown>) => org.deliver('retail.orders', 'order.cancelled', detail);
const captureTender = (detail: Record<string, unknown>) => org.deliver('retail.payments', 'tender.captured', detail);

const ledgerConsumers = ['order-placed-ledger', 'order-cancelled-ledger', 'tender-captured-ledger'];
/** Delivers and expects the ledger's consumer to have succeeded; returns its result. */
const recorded = (delivery: ReturnType<typeof org.deliver>) => succeededWith(delivery, ledgerConsumers);

const getEvent = (eventId: string, headers = org.headers.reader) => post('/event/get', { event_id: eventId }, headers);

const eventsOfType = (eventType: string) => org.listAll('reader', '/event/list', { event_types: [eventType], limit: 50 }, 'events');

async function lineage(kind: string, id: string): Promise<any[]> {
  const page = await org.post('reader', '/lineage/list', { source_ref: { kind, id }, limit: 50 });
  expect(page.status).toBe(200);
  return page.body.data.lineage;
}

const system = (eventType: string) => ({ orgcode: org.orgcode, actor: `event:${eventType}`, context_source: 'system' });

describe('once per business key', () => {
  it.each([
    ['order.placed', (key: string) => placeOrder(orderPlaced(key))],
    ['order.cancelled', (key: string) => cancelOrder(orderCancelled(key))],
    ['tender.captured', (key: string) => captureTender(tenderCaptured(key, `ord_of_${key}`))],
  ] as const)('records %s once when it is delivered 3 times at once', async (eventType, deliver) => {
    const businessKey = fresh('key');

    const results = await Promise.all(Array.from({ length: 3 }, () => recorded(deliver(businessKey))));

    const eventId = ledgerEventId(eventType, businessKey);
    expect(results.map((result) => result.outcome).sort()).toEqual(['duplicate', 'duplicate', 'recorded']);
    expect(results.map((result) => result.event_id)).toEqual([eventId, eventId, eventId]);
    const got = await getEvent(eventId);
    expect(got.status).toBe(200);
    expect(got.body.data.event).toMatchObject({ event_id: eventId, event_type: eventType });
    expect((await eventsOfType(eventType)).map((event) => event.event_id)).toEqual([eventId]);
  });

  it('records an order placed and its cancellation, whichever arrives first, each once', async () => {
    const cancelFirst = fresh('ord');
    const placeFirst = fresh('ord');

    await recorded(cancelOrder(orderCancelled(cancelFirst)));
    await recorded(placeOrder(orderPlaced(cancelFirst)));
    await recorded(placeOrder(orderPlaced(placeFirst)));
    await recorded(cancelOrder(orderCancelled(placeFirst)));
    expect(await recorded(cancelOrder(orderCancelled(cancelFirst)))).toMatchObject({ outcome: 'duplicate' });

    for (const orderId of [cancelFirst, placeFirst]) {
      const links = await lineage('order', orderId);
      expect(links.map((link) => link.event_type)).toEqual(['order.placed', 'order.cancelled']);
      expect(links.map((link) => link.event_id)).toEqual([
        ledgerEventId('order.placed', orderId),
        ledgerEventId('order.cancelled', orderId),
      ]);
    }
  });

  it('keeps ids within the event_id rules for the longest order id', async () => {
    const longest = `ord/${'x'.repeat(124)}`;

    const { event_id: eventId } = await recorded(placeOrder(orderPlaced(longest)));

    expect(eventId).toMatch(/^evt_order_placed_[0-9a-f]{32}$/);
    expect((await getEvent(eventId)).body.data.event.source_refs).toContainEqual({ kind: 'order', id: longest });
  });
});

describe('what an entry holds', () => {
  it("maps an order's amounts, tax, facility, channel, cost centre and refs exactly", async () => {
    const orderId = fresh('ord');
    const taxComponents = [
      {
        tax_code: 'STATE',
        jurisdiction_code: 'US-CA',
        rate: 6,
        taxable_base: { currency: 'USD', amount: 330.53 },
        tax_basis: 'added',
        amount: { currency: 'USD', amount: 19.83 },
      },
      { tax_code: 'CITY', jurisdiction_code: 'US-CA-SF', rate: 0.655, amount: { currency: 'USD', amount: 2.17 } },
    ];

    const result = await recorded(
      placeOrder(
        orderPlaced(orderId, {
          placed_at: '2026-11-02T11:00:00+01:00',
          total: { currency: 'USD', amount: 352.53 },
          channel_code: 'web_store',
          logical_guid: 'store_0042',
          cccode: 'ab12-cd34-ef56',
          tax_jurisdiction_code: 'US-CA',
          tax_components: taxComponents,
          policy_refs: { tax_policy_version: 'tax-2026.11' },
          associate_id: 'assoc_jane',
        }),
      ),
    );

    expect(result).toEqual({ outcome: 'recorded', event_id: ledgerEventId('order.placed', orderId) });
    const got = await getEvent(result.event_id);
    expect(got.status).toBe(200);
    expect(got.body.data.event).toEqual({
      event_id: result.event_id,
      orgcode: org.orgcode,
      event_type: 'order.placed',
      occurred_at: '2026-11-02T10:00:00.000Z',
      amount: { currency: 'USD', amount: 352.53 },
      tax_amount: { currency: 'USD', amount: 22 },
      tax_jurisdiction_code: 'US-CA',
      tax_components: taxComponents,
      channel_code: 'web_store',
      logical_guid: 'store_0042',
      cccode: 'AB12-CD34-EF56',
      policy_refs: { tax_policy_version: 'tax-2026.11' },
      reason: `Order ${orderId} placed`,
      source_refs: [
        { kind: 'order', id: orderId },
        { kind: 'customer', id: 'cust_ledger' },
        { kind: 'associate', id: 'assoc_jane' },
      ],
      request_context: system('order.placed'),
      recorded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    for (const [kind, id] of [['order', orderId], ['customer', 'cust_ledger'], ['associate', 'assoc_jane']] as const) {
      expect(await lineage(kind, id)).toEqual([
        {
          event_id: result.event_id,
          event_type: 'order.placed',
          occurred_at: '2026-11-02T10:00:00.000Z',
          logical_guid: 'store_0042',
          channel_code: 'web_store',
          cccode: 'AB12-CD34-EF56',
          source_ref: { kind, id },
          reason: `Order ${orderId} placed`,
        },
      ]);
    }
  });

  it("records a tender's amount and method, linked to the tender, its order and its method", async () => {
    const orderId = fresh('ord');
    const tenderId = fresh('tnd');

    const { event_id: eventId } = await recorded(captureTender(tenderCaptured(tenderId, orderId)));

    expect((await getEvent(eventId)).body.data.event).toEqual({
      event_id: ledgerEventId('tender.captured', tenderId),
      orgcode: org.orgcode,
      event_type: 'tender.captured',
      occurred_at: '2026-11-03T09:30:00.000Z',
      amount: { currency: 'USD', amount: 100.01 },
      reason: `Tender ${tenderId} captured by gift_card for order ${orderId}`,
      source_refs: [
        { kind: 'tender', id: tenderId },
        { kind: 'order', id: orderId },
        { kind: 'tender_method', id: 'gift_card' },
      ],
      request_context: system('tender.captured'),
      recorded_at: expect.any(String),
    });
    for (const [kind, id] of [['tender', tenderId], ['order', orderId], ['tender_method', 'gift_card']] as const) {
      expect((await lineage(kind, id)).map((link) => link.event_id)).toEqual([eventId]);
    }
  });

  it('records a cancellation without amounts, with its reason or a default one', async () => {
    const withReason = fresh('ord');
    const withoutReason = fresh('ord');

    const first = await recorded(cancelOrder(orderCancelled(withReason, { reason: 'Customer changed their mind' })));
    const second = await recorded(cancelOrder(orderCancelled(withoutReason)));

    expect((await getEvent(first.event_id)).body.data.event).toEqual({
      event_id: ledgerEventId('order.cancelled', withReason),
      orgcode: org.orgcode,
      event_type: 'order.cancelled',
      occurred_at: '2026-11-05T09:00:00.000Z',
      reason: 'Customer changed their mind',
      source_refs: [{ kind: 'order', id: withReason }],
      request_context: system('order.cancelled'),
      recorded_at: expect.any(String),
    });
    expect((await getEvent(second.event_id)).body.data.event.reason).toBe(`Order ${withoutReason} cancelled`);
  });
});

describe('beside the other consumers of the same events', () => {
  it('records an order on terms by an associate while it is invoiced and commissioned, and its tender while it is applied', async () => {
    await cacheFlatRule(org.orgcode);
    const orderId = fresh('ord');
    const tenderId = fresh('tnd');

    const placed = await placeOrder(orderPlaced(orderId, { payment_terms: { type: 'net', net_days: 30 }, associate_id: 'assoc_jane' }));
    const captured = await captureTender(tenderCaptured(tenderId, orderId));

    expect(placed.map(({ consumer, status, result }: any) => ({ consumer, status, outcome: result?.outcome }))).toEqual([
      { consumer: 'order-placed', status: 'succeeded', outcome: 'invoiced' },
      { consumer: 'order-placed-commission', status: 'succeeded', outcome: 'created' },
      { consumer: 'order-placed-ledger', status: 'succeeded', outcome: 'recorded' },
    ]);
    expect(captured.map(({ consumer, status, result }: any) => ({ consumer, status, outcome: result?.outcome }))).toEqual([
      { consumer: 'tender-captured', status: 'succeeded', outcome: 'applied' },
      { consumer: 'tender-captured-ledger', status: 'succeeded', outcome: 'recorded' },
    ]);
    const orderLinks = (await lineage('order', orderId)).map((link) => link.event_type).sort();
    expect(orderLinks).toEqual(['commission.accrued', 'invoice.issued', 'invoice.payment_applied', 'order.placed', 'tender.captured']);
    const commissions = await org.post('reader', '/commission/list', { order_id: orderId });
    expect(commissions.body.data.commissions).toEqual([expect.objectContaining({ status: 'accrued', amount: 16.53 })]);
  });

  it('records an order whose invoice fails, and dead-letters only the ledger when its entry cannot be written', async () => {
    const writer = await org.issue({ actor: 'tester', roles: ['acct_export_admin'] });
    const onTerms = { payment_terms: { type: 'net', net_days: 30 } };
    const wrongTotal = fresh('ord');
    const idTaken = fresh('ord');
    // Only `/event/record` could hold a ledger id with another type: the ledger must not take that for its entry.
    const taken = await post(
      '/event/record',
      {
        event_id: ledgerEventId('order.placed', idTaken),
        event_type: 'order.annotated',
        occurred_at: '2026-11-01T00:00:00Z',
        reason: 'A note recorded by hand',
        source_refs: [],
        request_context: org.requestContext(),
      },
      writer,
    );
    expect(taken.status).toBe(200);

    // A stated total the lines do not add up to fails the invoice; the ledger records what the order states.
    const invoiceFailed = await placeOrder(orderPlaced(wrongTotal, { ...onTerms, total: 999 }));
    const ledgerFailed = placeOrder(orderPlaced(idTaken, onTerms));

    expect(invoiceFailed.map(({ consumer, status }) => ({ consumer, status }))).toEqual([
      { consumer: 'order-placed', status: 'dead-lettered' },
      { consumer: 'order-placed-commission', status: 'succeeded' },
      { consumer: 'order-placed-ledger', status: 'succeeded' },
    ]);
    expect((await getEvent(ledgerEventId('order.placed', wrongTotal))).body.data.event.amount).toEqual({ currency: 'USD', amount: 999 });
    expect(await succeededWith(ledgerFailed, ['order-placed'])).toMatchObject({ outcome: 'invoiced' });
    expect(await deadLetterReason(ledgerFailed, stack.api.consumers, ['order-placed-ledger'])).toMatch(/already exists/);
    expect((await getEvent(ledgerEventId('order.placed', idTaken))).body.data.event.event_type).toBe('order.annotated');
  });
});

describe('malformed events', () => {
  const deadLettered = (delivery: ReturnType<typeof org.deliver>) => deadLetterReason(delivery, stack.api.consumers, ledgerConsumers);

  it('dead-letters each event with the reason, and records nothing', async () => {
    const orderId = fresh('ord');
    const tenderId = fresh('tnd');
    const { total: _total, ...withoutTotal } = orderPlaced(orderId);

    const reasons = await Promise.all([
      deadLettered(placeOrder(withoutTotal)),
      deadLettered(placeOrder(orderPlaced(fresh('ord'), { tax_components: [{ jurisdiction_code: 'US-CA', rate: 101 }] }))),
      deadLettered(placeOrder(orderPlaced(fresh('ord'), { tax_total: { currency: 'EUR', amount: 22 } }))),
      deadLettered(cancelOrder(orderCancelled(orderId, { cancelled_at: 'yesterday' }))),
      deadLettered(captureTender(tenderCaptured(tenderId, orderId, { amount: { currency: 'USD', amount: 1.001 } }))),
    ]);

    expect(reasons).toEqual([
      expect.stringMatching(/detail\.total/),
      expect.stringMatching(/detail\.tax_components\.0\.rate/),
      expect.stringMatching(/detail\.tax_total: is in EUR, but the order is in USD/),
      expect.stringMatching(/detail\.cancelled_at/),
      expect.stringMatching(/detail\.amount\.amount: has more decimals than USD has/),
    ]);
    for (const eventType of ['order.placed', 'order.cancelled', 'tender.captured']) expect(await eventsOfType(eventType)).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it("shows another organisation's caller none of this organisation's ledger", async () => {
    const orderId = fresh('ord');
    const { event_id: eventId } = await recorded(placeOrder(orderPlaced(orderId)));
    const other = await createOrg('LGX', { auditor: { roles: ['acct_view', 'finance_audit'] } });

    const notFound = await getEvent(eventId, other.headers.auditor);
    const otherLineage = await other.post('auditor', '/lineage/list', { source_ref: { kind: 'order', id: orderId }, limit: 50 });

    expect([notFound.status, notFound.body.error.major.tag]).toEqual([404, 'not-found']);
    expect(otherLineage.body.data.lineage).toEqual([]);
    expect((await getEvent(eventId)).status).toBe(200);
  });
});
