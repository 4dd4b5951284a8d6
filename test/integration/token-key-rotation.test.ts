import { openPageToken, sealPageToken } from '../../shared/domain/page-token';
import { eventRequest } from '../support/fixtures/events';
import { useOrg, useStack } from '../support/harness';

/** The key the current one replaced, after it in TOKEN_SIGNING_KEY: set before the service first reads its configuration. */
const previousKey = 'rotated-out-yesterday-'.repeat(2);
const neverOurs = 'a-key-the-service-never-held-'.repeat(2);

const currentKey = process.env.TOKEN_SIGNING_KEY!;
useStack({ environment: { TOKEN_SIGNING_KEY: `${currentKey},${previousKey}` } });
const org = useOrg('ROT', { writer: { roles: ['acct_export_admin'] }, reader: { roles: ['acct_view'] } }, { per: 'file' });

beforeAll(async () => {
  for (const id of ['ord_1', 'ord_2', 'ord_3']) {
    const recorded = await org.post('writer', '/event/record', eventRequest(org.orgcode, { source_refs: [{ kind: 'order', id }] }));
    expect(recorded.status).toBe(200);
  }
});

/**
 * The first page's token as the service issued it, and its state resealed
 * under `key`: the token that key would have issued for the same page.
 */
async function firstPageTokenSealedWith(key: string) {
  const page = await org.post('reader', '/event/list', { limit: 1 });
  expect(page.status).toBe(200);
  const issued: string = page.body.data.next_token;
  const binding = { orgcode: org.orgcode, route: '/event/list', filters: {} };
  const state = openPageToken({ current: currentKey }, binding, issued);
  return { issued, resealed: sealPageToken({ current: key }, binding, state) };
}

describe('page tokens across a signing key rotation', () => {
  it('continues a listing from a token sealed with the previous key, as from one of the current key', async () => {
    const { issued, resealed } = await firstPageTokenSealedWith(previousKey);

    const fromCurrent = await org.post('reader', '/event/list', { limit: 1, next_token: issued });
    const fromPrevious = await org.post('reader', '/event/list', { limit: 1, next_token: resealed });

    expect(fromPrevious.status).toBe(200);
    expect(fromPrevious.body.data.events).toEqual(fromCurrent.body.data.events);
    expect(fromPrevious.body.data.events).toHaveLength(1);
  });

  it('answers 400 invalid_token to a token sealed with a key the service does not hold', async () => {
    const { resealed } = await firstPageTokenSealedWith(neverOurs);

    const response = await org.post('reader', '/event/list', { limit: 1, next_token: resealed });

    expect(response.status).toBe(400);
    expect(response.body.error.error_code).toBe('accounting.invalid_token');
  });
});
