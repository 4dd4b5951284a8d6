import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localEnvironment, localOrgRateLimit, unrefusedOrgRateLimit } from '../../shared/local/environment';
import { walkthroughCredential } from '../../shared/local/local-docs';
import { projectRoot } from '../../shared/local/project-root';

const services = { tableName: 't', bucketName: 'b', dynamodbEndpoint: 'http://127.0.0.1:1', s3Endpoint: 'http://127.0.0.1:2', tokenSigningKey: 'k'.repeat(64) };

describe("npm start's per-organisation limit", () => {
  it('is --rate-limit PER_SECOND/BURST, else the shell\'s ORG_RATE_LIMIT_* variables, else one no test reaches; a burst left out is twice the rate', () => {
    const shell = { ORG_RATE_LIMIT_PER_SECOND: '5', ORG_RATE_LIMIT_BURST: '8' };

    expect(localOrgRateLimit('20/40', shell)).toEqual({ perSecond: 20, burst: 40 });
    expect(localOrgRateLimit('0.5', {})).toEqual({ perSecond: 0.5, burst: 1 });
    expect(localOrgRateLimit(undefined, shell)).toEqual({ perSecond: 5, burst: 8 });
    expect(localOrgRateLimit(undefined, { ORG_RATE_LIMIT_PER_SECOND: '20' })).toEqual({ perSecond: 20, burst: 40 });
    expect(localOrgRateLimit(undefined, { ORG_RATE_LIMIT_PER_SECOND: ' ' })).toBe(unrefusedOrgRateLimit);
    expect(localOrgRateLimit(undefined, {})).toBe(unrefusedOrgRateLimit);
  });

  it('refuses, with what was given and an example, figures the service does not take', () => {
    const refusals = ['20/40/5', '0/40', 'twenty', '20/2.5', '20/', '/40'].map((flag) => () => localOrgRateLimit(flag, {}));

    for (const refusal of refusals) expect(refusal).toThrow(/^--rate-limit .*: the limit is calls a second .* e\.g\. --rate-limit 20\/40$/);
    expect(() => localOrgRateLimit(undefined, { ORG_RATE_LIMIT_BURST: '40' })).toThrow('ORG_RATE_LIMIT_PER_SECOND= ORG_RATE_LIMIT_BURST=40: the limit');
  });

  it('is what the handlers read (ORG_RATE_LIMIT_*), unreached unless given', () => {
    expect(localEnvironment({ ...services, orgRateLimit: { perSecond: 20, burst: 40 } })).toMatchObject({ ORG_RATE_LIMIT_PER_SECOND: '20', ORG_RATE_LIMIT_BURST: '40' });
    expect(localEnvironment(services)).toMatchObject({ ORG_RATE_LIMIT_PER_SECOND: '10000', ORG_RATE_LIMIT_BURST: '10000' });
  });
});

describe("the local stack's credential hint", () => {
  it("issues the credential of the README's walkthrough, with its roles", () => {
    const readme = readFileSync(join(projectRoot(), 'README.md'), 'utf8');
    const walkthroughRoles = /credential issue --orgcode ACME --actor alice --roles (\S+)/.exec(readme)?.[1];

    expect(walkthroughCredential.command).toBe(`npm run -s admin -- credential issue --orgcode ACME --actor alice --roles ${walkthroughRoles}`);
    expect(walkthroughCredential.roles.match(/\b(acct|ar)_\w+/g)?.sort()).toEqual(walkthroughRoles?.split(',').sort());
  });
});
