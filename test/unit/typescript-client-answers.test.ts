import { AccountingError, AccountingNetworkError, ExportNotReadyError, type RetryPolicy, UnexpectedAnswerError, createAccountingClient } from '../../clients/typescript/src';

/**
 * The TypeScript client's handling of answers the local stack cannot be made
 * to give on demand (an export that fails, one that never ends, a bare 500),
 * from a scripted transport standing in for the service: each request is
 * answered by the next scripted answer, the last repeating (a `Error` answer is
 * thrown, as fetch throws when no answer comes).
 */

type Scripted = { status: number; body: unknown; headers?: Record<string, string> } | Error;

function scriptedClient(answers: Scripted[], retry: Partial<RetryPolicy> = { baseDelayMs: 1, budgetMs: 1_000 }) {
  const requests: Array<{ path: string; body: Record<string, unknown>; at: number }> = [];
  const client = createAccountingClient({
    baseUrl: 'http://127.0.0.1:9',
    orgcode: 'ACME',
    actor: 'alice',
    credential: { apiKey: 'ak.QUNNRQ.secret' },
    fetch: async (url, init) => {
      requests.push({ path: new URL(url).pathname, body: JSON.parse(init.body), at: Date.now() });
      const answer = answers[Math.min(requests.length, answers.length) - 1]!;
      if (answer instanceof Error) throw answer;
      const { status, body, headers = {} } = answer;
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    },
    retry,
  });
  return { client, requests };
}

const success = (data: Record<string, unknown>): Scripted => ({ status: 200, body: { success: true, data } });
const exportIn = (status: string) => success({ export: { export_id: 'exp_1', status } });
const failure = (http_status: number, retryable: boolean, tag = 'conflict', details: Record<string, unknown> = {}, headers: Record<string, string> = {}): Scripted => ({
  status: http_status,
  headers,
  body: {
    success: false,
    error: { error_code: `accounting.${tag}`, http_status, retryable, request_id: 'req_1', trace_id: 't', major: { tag, message: { en_US: 'no' } }, minor: tag, message: 'no', details },
  },
});
/** What Node's fetch throws when nothing listens on the port. */
const connectionRefused = () => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
const adjustment = { associate_id: 'a', kind: 'bonus' as const, amount: 1, currency: 'USD', reason: 'r' };

describe('the TypeScript client', () => {
  it('waits for an export through pending and running, then lists its batches across pages', async () => {
    const { client, requests } = scriptedClient([
      exportIn('pending'),
      exportIn('running'),
      exportIn('ready'),
      success({ batches: [{ batch_id: 'bat_1' }], next_token: 'page2' }),
      success({ batches: [{ batch_id: 'bat_2' }], next_token: null }),
    ]);

    const { export: built, batches } = await client.waitForExport('exp_1', { pollMs: 1 });

    expect({ status: built.status, batches: batches.map((batch) => batch.batch_id) }).toEqual({ status: 'ready', batches: ['bat_1', 'bat_2'] });
    expect(requests.map(({ path, body }) => `${path} ${JSON.stringify(body)}`)).toEqual([
      '/accounting/export/get {"export_id":"exp_1"}',
      '/accounting/export/get {"export_id":"exp_1"}',
      '/accounting/export/get {"export_id":"exp_1"}',
      '/accounting/export/batch/list {"export_id":"exp_1"}',
      '/accounting/export/batch/list {"export_id":"exp_1","next_token":"page2"}',
    ]);
  });

  it('stops waiting at a failed export, and at the timeout for one that never ends', async () => {
    const failed = await scriptedClient([exportIn('running'), exportIn('failed')]).client.waitForExport('exp_1', { pollMs: 1 }).catch((error) => error);
    const stuck = await scriptedClient([exportIn('running')]).client.waitForExport('exp_1', { pollMs: 20, timeoutMs: 100 }).catch((error) => error);

    expect(failed).toBeInstanceOf(ExportNotReadyError);
    expect(failed).toMatchObject({ export_id: 'exp_1', status: 'failed', reason: 'failed' });
    expect(stuck).toMatchObject({ export_id: 'exp_1', status: 'running', reason: 'timeout' });
  });

  it('sends an answer marked retryable again with the same body until its budget is spent, then throws it', async () => {
    const { client, requests } = scriptedClient([failure(409, true)], { baseDelayMs: 20, maxDelayMs: 20, budgetMs: 300 });

    const startedAt = Date.now();
    const error = await client.commission.adjust(adjustment).catch((thrown) => thrown);
    const took = Date.now() - startedAt;

    expect(error).toBeInstanceOf(AccountingError);
    expect(error).toMatchObject({ http_status: 409, retryable: true, tag: 'conflict', request_id: 'req_1' });
    expect(requests.length).toBeGreaterThan(4);
    expect({ within: took < 1_000, spent: took >= 300 }).toEqual({ within: true, spent: true });
    expect(new Set(requests.map(({ body }) => JSON.stringify(body))).size).toBe(1);
    expect(requests[0]!.body.idempotency_key).toEqual(expect.any(String));
  });

  it("waits at least what the answer asks, details.retry_after_ms over Retry-After, and throws at once an answer asking for more than the budget's rest", async () => {
    const limited = scriptedClient([failure(429, true, 'throttled', { retry_after_ms: 150 }, { 'retry-after': '1' }), success({})], { baseDelayMs: 1 });
    const gateway = scriptedClient([{ status: 429, body: '{"message":"Too Many Requests"}', headers: { 'retry-after': '0' } }, success({})], { baseDelayMs: 1 });
    const tooLong = scriptedClient([failure(429, true, 'throttled', { retry_after_ms: 5_000 }), success({})], { budgetMs: 1_000 });

    await limited.client.event.get({ event_id: 'evt_1' });
    await gateway.client.event.get({ event_id: 'evt_1' });
    const refused = await tooLong.client.event.get({ event_id: 'evt_1' }).catch((error) => error);
    const waited = limited.requests[1]!.at - limited.requests[0]!.at;

    expect({ atLeastAsked: waited >= 145, notTheHeadersSecond: waited < 900 }).toEqual({ atLeastAsked: true, notTheHeadersSecond: true });
    expect(gateway.requests).toHaveLength(2);
    expect(refused).toMatchObject({ http_status: 429, details: { retry_after_ms: 5_000 } });
    expect(tooLong.requests).toHaveLength(1);
  });

  it('wraps a call that got no answer in AccountingNetworkError with its cause: sent again when it carries an idempotency key, else thrown at once', async () => {
    const read = scriptedClient([connectionRefused(), success({})]);
    const keyed = scriptedClient([connectionRefused(), success({ adjustment: {} })]);

    const unanswered = await read.client.event.get({ event_id: 'evt_1' }).catch((error) => error);
    await keyed.client.commission.adjust(adjustment);

    expect(unanswered).toBeInstanceOf(AccountingNetworkError);
    expect(unanswered).toMatchObject({ retryable: true, route: '/accounting/event/get', message: '/accounting/event/get got no answer: fetch failed (ECONNREFUSED)' });
    expect(unanswered.cause).toBeInstanceOf(TypeError);
    expect(read.requests).toHaveLength(1);
    expect(keyed.requests.map(({ body }) => body.idempotency_key)).toEqual([expect.any(String), keyed.requests[0]!.body.idempotency_key]);
  });

  it('refuses at creation a credential that is empty, both kinds of credential, an empty orgcode and a base URL that is no origin', () => {
    const made = (options: Record<string, unknown>) => () => createAccountingClient({ baseUrl: 'http://127.0.0.1:9', orgcode: 'ACME', actor: 'alice', credential: { apiKey: 'ak.x' }, ...options } as never);

    expect(made({ credential: { apiKey: '' } })).toThrow('createAccountingClient: credential.apiKey is empty');
    expect(made({ credential: { session: '  ' } })).toThrow('createAccountingClient: credential.session is empty');
    expect(made({ credential: { apiKey: 'ak.x', session: 'ss.y' } })).toThrow('credential must be { apiKey } or { session }');
    expect(made({ orgcode: '' })).toThrow('orgcode is empty');
    expect(made({ baseUrl: '127.0.0.1:3000' })).toThrow('baseUrl must be an http(s) origin');
    expect(made({})).not.toThrow();
  });

  it('throws a refusal not marked retryable, and an answer without the envelope, after one request', async () => {
    const refused = scriptedClient([failure(409, false), success({})]);
    const bare = scriptedClient([{ status: 500, body: '{"message":"Internal Server Error"}' }, success({})]);

    const conflict = await refused.client.invoice.status.set({ invoice_id: 'inv_1', status: 'void', expected_revision: 1 }).catch((error) => error);
    const gateway = await bare.client.event.get({ event_id: 'evt_1' }).catch((error) => error);

    expect(conflict).toMatchObject({ name: 'AccountingError', http_status: 409, retryable: false });
    expect(gateway).toBeInstanceOf(UnexpectedAnswerError);
    expect(gateway).toMatchObject({ http_status: 500, text: '{"message":"Internal Server Error"}' });
    expect([refused.requests.length, bare.requests.length]).toEqual([1, 1]);
  });

  it('fills request_context only where the route requires it, and keeps the one a caller sends', async () => {
    const { client, requests } = scriptedClient([success({})]);
    const own = { orgcode: 'ACME', actor: 'cashier_7', context_source: 'api_key' as const };

    await client.storage.usage.record({ usage: { resource_type: 'object_store', resource_ref: 'r', service: 's', bytes: 1 }, reason: 'r', source_refs: [] });
    await client.storage.usage.record({ usage: { resource_type: 'object_store', resource_ref: 'r', service: 's', bytes: 1 }, reason: 'r', source_refs: [], request_context: own });
    await client.event.get({ event_id: 'evt_1' });

    expect(requests.map(({ body }) => body.request_context)).toEqual([{ orgcode: 'ACME', actor: 'alice', context_source: 'api_key' }, own, undefined]);
  });
});
