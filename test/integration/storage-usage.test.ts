import { storageUsageRequest } from '../support/fixtures/storage-usage';
import { createOrg, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

useStack();
const org = useOrg('STU', {
  writer: { roles: ['acct_export_admin'], actor: 'tester' },
  reader: { roles: ['acct_view'] },
});

const aRequest = (usage: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) =>
  storageUsageRequest(org.orgcode, usage, overrides);

async function record(usage: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}, headers = org.headers.writer) {
  const response = await post('/storage/usage/record', aRequest(usage, overrides), headers);
  expect(response.status).toBe(200);
  return response.body.data.usage;
}

const listAll = (filter: Record<string, unknown>) => org.listAll('reader', '/storage/usage/list', filter, 'usages');

const issuePaths = (response: { body: any }) =>
  response.body.error.details.issues.map((issue: { path: string }) => issue.path).sort();

describe('/storage/usage/record and /storage/usage/get', () => {
  it('stores every field with the request context captured from the call, and reads it back', async () => {
    const request = aRequest(
      {
        resource_type: 'table_store',
        resource_ref: 'accounting-table',
        service: 'accounting',
        bytes: 7340032.5,
        item_count: 5120,
        object_count: 0,
        window: { from_utc: '2026-11-20T00:00:00+01:00', to_utc: '2026-11-21T00:00:00Z' },
        measured_at: '2026-11-21T00:05:00Z',
        logical_guid: 'store-7',
        channel_code: 'web_store',
        cccode: 'abcd-1234-ef56',
      },
      { policy_refs: { storage_policy_version: 'sp-3', pricing_policy_version: 'pp-1' } },
    );
    const response = await org.post('writer', '/storage/usage/record', request);
    expect(response.status).toBe(200);
    const recorded = response.body.data.usage;
    expect(recorded).toEqual({
      usage_id: expect.stringMatching(/^stu_[0-9A-Z]{26}$/),
      orgcode: org.orgcode,
      resource_type: 'table_store',
      resource_ref: 'accounting-table',
      service: 'accounting',
      bytes: 7340032.5,
      item_count: 5120,
      object_count: 0,
      window: { from_utc: '2026-11-19T23:00:00.000Z', to_utc: '2026-11-21T00:00:00.000Z' },
      measured_at: '2026-11-21T00:05:00.000Z',
      logical_guid: 'store-7',
      channel_code: 'web_store',
      cccode: 'ABCD-1234-EF56',
      request_context: {
        orgcode: org.orgcode,
        actor: 'tester',
        context_source: 'api_key',
        roles: ['acct_export_admin'],
        api_key_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      policy_refs: { storage_policy_version: 'sp-3', pricing_policy_version: 'pp-1' },
      reason: 'daily measurement',
      source_refs: [{ kind: 'storage_meter', id: 'meter-1' }],
      recorded_at: expect.any(String),
    });
    const read = await org.post('reader', '/storage/usage/get', { usage_id: recorded.usage_id });
    expect(read.status).toBe(200);
    expect(read.body.data.usage).toEqual(recorded);
  });

  it('takes facility, channel and cost centre the usage leaves out from the headers', async () => {
    const headers = { ...org.headers.writer, 'x-logical-guid': 'store-9', 'x-channel-code': 'pos', 'x-cccode': 'WXYZ-0000-0001' };
    const recorded = await record({}, {}, headers);
    expect(recorded).toMatchObject({ logical_guid: 'store-9', channel_code: 'pos', cccode: 'WXYZ-0000-0001' });
    const mine = await record({ cccode: 'AAAA-BBBB-CCCC' }, {}, headers);
    expect(mine.cccode).toBe('AAAA-BBBB-CCCC');
  });

  it('echoes a client usage_id exactly and refuses a second record with it (409 duplicate_id)', async () => {
    const usageId = 'Ext-Usage/2026-11-20:a';
    expect((await record({ usage_id: usageId })).usage_id).toBe(usageId);
    const again = await org.post('writer', '/storage/usage/record', aRequest({ usage_id: usageId, bytes: 1 }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ error_code: 'accounting.duplicate_id', major: { tag: 'conflict' } });
    expect((await org.post('reader', '/storage/usage/get', { usage_id: usageId })).body.data.usage.bytes).toBe(1024);
  });

  it("answers 404 for an unknown record and for another organisation's", async () => {
    const recorded = await record();
    const stranger = await createOrg('STX', { reader: { roles: ['acct_view'] } });
    const missing = await org.post('reader', '/storage/usage/get', { usage_id: 'stu_missing' });
    const foreign = await stranger.post('reader', '/storage/usage/get', { usage_id: recorded.usage_id });
    expect([missing.status, foreign.status]).toEqual([404, 404]);
    expect(foreign.body.error.major.tag).toBe('not-found');
  });

  it('requires the fields the spec marks required', async () => {
    const empty = await org.post('writer', '/storage/usage/record', {});
    expect(empty.status).toBe(400);
    expect(issuePaths(empty)).toEqual(['reason', 'request_context', 'source_refs', 'usage']);
    const emptyUsage = await org.post('writer', '/storage/usage/record', aRequest({}, { usage: {} }));
    expect(emptyUsage.status).toBe(400);
    expect(issuePaths(emptyUsage)).toEqual(['usage.bytes', 'usage.resource_ref', 'usage.resource_type', 'usage.service']);
  });

  it('answers bad input with 400 naming every failing field', async () => {
    const bad = await org.post(
      'writer',
      '/storage/usage/record',
      aRequest({
        resource_type: 'disk',
        bytes: -1,
        item_count: 1.5,
        object_count: -2,
        window: { from_utc: '2026-11-21T00:00:00Z', to_utc: '2026-11-20T00:00:00Z' },
        measured_at: 'yesterday',
        cccode: 'ABC',
        channel_code: 'Web Store',
        colour: 'blue',
      }),
    );
    expect(bad.status).toBe(400);
    expect(issuePaths(bad)).toEqual([
      'usage.bytes',
      'usage.cccode',
      'usage.channel_code',
      'usage.colour',
      'usage.item_count',
      'usage.measured_at',
      'usage.object_count',
      'usage.resource_type',
      'usage.window.to_utc',
    ]);
    const badList = await org.post('reader', '/storage/usage/list', {
      resource_type: 'disk',
      cccode: 'x',
      from_utc: '2026-11-02T00:00:00Z',
      to_utc: '2026-11-01T00:00:00Z',
    });
    expect(badList.status).toBe(400);
    expect(issuePaths(badList)).toEqual(['cccode', 'resource_type']);
    const reversed = await org.post('reader', '/storage/usage/list', { from_utc: '2026-11-02T00:00:00Z', to_utc: '2026-11-01T00:00:00Z' });
    expect(issuePaths(reversed)).toEqual(['to_utc']);
  });

  it('lets readers read and not record', async () => {
    const refused = await org.post('reader', '/storage/usage/record', aRequest());
    expect(refused.status).toBe(403);
  });
});

describe('idempotent /storage/usage/record', () => {
  it('replays the original response for the same key and body, storing one record', async () => {
    const body = aRequest({}, { idempotency_key: 'measure-1' });
    const first = await org.post('writer', '/storage/usage/record', body);
    const second = await org.post('writer', '/storage/usage/record', body);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(JSON.stringify(second.body.data)).toBe(JSON.stringify(first.body.data));
    expect(await listAll({})).toEqual([first.body.data.usage]);
  });

  it('answers 422 when the key is reused with another body', async () => {
    await org.post('writer', '/storage/usage/record', aRequest({}, { idempotency_key: 'measure-2' }));
    const reused = await org.post('writer', '/storage/usage/record', aRequest({ bytes: 2048 }, { idempotency_key: 'measure-2' }));
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatchObject({ error_code: 'accounting.idempotency_key_reused', major: { tag: 'validation-error' } });
    expect(await listAll({})).toHaveLength(1);
  });
});

describe('/storage/usage/list', () => {
  /** Usage spread over every filter's values, one a day from 1 November (the instant each is listed at). */
  const fixture = [
    { resource_type: 'object_store', service: 'accounting', cccode: 'AAAA-0000-0001', logical_guid: 'store-1', channel_code: 'web_store' },
    { resource_type: 'table_store', service: 'accounting', cccode: 'AAAA-0000-0002', channel_code: 'pos' },
    { resource_type: 'object_store', service: 'orders', cccode: 'AAAA-0000-0001', logical_guid: 'store-2', channel_code: 'pos' },
    { resource_type: 'table_store', service: 'orders', logical_guid: 'store-1', channel_code: 'web_store' },
    { resource_type: 'object_store', service: 'orders', cccode: 'AAAA-0000-0002', logical_guid: 'store-1' },
    { resource_type: 'table_store', service: 'accounting', cccode: 'AAAA-0000-0001' },
    { resource_type: 'object_store', service: 'pricing', cccode: 'AAAA-0000-0001', channel_code: 'web_store' },
  ] as Array<Record<string, string>>;
  const day = (index: number) => new Date(Date.UTC(2026, 10, 1 + index)).toISOString();

  async function recordFixture() {
    const recorded = [];
    for (const [index, fields] of fixture.entries()) {
      // Every other one is a snapshot (measured_at) rather than a window: both are listed by their instant.
      const when = index % 2 ? { measured_at: day(index) } : { window: { from_utc: day(index), to_utc: day(index + 1) } };
      recorded.push(await record({ ...fields, ...when }));
    }
    return recorded.map((usage) => usage.usage_id as string);
  }

  /** The fixture's ids the filter should list, worked out from the fixture alone. */
  function expectedIds(ids: string[], filter: Record<string, string>) {
    const { from_utc, to_utc, ...fields } = filter;
    return ids.filter((_id, index) => {
      const at = day(index);
      return (
        Object.entries(fields).every(([name, value]) => fixture[index]![name] === value) &&
        (from_utc === undefined || at >= new Date(from_utc).toISOString()) &&
        (to_utc === undefined || at < new Date(to_utc).toISOString())
      );
    });
  }

  const filters: Array<Record<string, string>> = [
    {},
    { resource_type: 'object_store' },
    { resource_type: 'table_store' },
    { service: 'orders' },
    { service: 'accounting' },
    { cccode: 'AAAA-0000-0001' },
    { cccode: 'AAAA-0000-0002' },
    { logical_guid: 'store-1' },
    { channel_code: 'pos' },
    { from_utc: day(2) },
    { to_utc: day(3) },
    { from_utc: day(1), to_utc: day(5) },
    { service: 'orders', resource_type: 'object_store' },
    { service: 'accounting', cccode: 'AAAA-0000-0001' },
    { cccode: 'AAAA-0000-0001', channel_code: 'web_store', resource_type: 'object_store' },
    { service: 'orders', logical_guid: 'store-1', from_utc: day(3), to_utc: day(5) },
    { cccode: 'AAAA-0000-0002', from_utc: day(0), to_utc: day(4) },
    { resource_type: 'table_store', logical_guid: 'store-1', channel_code: 'web_store' },
    {
      resource_type: 'object_store',
      service: 'orders',
      cccode: 'AAAA-0000-0001',
      logical_guid: 'store-2',
      channel_code: 'pos',
      from_utc: day(0),
      to_utc: day(7),
    },
    { service: 'billing' },
  ];

  it('lists by each filter alone and combined, in window order, every record once across pages of 2', async () => {
    const ids = await recordFixture();
    for (const filter of filters) {
      const listed = await listAll({ ...filter, limit: 2 });
      expect({ filter, ids: listed.map((usage) => usage.usage_id) }).toEqual({ filter, ids: expectedIds(ids, filter) });
    }
    const cccodeInAnyCase = await listAll({ cccode: 'aaaa-0000-0002' });
    expect(cccodeInAnyCase.map((usage) => usage.usage_id)).toEqual(expectedIds(ids, { cccode: 'AAAA-0000-0002' }));
  });

  it('pages with limit 2 through a long listing, each record once, defaulting to 8 and clamping into 1..256', async () => {
    const recorded = [];
    for (let i = 0; i < 11; i += 1) recorded.push((await record({ measured_at: new Date(Date.UTC(2026, 10, 1, i)).toISOString() })).usage_id);
    const pages = await org.listPages('reader', '/storage/usage/list', { limit: 2 });
    const listed = pages.flatMap((page) => page.usages.map((usage: { usage_id: string }) => usage.usage_id));
    expect(listed).toEqual(recorded);
    expect(pages.map((page) => page.usages.length)).toEqual([2, 2, 2, 2, 2, 1]);
    const byDefault = await org.post('reader', '/storage/usage/list', {});
    const tooSmall = await org.post('reader', '/storage/usage/list', { limit: -5 });
    const tooLarge = await org.post('reader', '/storage/usage/list', { limit: 100000 });
    expect(byDefault.body.data.usages).toHaveLength(8);
    expect(tooSmall.body.data.usages).toHaveLength(1);
    expect(tooLarge.body.data.usages).toHaveLength(11);
    expect(tooLarge.body.data.next_token).toBeNull();
  });

  it('keeps windows half-open: a record at from_utc is in, one at to_utc is out', async () => {
    const atFrom = await record({ window: { from_utc: '2026-11-10T00:00:00Z', to_utc: '2026-11-11T00:00:00Z' } });
    const justBefore = await record({ measured_at: '2026-11-10T23:59:59.999Z' });
    const atTo = await record({ window: { from_utc: '2026-11-11T00:00:00Z', to_utc: '2026-11-12T00:00:00Z' } });
    const ids = (usages: any[]) => usages.map((usage) => usage.usage_id);

    expect(ids(await listAll({ from_utc: '2026-11-10T00:00:00Z', to_utc: '2026-11-11T00:00:00Z' }))).toEqual([
      atFrom.usage_id,
      justBefore.usage_id,
    ]);
    expect(ids(await listAll({ from_utc: '2026-11-11T00:00:00Z' }))).toEqual([atTo.usage_id]);
    expect(ids(await listAll({ to_utc: '2026-11-10T00:00:00Z' }))).toEqual([]);
    // The same bounds through a service's partition.
    expect(ids(await listAll({ service: 'accounting', from_utc: '2026-11-10T00:00:00.001Z', to_utc: '2026-11-11T00:00:00Z' }))).toEqual([
      justBefore.usage_id,
    ]);
  });

  it('lists a record with neither window nor measured_at at the instant it was recorded', async () => {
    const recorded = await record({ cccode: 'CCCC-0000-0001' });
    const at = recorded.recorded_at as string;
    const after = new Date(Date.parse(at) + 1).toISOString();
    expect(await listAll({ cccode: 'CCCC-0000-0001', from_utc: at, to_utc: after })).toEqual([recorded]);
    expect(await listAll({ cccode: 'CCCC-0000-0001', to_utc: at })).toEqual([]);
  });

  it('refuses a token from another filter, another organisation or a forged one with 400 invalid_token', async () => {
    for (let i = 0; i < 3; i += 1) await record({ cccode: 'DDDD-0000-0001' });
    const page = await org.post('reader', '/storage/usage/list', { cccode: 'DDDD-0000-0001', limit: 1 });
    const token: string = page.body.data.next_token;
    const [payload, mac] = token.split('.');
    const stranger = await createOrg('STT', { reader: { roles: ['acct_view'] } });

    const otherFilter = await org.post('reader', '/storage/usage/list', { cccode: 'DDDD-0000-0002', limit: 1, next_token: token });
    const addedFilter = await org.post('reader', '/storage/usage/list', { cccode: 'DDDD-0000-0001', service: 'accounting', limit: 1, next_token: token });
    const foreignOrg = await stranger.post('reader', '/storage/usage/list', { cccode: 'DDDD-0000-0001', limit: 1, next_token: token });
    const forged = await org.post('reader', '/storage/usage/list', { cccode: 'DDDD-0000-0001', limit: 1, next_token: `${payload}x.${mac}` });
    for (const response of [otherFilter, addedFilter, foreignOrg, forged]) {
      expect(response.status).toBe(400);
      expect(response.body.error.error_code).toBe('accounting.invalid_token');
    }
  });

  it("lists a storage usage record written a moment ago, read by another caller at once (consistent read of the table): in the org's, its service's and its cost centre's lists", async () => {
    const recorded = await record({ service: 'orders', cccode: 'FFFF-0000-0001' });

    const lists = await Promise.all(
      [{}, { service: 'orders' }, { cccode: 'FFFF-0000-0001' }, { service: 'orders', cccode: 'FFFF-0000-0001' }].map((filter) =>
        org.post('reader', '/storage/usage/list', filter),
      ),
    );

    for (const list of lists) expect(list.body.data).toEqual({ usages: [recorded], next_token: null });
  });

  it("shows another organisation none of this one's usage", async () => {
    await record({ cccode: 'EEEE-0000-0001' });
    const stranger = await createOrg('STO', { reader: { roles: ['acct_view'] } });
    for (const filter of [{}, { service: 'accounting' }, { cccode: 'EEEE-0000-0001' }]) {
      const response = await stranger.post('reader', '/storage/usage/list', filter);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ usages: [], next_token: null });
    }
  });
});
