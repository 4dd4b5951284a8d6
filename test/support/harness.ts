import type { AwsLike } from '../../shared/local/aws-like';
import type { DeliveryOutcome } from '../../shared/local/event-consumers';
import { uniqueOrgcode } from './callers';
import {
  type HttpResult,
  type IssueCredentialOptions,
  type IssuedCredential,
  type LocalApi,
  asClient,
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
 *
 * A file that seeds once for all its tests asks for one organisation per file
 * (`useOrg(prefix, credentials, { per: 'file' })`); a test that needs a second
 * organisation (a stranger, one per run of a property) makes it with
 * `await createOrg(prefix, credentials)`.
 */

/**
 * What a file's stack differs in: the local functions' options (`awsLike: {…}`
 * runs it in the AWS-like mode, shared/local/aws-like.ts), and environment
 * variables set while it runs.
 */
export type StackOptions = Parameters<typeof startLocalApi>[0] & {
  /** Set before the stack starts (the service reads its configuration once per file) and restored after it closes. */
  environment?: Record<string, string>;
};

/** Starts the local stack before the file's tests and closes it after them. */
export function useStack({ environment = {}, ...options }: StackOptions = {}): { readonly api: LocalApi; readonly awsLike: AwsLike } {
  let api: LocalApi | undefined;
  const saved = Object.fromEntries(Object.keys(environment).map((name) => [name, process.env[name]]));
  beforeAll(async () => {
    Object.assign(process.env, environment);
    api = await startLocalApi(options);
  });
  afterAll(async () => {
    await api?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  return {
    get api(): LocalApi {
      if (!api) throw new Error('the local stack starts in beforeAll: read stack.api inside a test or hook');
      return api;
    },
    /** The AWS-like mode of a stack started with it: its options, its rates to raise, what it injected. */
    get awsLike(): AwsLike {
      if (!this.api.awsLike) throw new Error('the AWS-like mode is off: start the stack with useStack({ awsLike: {…} })');
      return this.api.awsLike;
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
  /** Pages a list route to its end as the named caller and returns each page's `data`, in order (for tests of paging itself). */
  listPages(as: Name, path: string, body: Record<string, unknown>): Promise<Array<Record<string, any>>>;
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

/** When useOrg makes its organisation: before every test (the default), or once before the file's tests. */
export interface OrgOptions {
  per?: 'test' | 'file';
}

interface OrgState<Name extends string> {
  orgcode: string;
  credentials: Record<Name, IssuedCredential>;
  headers: Record<Name, Headers>;
}

/** A new organisation whose code starts with `prefix`, with one issued credential per entry of `credentials`. */
async function openOrg<Name extends string>(prefix: string, credentials: Record<Name, CredentialSpec>): Promise<OrgState<Name>> {
  const orgcode = uniqueOrgcode(prefix);
  const entries = await Promise.all(
    (Object.entries(credentials) as Array<[Name, CredentialSpec]>).map(
      async ([name, spec]) => [name, await issueCredential({ actor: name, ...spec, orgcode })] as const,
    ),
  );
  return {
    orgcode,
    credentials: Object.fromEntries(entries) as Record<Name, IssuedCredential>,
    headers: Object.fromEntries(entries.map(([name, credential]) => [name, headersOf(credential)])) as Record<Name, Headers>,
  };
}

/**
 * Pages a list route to its end as the caller `headers` present (for a
 * credential no TestOrg names) and returns each page's `data`, in order. A
 * page is asked for as a client of the spec asks (`asClient`): an answer
 * marked retryable, such as the 429 of a rate-limit take the AWS-like mode
 * throttled, is asked again after the wait it names; any other answer but 200
 * fails.
 */
export async function listPagesAs(headers: Headers, path: string, body: Record<string, unknown>): Promise<Array<Record<string, any>>> {
  const pages = [];
  let nextToken: unknown;
  do {
    const page = await asClient(() => post(path, { ...body, ...(nextToken ? { next_token: nextToken } : {}) }, headers));
    if (page.status !== 200) throw new Error(`${path} answered ${page.status}: ${page.text}`);
    pages.push(page.body.data);
    nextToken = page.body.data.next_token ?? undefined;
  } while (nextToken);
  return pages;
}

/** The TestOrg over whatever organisation `current` answers at the time of each call. */
function testOrg<Name extends string>(current: () => OrgState<Name>): TestOrg<Name> {
  const withOrgcode = (detail: Record<string, unknown>) => ({ orgcode: current().orgcode, ...detail });
  const listPages = (as: Name, path: string, body: Record<string, unknown>) => listPagesAs(current().headers[as], path, body);
  return {
    get orgcode() {
      return current().orgcode;
    },
    get headers() {
      return current().headers;
    },
    get credentials() {
      return current().credentials;
    },
    post: (as, path, body) => post(path, body, current().headers[as]),
    listPages,
    listAll: async (as, path, body, key) => (await listPages(as, path, body)).flatMap((data) => data[key]),
    requestContext: (actor = 'tester') => ({ orgcode: current().orgcode, actor, context_source: 'api_key' as const }),
    issue: async (spec) => headersOf(await issueCredential({ ...spec, orgcode: current().orgcode })),
    deliver: (source, detailType, detail) => deliverEvent(source, detailType, withOrgcode(detail)),
    put: (source, detailType, detail) => putEvent(source, detailType, withOrgcode(detail)),
  };
}

/**
 * Before every test (or, with `{ per: 'file' }`, once before the file's tests):
 * a new organisation (its code starts with `prefix`) and one credential per
 * entry of `credentials`. The returned object is the same for the whole file;
 * its fields are the current test's.
 */
export function useOrg<Name extends string>(
  prefix: string,
  credentials: Record<Name, CredentialSpec>,
  { per = 'test' }: OrgOptions = {},
): TestOrg<Name> {
  let state: OrgState<Name> = { orgcode: '', credentials: {} as Record<Name, IssuedCredential>, headers: {} as Record<Name, Headers> };
  (per === 'file' ? beforeAll : beforeEach)(async () => {
    state = await openOrg(prefix, credentials);
  });
  return testOrg(() => state);
}

/**
 * A new organisation made now, inside a test: a second organisation that must
 * not see the first's data, or one organisation per run of a property.
 */
export async function createOrg<Name extends string>(prefix: string, credentials: Record<Name, CredentialSpec>): Promise<TestOrg<Name>> {
  const state = await openOrg(prefix, credentials);
  return testOrg(() => state);
}

let sequence = 0;
/** An id no other call of this file answers (orders, tenders, keys), for tests that make several in one organisation. */
export const freshId = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${(sequence += 1)}`;

/**
 * Reads what only the work-queue index (gsi3) shows, as its system readers do:
 * the outbox, due schedules and sweeps read an eventually consistent index,
 * served by any replica, so a test that runs one of them right after the
 * write it should find runs it again until it has (docs/decisions.md:
 * Acknowledged writes are listed, the indexes that remain). Runs `check`,
 * its reads and their assertions, again every 100 ms until it passes, for at
 * most `withinMs`; then fails with its last failure. A list a client reads
 * needs none of this: every write is listed from the moment it is written.
 */
export async function untilListed<T>(check: () => Promise<T>, withinMs = 15_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (failure) {
      if (Date.now() >= deadline) throw failure;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
