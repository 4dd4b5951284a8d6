import { callerHeaders, uniqueOrgcode } from '../support/callers';
import { pollUntil, readObject, sha256 } from '../support/exports';
import { type LocalApi, post, startLocalApi } from '../support/local-api';

let api: LocalApi;
let orgcode: string;
let admin: Record<string, string>;

beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

beforeEach(async () => {
  orgcode = uniqueOrgcode('EXP');
  admin = await callerHeaders({ orgcode, roles: ['acct_export_admin', 'acct_view'] });
});

const context = () => ({ orgcode, actor: 'finance', context_source: 'api_key' });

async function record(occurredAt: string, overrides: Record<string, unknown> = {}) {
  const response = await post(
    '/event/record',
    {
      event_type: 'order.placed',
      occurred_at: occurredAt,
      amount: { currency: 'USD', amount: 10 },
      reason: 'order',
      source_refs: [],
      request_context: context(),
      ...overrides,
    },
    admin,
  );
  expect(response.status).toBe(200);
  return response.body.data.event;
}

describe('export smoke', () => {
  it('builds an export', async () => {
    await record('2026-11-20T10:00:00Z');
    await record('2026-11-20T11:00:00Z');
    const created = await post(
      '/export/create',
      { from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z', reason: 'r', source_refs: [], request_context: context() },
      admin,
    );
    expect(created.status).toBe(200);
    const exportId = created.body.data.export.export_id;
    const ready = await pollUntil('/export/get', { export_id: exportId }, admin, 'export', (e) => e.status !== 'pending' && e.status !== 'running');
    console.log(JSON.stringify(ready, null, 2));
    const batches = await post('/export/batch/list', { export_id: exportId }, admin);
    console.log(JSON.stringify(batches.body, null, 2));
    const file = await readObject(batches.body.data.batches[0].evidence.file_refs[0]);
    console.log(file.toString());
    expect(sha256(file)).toBe(batches.body.data.batches[0].evidence.checksum_sha256);
  });
});
