import { ledgerEventId } from '../../shared/domain/events/ledger-events';
import { eventRequest } from '../support/fixtures/events';
import { mappingRequest } from '../support/fixtures/gl';
import { orderCancelled, orderPlaced, tenderCaptured } from '../support/fixtures/orders';
import { useOrg, useStack } from '../support/harness';

/**
 * The journal of one organisation's November, seeded once for the file:
 * - ord_tx, 2 November, at the till: 352.53 with 22 of tax, 15.005 to Texas and
 *   6.995 to Austin, each rounded on its own (15.01 + 7.00): a cent left over;
 * - ord_web, 3 November, on the web store, cancelled on 5 November;
 * - a card tender on 3 November;
 * - on 10 November, an invoice event no rule maps, and a cancellation of an
 *   order the ledger never received.
 */
useStack();
const org = useOrg(
  'GLJ',
  {
    admin: { roles: ['acct_export_admin'] },
    viewer: { roles: ['acct_view'] },
  },
  { per: 'file' },
);

const window = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-11-06T00:00:00Z' };
const withUnmapped = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-11-11T00:00:00Z' };

const texasOrder = () =>
  orderPlaced(org.orgcode, 'ord_tx', {
    tax_jurisdiction_code: 'US-TX',
    tax_components: [
      { jurisdiction_code: 'US-TX', amount: { currency: 'USD', amount: 15.005 } },
      { jurisdiction_code: 'US-TX-AUS', amount: { currency: 'USD', amount: 6.995 } },
    ],
  });

let unmappedInvoiceId = '';

beforeAll(async () => {
  expect((await org.post('admin', '/gl/mapping/set', mappingRequest())).status).toBe(200);
  await org.deliver('retail.orders', 'order.placed', texasOrder());
  await org.deliver('retail.orders', 'order.placed', orderPlaced(org.orgcode, 'ord_web', { placed_at: '2026-11-03T12:00:00Z', channel_code: 'web_store' }));
  await org.deliver('retail.payments', 'tender.captured', tenderCaptured(org.orgcode, 'tnd_1', 'ord_tx', { method: 'card' }));
  await org.deliver('retail.orders', 'order.cancelled', orderCancelled(org.orgcode, 'ord_web'));
  await org.deliver('retail.orders', 'order.cancelled', orderCancelled(org.orgcode, 'ord_never', { cancelled_at: '2026-11-10T08:00:00Z' }));
  const invoice = await org.post(
    'admin',
    '/event/record',
    eventRequest(org.orgcode, { event_type: 'invoice.issued', occurred_at: '2026-11-10T09:00:00Z', channel_code: 'pos', request_context: org.requestContext() }),
  );
  expect(invoice.status).toBe(200);
  unmappedInvoiceId = invoice.body.data.event.event_id;
});

describe('/gl/coverage/report', () => {
  it('counts what the mapping maps in the window and groups what it does not, with their event ids', async () => {
    const covered = await org.post('viewer', '/gl/coverage/report', window);
    expect(covered.status).toBe(200);
    expect(covered.body.data.coverage).toEqual({ ...window, from_utc: '2026-11-01T00:00:00.000Z', to_utc: '2026-11-06T00:00:00.000Z', events: 4, mapped: 4, unmapped: [] });

    const partial = await org.post('admin', '/gl/coverage/report', withUnmapped);
    expect(partial.body.data.coverage).toMatchObject({ events: 6, mapped: 4 });
    expect(partial.body.data.coverage.unmapped).toEqual([
      { event_type: 'invoice.issued', match: { channel_code: 'pos', cccode: null, logical_guid: null, currency: 'USD' }, count: 1, event_ids: [unmappedInvoiceId] },
      {
        event_type: 'order.cancelled',
        match: { channel_code: null, cccode: null, logical_guid: null, currency: null },
        count: 1,
        event_ids: [ledgerEventId('order.cancelled', 'ord_never')],
      },
    ]);

    const onlyTenders = await org.post('viewer', '/gl/coverage/report', { ...withUnmapped, event_types: ['tender.captured'] });
    expect(onlyTenders.body.data.coverage).toMatchObject({ events: 1, mapped: 1, unmapped: [] });
  });
});
