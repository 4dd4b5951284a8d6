import { eventRequest } from '../support/fixtures/events';
import { createOrg, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

useStack();
const org = useOrg('EV', {
  writer: { roles: ['acct_export_admin'], actor: 'tester' },
  reader: { roles: ['acct_view'] },
});

const anEvent = (overrides: Record<string, unknown> = {}) =>
  eventRequest(org.orgcode, { amount: { currency: 'USD', amount: 10.1 }, tax_amount: { currency: 'USD', amount: 0.7 }, ...overrides });

async function record(overrides: Record<string, unknown> = {}, headers = org.headers.writer) {
  const response = await post('/event/record', anEvent(overrides), headers);
  expect(response.status).toBe(200);
  return response.body.data.event;
}

const listAll = (path: string, body: Record<string, unknown>, key: string) => org.listAll('reader', path, body, key);

describe('/event/record and /event/get', () => {
  it('stores the event with the request context captured from the call, and reads it back', async () => {
    const recorded = await record({ cccode: 'abcd-1234-ef56' }, { ...org.headers.writer, 'x-channel-code': 'web_store' });
    expect(recorded).toMatchObject({
      event_id: expect.stringMatching(/^evt_[0-9A-Z]{26}$/),
      orgcode: org.orgcode,
      event_type: 'order.placed',
      occurred_at: '2026-11-20T10:00:00.000Z',
      cccode: 'ABCD-1234-EF56',
      channel_code: 'web_store',
      request_context: {
        orgcode: org.orgcode,
        actor: 'tester',
        context_source: 'api_key',
        roles: ['acct_export_admin'],
        channel_code: 'web_store',
        api_key_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    const read = await org.post('reader', '/event/get', { event_id: recorded.event_id });
    expect(read.status).toBe(200);
    expect(read.body.data.event).toEqual(recorded);
  });

  it('echoes a client event_id exactly and refuses a second event with it (409 duplicate_id)', async () => {
    const eventId = 'Ext-Event/001:a';
    expect((await record({ event_id: eventId })).event_id).toBe(eventId);
    const again = await org.post('writer', '/event/record', anEvent({ event_id: eventId, reason: 'again' }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ error_code: 'accounting.duplicate_id', major: { tag: 'conflict' } });
  });

  it('answers 404 for an unknown event and for an event of another organisation', async () => {
    const recorded = await record();
    const stranger = await createOrg('EVX', { reader: { roles: ['acct_view'] } });
    const missing = await org.post('reader', '/event/get', { event_id: 'evt_missing' });
    const foreign = await stranger.post('reader', '/event/get', { event_id: recorded.event_id });
    expect([missing.status, foreign.status]).toEqual([404, 404]);
    expect(foreign.body.error.major.tag).toBe('not-found');
  });

  it("keeps the credential's actor in request_context and records a contradicting claimed actor beside it", async () => {
    const alice = await org.issue({ actor: 'alice', roles: ['acct_export_admin'] });
    const claimed = await post('/event/record', anEvent({ request_context: { orgcode: org.orgcode, actor: 'bob', context_source: 'api_key' } }), alice);
    const agreeing = await post('/event/record', anEvent({ request_context: { orgcode: org.orgcode, actor: 'alice', context_source: 'api_key' } }), alice);

    expect(claimed.status).toBe(200);
    expect(claimed.body.data.event.request_context).toMatchObject({ actor: 'alice', context_source: 'api_key' });
    expect(claimed.body.data.event.claimed_actor).toBe('bob');
    expect((await org.post('reader', '/event/get', { event_id: claimed.body.data.event.event_id })).body.data.event).toEqual(claimed.body.data.event);
    expect(agreeing.body.data.event.request_context.actor).toBe('alice');
    expect(agreeing.body.data.event).not.toHaveProperty('claimed_actor');
  });

  it('rejects a request_context that names another organisation, and bad identifiers', async () => {
    const foreignContext = await org.post(
      'writer',
      '/event/record',
      anEvent({ request_context: { orgcode: 'ELSEWHERE', actor: 'x', context_source: 'api_key' } }),
    );
    expect(foreignContext.status).toBe(400);
    expect(foreignContext.body.error.details.issues).toEqual([
      { path: 'request_context.orgcode', message: expect.any(String) },
    ]);
    const bad = await org.post(
      'writer',
      '/event/record',
      anEvent({ cccode: 'ABC', channel_code: 'Web Store', event_type: 'Order', amount: { currency: 'USD', amount: 0.0000001 } }),
    );
    expect(bad.status).toBe(400);
    const paths = bad.body.error.details.issues.map((issue: { path: string }) => issue.path).sort();
    expect(paths).toEqual(['amount.amount', 'cccode', 'channel_code', 'event_type']);
  });

  it('requires the fields the spec marks required', async () => {
    const response = await org.post('writer', '/event/record', {});
    expect(response.status).toBe(400);
    const paths = response.body.error.details.issues.map((issue: { path: string }) => issue.path).sort();
    expect(paths).toEqual(['event_type', 'occurred_at', 'reason', 'request_context', 'source_refs']);
  });
});

describe('idempotent /event/record', () => {
  it('replays the original response byte for byte for the same key and body', async () => {
    const body = anEvent({ idempotency_key: 'k-1' });
    const first = await org.post('writer', '/event/record', body);
    const second = await org.post('writer', '/event/record', body);
    expect(second.status).toBe(200);
    expect(JSON.stringify(second.body.data)).toBe(JSON.stringify(first.body.data));
  });

  it('answers 422 when the key is reused with another body', async () => {
    await org.post('writer', '/event/record', anEvent({ idempotency_key: 'k-2' }));
    const reused = await org.post('writer', '/event/record', anEvent({ idempotency_key: 'k-2', reason: 'different' }));
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatchObject({
      error_code: 'accounting.idempotency_key_reused',
      major: { tag: 'validation-error' },
    });
  });

  it('stores exactly one event when 40 calls with the same key arrive at once', async () => {
    const body = anEvent({ idempotency_key: 'k-race', source_refs: [{ kind: 'order', id: 'ord_race' }] });
    const responses = await Promise.all(Array.from({ length: 40 }, () => org.post('writer', '/event/record', body)));
    expect(responses.map((response) => response.status)).toEqual(Array(40).fill(200));
    const ids = new Set(responses.map((response) => response.body.data.event.event_id));
    expect(ids.size).toBe(1);
    const items = await listAll('/lineage/list', { source_ref: { kind: 'order', id: 'ord_race' } }, 'lineage');
    expect(items).toHaveLength(1);
  });

  it('scopes keys per organisation', async () => {
    const other = await createOrg('EVK', { writer: { owner: true } });
    const mine = await org.post('writer', '/event/record', anEvent({ idempotency_key: 'shared' }));
    const theirs = await other.post(
      'writer',
      '/event/record',
      anEvent({ idempotency_key: 'shared', request_context: { orgcode: other.orgcode, actor: 'x', context_source: 'api_key' } }),
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.event.event_id).not.toBe(mine.body.data.event.event_id);
  });
});

describe('/event/list', () => {
  it('walks every event of the window exactly once, in occurred_at order, across pages', async () => {
    const recorded = [];
    for (let i = 0; i < 21; i += 1) {
      recorded.push(await record({ occurred_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() }));
    }
    const pages = await org.listPages('reader', '/event/list', { limit: 4 });
    expect(pages).toHaveLength(6);
    expect(pages.flatMap((page) => page.events).map((event) => event.event_id)).toEqual(recorded.map((event) => event.event_id));
  });

  it('defaults to 8 per page and clamps the limit into 1..256', async () => {
    for (let i = 0; i < 10; i += 1) await record();
    const byDefault = await org.post('reader', '/event/list', {});
    const tooSmall = await org.post('reader', '/event/list', { limit: 0 });
    const tooLarge = await org.post('reader', '/event/list', { limit: 100000 });
    expect(byDefault.body.data.events).toHaveLength(8);
    expect(byDefault.body.data.next_token).toEqual(expect.any(String));
    expect(tooSmall.body.data.events).toHaveLength(1);
    expect(tooLarge.body.data.events).toHaveLength(10);
    expect(tooLarge.body.data.next_token ?? null).toBeNull();
  });

  it('filters by event types, facility, channel, cost centre and a half-open window', async () => {
    await record({ event_type: 'order.placed', occurred_at: '2026-11-01T00:00:00Z', channel_code: 'web' });
    await record({ event_type: 'tender.captured', occurred_at: '2026-11-02T00:00:00Z', cccode: 'AAAA-BBBB-CCCC' });
    await record({ event_type: 'order.cancelled', occurred_at: '2026-11-03T00:00:00Z', logical_guid: 'store-7' });
    const types = (events: any[]) => events.map((event) => event.event_type);

    const one = await listAll('/event/list', { event_types: ['tender.captured'] }, 'events');
    const two = await listAll('/event/list', { event_types: ['order.placed', 'order.cancelled'] }, 'events');
    const window = await listAll(
      '/event/list',
      { from_utc: '2026-11-02T00:00:00Z', to_utc: '2026-11-03T00:00:00Z' },
      'events',
    );
    const channel = await listAll('/event/list', { channel_code: 'web' }, 'events');
    const cccode = await listAll('/event/list', { cccode: 'aaaa-bbbb-cccc' }, 'events');
    const facility = await listAll('/event/list', { logical_guid: 'store-7' }, 'events');

    expect(types(one)).toEqual(['tender.captured']);
    expect(types(two)).toEqual(['order.placed', 'order.cancelled']);
    expect(types(window)).toEqual(['tender.captured']);
    expect(types(channel)).toEqual(['order.placed']);
    expect(types(cccode)).toEqual(['tender.captured']);
    expect(types(facility)).toEqual(['order.cancelled']);
  });

  it('lists an event written a moment ago, read by another caller at once (consistent read of the table)', async () => {
    const ref = { kind: 'order', id: 'ord_at_once' };
    const window = { from_utc: '2026-12-05T00:00:00Z', to_utc: '2026-12-06T00:00:00Z' };
    const event = await record({ event_type: 'tender.captured', occurred_at: '2026-12-05T10:00:00Z', source_refs: [ref] });

    const [all, ofType, lineage, report] = await Promise.all([
      listAll('/event/list', window, 'events'),
      listAll('/event/list', { ...window, event_types: ['tender.captured'] }, 'events'),
      listAll('/lineage/list', { source_ref: ref }, 'lineage'),
      org.post('reader', '/reconcile/report', window),
    ]);
    expect(all.map((listed) => listed.event_id)).toEqual([event.event_id]);
    expect(ofType).toEqual([event]);
    expect(lineage.map((link) => link.event_id)).toEqual([event.event_id]);
    expect(report.body.data.report).toMatchObject({ event_count: 1, by_type: { 'tender.captured': 1 } });
  });

  it('rejects a window whose end is not after its start', async () => {
    const response = await org.post('reader', '/event/list', { from_utc: '2026-11-02T00:00:00Z', to_utc: '2026-11-01T00:00:00Z' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.issues[0].path).toBe('to_utc');
  });

  it('refuses forged, altered and foreign tokens with 400 invalid_token', async () => {
    for (let i = 0; i < 3; i += 1) await record();
    const page = await org.post('reader', '/event/list', { limit: 1 });
    const token: string = page.body.data.next_token;
    const [payload, mac] = token.split('.');
    const stranger = await createOrg('EVT', { reader: { roles: ['acct_view'] } });

    const forged = await org.post('reader', '/event/list', { limit: 1, next_token: `${payload}x.${mac}` });
    const foreignOrg = await stranger.post('reader', '/event/list', { limit: 1, next_token: token });
    const otherFilter = await org.post('reader', '/event/list', { limit: 1, next_token: token, channel_code: 'web' });
    const otherRoute = await org.post('reader', '/lineage/list', { source_ref: { kind: 'order', id: 'ord_1' }, next_token: token });
    for (const response of [forged, foreignOrg, otherFilter, otherRoute]) {
      expect(response.status).toBe(400);
      expect(response.body.error.error_code).toBe('accounting.invalid_token');
    }
  });
});

describe('/lineage/list', () => {
  it('lists every event citing a source ref, and only those', async () => {
    const order = { kind: 'order', id: 'ord_lineage' };
    const placed = await record({ occurred_at: '2026-11-01T00:00:00Z', source_refs: [order] });
    const paid = await record({
      event_type: 'tender.captured',
      occurred_at: '2026-11-02T00:00:00Z',
      source_refs: [order, { kind: 'tender', id: 'tnd_9' }, order],
    });
    await record({ source_refs: [{ kind: 'order', id: 'ord_other' }] });

    const items = await listAll('/lineage/list', { source_ref: order, limit: 1 }, 'lineage');
    expect(items).toEqual([
      expect.objectContaining({ event_id: placed.event_id, event_type: 'order.placed', source_ref: order }),
      expect.objectContaining({ event_id: paid.event_id, event_type: 'tender.captured', reason: 'order placed' }),
    ]);
  });
});

describe('/reconcile/report', () => {
  const window = { from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-11-02T00:00:00Z' };

  it('counts and sums exactly, and the last page of a paged report is the whole window', async () => {
    const amounts = [0.1, 0.2, 19.99, 0.01, 1000.005, 7];
    for (const [i, amount] of amounts.entries()) {
      await record({
        event_type: i % 2 ? 'tender.captured' : 'order.placed',
        occurred_at: `2026-11-01T0${i}:00:00Z`,
        amount: { currency: i === 5 ? 'EUR' : 'USD', amount },
        tax_amount: { currency: 'USD', amount: 0.1 },
      });
    }
    await record({ occurred_at: '2026-11-02T00:00:00Z' });

    const whole = await org.post('reader', '/reconcile/report', window);
    expect(whole.body.data.report).toEqual({
      from_utc: '2026-11-01T00:00:00.000Z',
      to_utc: '2026-11-02T00:00:00.000Z',
      event_count: 6,
      by_type: { 'order.placed': 3, 'tender.captured': 3 },
      amount_totals: { USD: 1020.305, EUR: 7 },
      tax_totals: { USD: 0.6 },
      partial: false,
    });

    let page = await org.post('reader', '/reconcile/report', { ...window, limit: 4 });
    expect(page.body.data.report).toMatchObject({ partial: true, event_count: 4 });
    while (page.body.data.next_token) {
      page = await org.post('reader', '/reconcile/report', { ...window, limit: 4, next_token: page.body.data.next_token });
    }
    expect(page.body.data.report).toEqual(whole.body.data.report);
  });

  it('narrows to event_types', async () => {
    await record({ occurred_at: '2026-11-01T01:00:00Z' });
    await record({ event_type: 'tender.captured', occurred_at: '2026-11-01T02:00:00Z' });
    const response = await org.post('reader', '/reconcile/report', { ...window, event_types: ['tender.captured'] });
    expect(response.body.data.report).toMatchObject({ event_count: 1, by_type: { 'tender.captured': 1 } });
  });

  it('requires the window', async () => {
    const response = await org.post('reader', '/reconcile/report', {});
    expect(response.status).toBe(400);
    const paths = response.body.error.details.issues.map((issue: { path: string }) => issue.path).sort();
    expect(paths).toEqual(['from_utc', 'to_utc']);
  });
});

describe('identifiers at their length limits', () => {
  it('stores, gets and traces events whose ids and refs are long multi-byte text', async () => {
    const eventId = '€'.repeat(128);
    const ref = { kind: 'ü'.repeat(256), id: '€'.repeat(256) };
    const recorded = await record({ event_id: eventId, source_refs: [ref], idempotency_key: '€'.repeat(256) });
    expect(recorded.event_id).toBe(eventId);
    expect((await org.post('reader', '/event/get', { event_id: eventId })).body.data.event.source_refs).toEqual([ref]);
    const items = await listAll('/lineage/list', { source_ref: ref }, 'lineage');
    expect(items.map((item) => item.event_id)).toEqual([eventId]);
  });
});
