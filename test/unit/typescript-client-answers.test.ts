import { AccountingError, ExportNotReadyError, UnexpectedAnswerError, createAccountingClient } from '../../clients/typescript/src';

/**
 * The TypeScript client's handling of answers the local stack cannot be made
 * to give on demand (an export that fails, one that never ends, a bare 500),
 * from a scripted transport standing in for the service: each request is
 * answered by the next scripted answer, the last repeating.
 */

type Scripted = { status: number; body: unknown };

function scriptedClient(answers: Scripted[]) {
  const requests: Array<{ path: string; body: Record<string, unknown> }> = [];
  const transport = async (request: Request) => {
    requests.push({ path: new URL(request.url).pathname, body: JSON.parse(await request.text()) });
    const { status, body } = answers[Math.min(requests.length, answers.length) - 1]!;
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const client = createAccountingClient({
    baseUrl: 'http://127.0.0.1:9',
    orgcode: 'ACME',
    actor: 'alice',
    credential: { apiKey: 'ak.QUNNRQ.secret' },
    fetch: transport,
    retry: { baseDelayMs: 1 },
  });
  return { client, requests };
}

const success = (data: Record<string, unknown>): Scripted => ({ status: 200, body: { success: true, data } });
const exportIn = (status: string) => success({ export: { export_id: 'exp_1', status } });
const failure = (http_status: number, retryable: boolean, tag = 'conflict'): Scripted => ({
  status: http_status,
  body: {
    success: false,
    error: { error_code: `accounting.${tag}`, http_status, retryable, request_id: 'req_1', trace_id: 't', major: { tag, message: { en_US: 'no' } }, minor: tag, message: 'no', details: {} },
  },
});

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

  it('sends an answer marked retryable again with the same body, up to its attempts, then throws it', async () => {
    const { client, requests } = scriptedClient([failure(409, true)]);

    const error = await client.commission.adjust({ associate_id: 'a', kind: 'bonus', amount: 1, currency: 'USD', reason: 'r' }).catch((thrown) => thrown);

    expect(error).toBeInstanceOf(AccountingError);
    expect(error).toMatchObject({ http_status: 409, retryable: true, tag: 'conflict', request_id: 'req_1' });
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map(({ body }) => JSON.stringify(body))).size).toBe(1);
    expect(requests[0]!.body.idempotency_key).toEqual(expect.any(String));
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
