import { openPageToken, sealPageToken } from '../../shared/domain/page-token';
import { callerHeaders, uniqueOrgcode } from '../support/callers';
import { type LocalApi, post, startLocalApi } from '../support/local-api';

/** The key the one in TOKEN_SIGNING_KEY replaced: set before the service first reads its configuration. */
const previousKey = 'rotated-out-yesterday-'.repeat(2);
const neverOurs = 'a-key-the-service-never-held-'.repeat(2);

let api: LocalApi;
let orgcode: string;
let reader: Record<string, string>;

beforeAll(async () => {
  process.env.TOKEN_SIGNING_KEY_PREVIOUS = previousKey;
  api = await startLocalApi();
  orgcode = uniqueOrgcode('ROT');
  const writer = await callerHeaders({ orgcode, roles: ['acct_export_admin'] });
  reader = await callerHeaders({ orgcode, roles: ['acct_view'] });
  for (const id of ['ord_1', 'ord_2', 'ord_3']) {
    const recorded = await post(
      '/event/record',
      {
        event_type: 'order.placed',
        occurred_at: '2026-11-20T10:00:00Z',
        amount: { currency: 'USD', amount: 10 },
        reason: 'order placed',
        source_refs: [{ kind: 'order', id }],
        request_context: { orgcode, actor: 'checkout', context_source: 'api_key' },
      },
      writer,
    );
    expect(recorded.status).toBe(200);
  }
});
afterAll(() => api.close());

/**
 * The first page's token as the service issued it, and its state resealed
 * under `key`: the token that key would have issued for the same page.
 */
async function firstPageTokenSealedWith(key: string) {
  const page = await post('/event/list', { limit: 1 }, reader);
  expect(page.status).toBe(200);
  const issued: string = page.body.data.next_token;
  const binding = { orgcode, route: '/event/list', filters: {} };
  const state = openPageToken({ current: process.env.TOKEN_SIGNING_KEY! }, binding, issued);
  return { issued, resealed: sealPageToken({ current: key }, binding, state) };
}

describe('page tokens across a signing key rotation', () => {
  it('continues a listing from a token sealed with the previous key, as from one of the current key', async () => {
    const { issued, resealed } = await firstPageTokenSealedWith(previousKey);

    const fromCurrent = await post('/event/list', { limit: 1, next_token: issued }, reader);
    const fromPrevious = await post('/event/list', { limit: 1, next_token: resealed }, reader);

    expect(fromPrevious.status).toBe(200);
    expect(fromPrevious.body.data.events).toEqual(fromCurrent.body.data.events);
    expect(fromPrevious.body.data.events).toHaveLength(1);
  });

  it('answers 400 invalid_token to a token sealed with a key the service does not hold', async () => {
    const { resealed } = await firstPageTokenSealedWith(neverOurs);

    const response = await post('/event/list', { limit: 1, next_token: resealed }, reader);

    expect(response.status).toBe(400);
    expect(response.body.error.error_code).toBe('accounting.invalid_token');
  });
});
