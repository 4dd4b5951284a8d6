import type { DeliveryOutcome } from '../../shared/local/event-consumers';
import { uniqueOrgcode } from './callers';
import {
  type HttpResult,
  type IssueCredentialOptions,
  type IssuedCredential,
  type LocalApi,
  deliverEvent,
  issueCredential,
  post,
  putEvent,
  startLocalApi,
} from './local-api';

/**
 * The one set-up of an integration suite, as the routes have one registry:
 *
 *   const stack = useStack();                      // the local stack of this file
 *   const org = useOrg('INV', {                     // a fresh organisation per test
 *     ar: { roles: ['ar_admin', 'acct_view'] },     // and its named credentials
 *     bob: { actor: 'bob', kind: 'session' },
 *   });
 *   it('…', async () => {
 *     const answer = await org.post('ar', '/invoice/set', invoiceBody());
 *     await org.deliver('retail.orders', 'order.placed', orderDetail(org.orgcode));
 *   });
 *
 * Every test gets an organisation no other test sees, so suites share one
 * DynamoDB Local and s3rver (started once per run by global-setup) without
 * seeing each other's data. Fixtures of a family live beside this file
 * (`fixtures/…`) and take the orgcode, never a global.
 */

/** Starts the local stack before the file's tests and closes it after them. */
export function useStack(options: Parameters<typeof startLocalApi>[0] = {}): { readonly api: LocalApi } {
  let api: LocalApi | undefined;
  beforeAll(async () => {
    api = await startLocalApi(options);
  });
  afterAll(() => api?.close());
  return {
    get api(): LocalApi {
      if (!api) throw new Error('the local stack starts in beforeAll: read stack.api inside a test or hook');
      return api;
    },
  };
}

/** A credential a test names: its actor defaults to the name; kind to api_key. */
export type CredentialSpec = Omit<IssueCredentialOptions, 'orgcode' | 'actor'> & { actor?: string };

type Headers = Record<string, string>;

export interface TestOrg<Name extends string> {
  /** This test's organisation, fresh for every test. */
  readonly orgcode: string;
  /** The headers that present each named credential (x-orgcode and x-api-key or x-session-guid). */
  readonly headers: Readonly<Record<Name, Headers>>;
  /** The issued credentials, for their fingerprints and secrets. */
  readonly credentials: Readonly<Record<Name, IssuedCredential>>;
  /** POSTs to a route as the named caller. */
  post<Body = any>(as: Name, path: string, body: unknown): Promise<HttpResult<Body>>;
  /** Pages a list route to its end as the named caller and returns every item under `key`. */
  listAll<Item = any>(as: Name, path: string, body: Record<string, unknown>, key: string): Promise<Item[]>;
  /** A complete request_context of this organisation. */
  requestContext(actor?: string): { orgcode: string; actor: string; context_source: 'api_key' };
  /** Issues one more credential of this organisation. */
  issue(spec: CredentialSpec & { actor: string }): Promise<Headers>;
  /** Puts an event of this organisation on the bus and waits for every consumer it reaches. */
  deliver(source: string, detailType: string, detail: Record<string, unknown>): Promise<DeliveryOutcome[]>;
  /** Puts an event of this organisation on the bus without waiting for its consumers. */
  put(source: string, detailType: string, detail: Record<string, unknown>): Promise<string>;
}

/** The headers that present an issued credential. */
export function headersOf(credential: IssuedCredential): Headers {
  const header = credential.kind === 'session' ? 'x-session-guid' : 'x-api-key';
  return { 'x-orgcode': credential.orgcode, [header]: credential.secret };
}

/**
 * Before every test: a new organisation (its code starts with `prefix`) and one
 * credential per entry of `credentials`. The returned object is the same for
 * the whole file; its fields are the current test's.
 */
export function useOrg<Name extends string>(prefix: string, credentials: Record<Name, CredentialSpec>): TestOrg<Name> {
  let orgcode = '';
  let issued = {} as Record<Name, IssuedCredential>;
  let headers = {} as Record<Name, Headers>;

  beforeEach(async () => {
    orgcode = uniqueOrgcode(prefix);
    const entries = await Promise.all(
      (Object.entries(credentials) as Array<[Name, CredentialSpec]>).map(
        async ([name, spec]) => [name, await issueCredential({ actor: name, ...spec, orgcode })] as const,
      ),
    );
    issued = Object.fromEntries(entries) as Record<Name, IssuedCredential>;
    headers = Object.fromEntries(entries.map(([name, credential]) => [name, headersOf(credential)])) as Record<Name, Headers>;
  });

  const withOrgcode = (detail: Record<string, unknown>) => ({ orgcode, ...detail });
  return {
    get orgcode() {
      return orgcode;
    },
    get headers() {
      return headers;
    },
    get credentials() {
      return issued;
    },
    post: (as, path, body) => post(path, body, headers[as]),
    async listAll(as, path, body, key) {
      const items = [];
      let nextToken: unknown;
      do {
        const page = await post(path, { ...body, ...(nextToken ? { next_token: nextToken } : {}) }, headers[as]);
        if (page.status !== 200) throw new Error(`${path} answered ${page.status}: ${page.text}`);
        items.push(...page.body.data[key]);
        nextToken = page.body.data.next_token ?? undefined;
      } while (nextToken);
      return items;
    },
    requestContext: (actor = 'tester') => ({ orgcode, actor, context_source: 'api_key' as const }),
    issue: async (spec) => headersOf(await issueCredential({ ...spec, orgcode })),
    deliver: (source, detailType, detail) => deliverEvent(source, detailType, withOrgcode(detail)),
    put: (source, detailType, detail) => putEvent(source, detailType, withOrgcode(detail)),
  };
}
