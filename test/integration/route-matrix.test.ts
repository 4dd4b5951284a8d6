import { roleFamilies } from '../../shared/domain/auth/roles';
import { httpRoutes } from '../../shared/routes/registry';
import { type CredentialSpec, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

/**
 * Every registered route against every kind of caller. A route added to the
 * registry is covered here the day it is registered.
 */
const allRoles = ['acct_view', 'acct_export_admin', 'ar_admin', 'commission_admin', 'finance_audit'];

/** The matrix's callers, all acting as `tester`: the owner, an API key of each role, and a session of each role. */
const callers: Record<string, CredentialSpec> = { owner: { owner: true, actor: 'tester' } };
for (const role of allRoles) callers[role] = { roles: [role], actor: 'tester' };
// A family that admits any API key of the organisation is refused to a session without its roles.
for (const role of allRoles) callers[`${role} session`] = { roles: [role], kind: 'session', actor: 'tester' };

useStack();
const org = useOrg('MATRIX', callers, { per: 'file' });
const otherOrg = useOrg('OTHER', { owner: { roles: allRoles, owner: true, actor: 'tester' } }, { per: 'file' });

/**
 * Routes whose example reads or changes one record by id: in the matrix's fresh
 * organisation that record does not exist, so the example answers 404.
 */
const examplesNamingAbsentRecords = new Set([
  '/event/get',
  '/export/get',
  '/export/batch/create',
  '/export/batch/get',
  '/export/batch/repair',
  '/export/batch/status/set',
  '/export/schedule/get',
  '/export/schedule/status/set',
  '/export/files',
  '/invoice/get',
  '/invoice/status/set',
  '/invoice/payment/apply',
  '/commission/get',
  '/commission/split/set',
  '/commission/payout/get',
  '/commission/payout/status/set',
  '/storage/usage/get',
  '/rollup/financial/get',
  '/usage/rollup/get',
  '/comment',
  '/comment/get',
  '/comment/revise',
  '/comment/status',
  '/inbox/get',
  '/inbox/status',
  '/inbox/state',
]);

/**
 * Routes whose example pays what the organisation owes for a fixed period: the
 * matrix's own adjustments count today, so whether that period holds any
 * depends on the date the tests run.
 */
const examplesThatMayFindNothing = new Set(['/commission/payout/create']);

/** Authenticated calls echo the caller in stats; a call stopped by auth does not. */
const passedAuthentication = (body: { stats?: { actor?: string } }) => body.stats?.actor === 'tester';

describe.each(httpRoutes.map((route) => [route.path, route] as const))('%s', (_path, route) => {
  const family = roleFamilies[route.roles];
  // A family open to any member lets every role through.
  const allowedRoles = ('anyMember' in family ? allRoles : family.roles) as readonly string[];
  const deniedRole = allRoles.find((role) => !allowedRoles.includes(role));
  const body = () => route.example(org.orgcode);

  it('answers 401 unauthorized with no credential', async () => {
    const response = await post(route.path, body(), { 'x-orgcode': org.orgcode });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, error: { major: { tag: 'unauthorized' } } });
  });

  it("answers 404 not-found to another organisation's credential", async () => {
    const response = await post(route.path, body(), { ...otherOrg.headers.owner, 'x-orgcode': org.orgcode });
    expect(response.status).toBe(404);
    expect(response.body.error.major.tag).toBe('not-found');
    expect(passedAuthentication(response.body)).toBe(false);
  });

  if (deniedRole && !('anyMember' in family)) {
    const denied = 'apiKeys' in family ? `${deniedRole} session` : deniedRole;
    it(`answers 403 forbidden to a caller with only ${denied}, naming who may call`, async () => {
      const response = await post(route.path, body(), org.headers[denied]);
      expect(response.status).toBe(403);
      expect(response.body.error.error_code).toBe('accounting.forbidden');
      expect(response.body.error.details).toEqual({
        allowed_roles: [...family.roles],
        owner_allowed: family.owner,
        ...('apiKeys' in family && { api_keys_allowed: true }),
      });
    });
  }

  it.each(allowedRoles)('lets %s through', async (role) => {
    const response = await post(route.path, body(), org.headers[role]);
    expect(passedAuthentication(response.body)).toBe(true);
    expect(response.status).not.toBeGreaterThanOrEqual(500);
  });

  it(`${family.owner ? 'lets' : 'does not let'} the owner through`, async () => {
    const response = await post(route.path, body(), org.headers.owner);
    expect(response.status === 403).toBe(!family.owner);
    expect(passedAuthentication(response.body)).toBe(family.owner);
  });

  it('answers a body that is not JSON, or not an object, with 400 validation-error', async () => {
    const allowed = org.headers.owner;
    for (const bad of ['{not json', '[1,2]', '"text"', 'null', '42']) {
      const response = await post(route.path, bad, family.owner ? allowed : org.headers[allowedRoles[0]!]);
      expect(response.status).toBe(400);
      expect(response.body.error.major.tag).toBe('validation-error');
    }
  });

  it('names every failing field and never answers 500 for malformed fields', async () => {
    const headers = family.owner ? org.headers.owner : org.headers[allowedRoles[0]!];
    const response = await post(route.path, { ...body(), limit: 'many', not_a_field: 1, next_token: 7 }, headers);
    expect(response.status).toBe(400);
    const paths = response.body.error.details.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toContain('not_a_field');
    expect(paths).toContain('next_token');
  });

  it('answers 200 with the envelope for its documented example', async () => {
    const headers = family.owner ? org.headers.owner : org.headers[allowedRoles[0]!];
    const response = await post(route.path, body(), headers);
    if (examplesNamingAbsentRecords.has(route.path)) {
      expect(response.status).toBe(404);
      expect(response.body.error.major.tag).toBe('not-found');
      return;
    }
    if (examplesThatMayFindNothing.has(route.path) && response.status === 409) {
      expect(response.body.error.error_code).toBe('accounting.nothing_payable');
      return;
    }
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      data: expect.any(Object),
      stats: { call: route.operation, service: 'accounting', orgcode: org.orgcode, build: expect.any(Object) },
      build: { build_major: expect.any(String), build_minor: expect.any(String), build_id: expect.any(String) },
    });
  });
});
