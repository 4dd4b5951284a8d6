import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { dynamo, tableName } from '../../shared/db/client';
import { useOrg, useStack } from '../support/harness';
import { type IssueCredentialOptions, invokeOperator, issueCredential, post } from '../support/local-api';
import { refusedInvocation } from '../support/expected-logs';

/** Each test issues the credentials it examines, in an organisation of its own that starts with none. */
useStack();
const org = useOrg('AUTH', {});
const issue = (options: Omit<IssueCredentialOptions, 'orgcode'>) => issueCredential({ ...options, orgcode: org.orgcode });

const listEvents = (headers: Record<string, string | undefined>, body: Record<string, unknown> = {}) =>
  post('/event/list', body, headers);

describe('credentials', () => {
  it('accepts a session in x-session-guid and an API key in x-api-key, with context_source to match', async () => {
    const session = await issue({ actor: 'alice', roles: ['acct_view'], kind: 'session' });
    const key = await issue({ actor: 'svc', roles: ['acct_view'], kind: 'api_key' });
    const bySession = await listEvents({ 'x-orgcode': org.orgcode, 'x-session-guid': session.secret });
    const byKey = await listEvents({ 'x-orgcode': org.orgcode, 'x-api-key': key.secret });
    expect(bySession.body.stats).toMatchObject({
      actor: 'alice',
      context_source: 'session',
      session_fingerprint: session.fingerprint,
      roles: ['acct_view'],
      orgcode: org.orgcode,
    });
    expect(bySession.body.stats.api_key_fingerprint).toBeUndefined();
    expect(byKey.body.stats).toMatchObject({ actor: 'svc', context_source: 'api_key', api_key_fingerprint: key.fingerprint });
  });

  it('accepts session_guid or api_key in the body, for compatibility', async () => {
    const session = await issue({ actor: 'alice', roles: ['acct_view'], kind: 'session' });
    const key = await issue({ actor: 'svc', roles: ['acct_view'] });
    expect((await listEvents({ 'x-orgcode': org.orgcode }, { session_guid: session.secret })).status).toBe(200);
    expect((await listEvents({ 'x-orgcode': org.orgcode }, { api_key: key.secret })).status).toBe(200);
  });

  it('answers 401 for two credentials, an unknown, a revoked, an expired or a mis-sent one', async () => {
    const key = await issue({ actor: 'svc', roles: ['acct_view'] });
    const session = await issue({ actor: 'alice', roles: ['acct_view'], kind: 'session' });
    const revoked = await issue({ actor: 'gone', roles: ['acct_view'] });
    await invokeOperator('credential-admin', { action: 'revoke', orgcode: org.orgcode, fingerprint: revoked.fingerprint });
    const expired = await issue({ actor: 'old', roles: ['acct_view'], expires_in_hours: 0.0002 });
    await sleep(800);

    const attempts = [
      { 'x-orgcode': org.orgcode, 'x-api-key': key.secret, 'x-session-guid': session.secret },
      { 'x-orgcode': org.orgcode, 'x-api-key': `${key.secret.slice(0, -2)}xx` },
      { 'x-orgcode': org.orgcode, 'x-api-key': '123e4567-e89b-12d3-a456-426614174000' },
      { 'x-orgcode': org.orgcode, 'x-api-key': revoked.secret },
      { 'x-orgcode': org.orgcode, 'x-api-key': expired.secret },
      { 'x-orgcode': org.orgcode, 'x-session-guid': key.secret },
      { 'x-api-key': key.secret },
    ];
    for (const headers of attempts) {
      const response = await listEvents(headers);
      expect(response.status).toBe(401);
      expect(response.body.error).toMatchObject({ error_code: 'accounting.unauthorized', major: { tag: 'unauthorized' } });
    }
    const headerAndBody = await listEvents({ 'x-orgcode': org.orgcode, 'x-api-key': key.secret }, { api_key: key.secret });
    expect(headerAndBody.status).toBe(401);
  });

  it('canonicalises x-orgcode by trimming and uppercasing', async () => {
    const key = await issue({ actor: 'svc', roles: ['acct_view'] });
    const response = await listEvents({ 'x-orgcode': `  ${org.orgcode.toLowerCase()} `, 'x-api-key': key.secret });
    expect(response.status).toBe(200);
    expect(response.body.stats.orgcode).toBe(org.orgcode);
  });

  it('captures facility, channel and cost centre headers, validating them', async () => {
    const key = await issue({ actor: 'svc', roles: ['acct_view'] });
    const headers = { 'x-orgcode': org.orgcode, 'x-api-key': key.secret };
    const good = await listEvents({
      ...headers,
      'x-logical-guid': 'store-42',
      'x-channel-code': 'pos_lane',
      'x-cccode': 'abcd-1234-wxyz',
    });
    expect(good.body.stats).toMatchObject({ logical_guid: 'store-42', channel_code: 'pos_lane', cccode: 'ABCD-1234-WXYZ' });
    const bad = await listEvents({ ...headers, 'x-channel-code': 'POS Lane', 'x-cccode': '1234' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'headers.x-cccode',
      'headers.x-channel-code',
    ]);
  });
});

describe('credential admin (operator function)', () => {
  it('shows the secret once and stores only its SHA-256 fingerprint', async () => {
    const issued = await issue({ actor: 'alice', roles: ['acct_view', 'ar_admin'], owner: true });
    expect(issued).toMatchObject({ kind: 'api_key', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), owner: true });
    expect(Date.parse(issued.expires_at ?? '')).toBeGreaterThan(Date.now());

    const listed = await invokeOperator<{ credentials: Array<Record<string, unknown>> }>('credential-admin', {
      action: 'list',
      orgcode: org.orgcode,
    });
    expect(listed.credentials).toEqual([expect.objectContaining({ fingerprint: issued.fingerprint, actor: 'alice' })]);
    expect(JSON.stringify(listed)).not.toContain(issued.secret);

    const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName() }));
    expect(JSON.stringify(Items)).not.toContain(issued.secret.split('.')[2]);
  });

  it('rejects unknown roles and bad payloads with a function error', async () => {
    expect((await refusedInvocation('credential-admin', { action: 'issue', orgcode: org.orgcode, actor: 'x', roles: ['superuser'] })).message).toMatch(/roles/);
    expect((await refusedInvocation('credential-admin', { action: 'explode' })).message).toMatch(/action/);
  });

  it('reports revoking an unknown credential as not found', async () => {
    expect((await refusedInvocation('credential-admin', { action: 'revoke', orgcode: org.orgcode, fingerprint: 'a'.repeat(64) })).message).toMatch(/No credential/);
  });
});
