import { defaultAwsLikeOptions } from '../../shared/local/aws-like-options';
import { startAwsApiServer } from '../../shared/local/aws-api-server';
import { startHttpApi } from '../../shared/local/http-api-server';
import { lambdaInvokeApi } from '../../shared/local/lambda-invoke-api';
import type { RunningServer } from '../../shared/local/server-lifecycle';
import { linesLoggedBy } from '../support/expected-logs';

/**
 * The local runner holds functions to Lambda's size limits in every mode (the
 * AWS-like mode's figures, AWS's by default): a synchronous response over 6 MB
 * fails the invocation, an asynchronous payload over 1 MB is refused.
 */
const { lambdaResponseLimitBytes, asyncInvokePayloadLimitBytes } = defaultAwsLikeOptions;

/** A handler whose result is exactly `bytes` long as JSON: an HTTP API result of that size, or a bare string. */
const resultOf = (bytes: number, structured: boolean) => {
  if (!structured) return 'x'.repeat(bytes - 2);
  const frame = JSON.stringify({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '' });
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: 'x'.repeat(bytes - frame.length) };
};

/** The one line the runner logs for a response over the limit, as Lambda's log of the failed invocation. */
const responseTooLargeLine = `Function big failed: Response payload size (${lambdaResponseLimitBytes + 1} bytes) exceeded maximum allowed payload size (${lambdaResponseLimitBytes} bytes).`;

const servers: RunningServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function gatewayAnswering(bytes: number): Promise<Response> {
  const gateway = await startHttpApi({
    routes: [{ path: '/big', name: 'big' }],
    loadHandler: async () => () => resultOf(bytes, true),
    basePath: '',
    port: 0,
  });
  servers.push(gateway);
  return fetch(`${gateway.url}/big`, { method: 'POST', body: '{}' });
}

async function invokeApi(bytes: number) {
  const server = await startAwsApiServer({
    port: 0,
    apis: [lambdaInvokeApi({ functions: [{ name: 'big' }], loadHandler: async () => () => resultOf(bytes, false) })],
  });
  servers.push(server);
  return (type: 'RequestResponse' | 'Event', payload: unknown = {}) =>
    fetch(`${server.url}/2015-03-31/functions/big/invocations`, {
      method: 'POST',
      headers: { 'x-amz-invocation-type': type },
      body: JSON.stringify(payload),
    });
}

describe("Lambda's size limits in the local runner", () => {
  it('answers 500 Internal Server Error without the body at the HTTP API, as API Gateway does, when the response is one byte over 6 MB; at the limit it passes', async () => {
    const { value: over, lines } = await linesLoggedBy(() => gatewayAnswering(lambdaResponseLimitBytes + 1));
    const at = await gatewayAnswering(lambdaResponseLimitBytes);

    expect([over.status, await over.json()]).toEqual([500, { message: 'Internal Server Error' }]);
    expect(lines).toEqual([responseTooLargeLine]);
    expect(at.status).toBe(200);
  });

  it("answers a synchronous Invoke whose response is over 6 MB with Lambda's function error, Function.ResponseSizeTooLarge", async () => {
    const invoke = await invokeApi(lambdaResponseLimitBytes + 1);

    const { value: answer, lines } = await linesLoggedBy(() => invoke('RequestResponse'));

    expect(answer.status).toBe(200);
    expect(lines).toEqual([responseTooLargeLine]);
    expect(answer.headers.get('x-amz-function-error')).toBe('Unhandled');
    expect(await answer.json()).toEqual({
      errorType: 'Function.ResponseSizeTooLarge',
      errorMessage: `Response payload size (${lambdaResponseLimitBytes + 1} bytes) exceeded maximum allowed payload size (${lambdaResponseLimitBytes} bytes).`,
    });
  });

  it('refuses an asynchronous Invoke whose payload is over 1 MB with 413 RequestTooLargeException, and takes one within it', async () => {
    const invoke = await invokeApi(2);
    const payloadOf = (bytes: number) => ({ text: 'x'.repeat(bytes - '{"text":""}'.length) });

    const over = await invoke('Event', payloadOf(asyncInvokePayloadLimitBytes + 1));
    const within = await invoke('Event', payloadOf(asyncInvokePayloadLimitBytes));

    expect([over.status, over.headers.get('x-amzn-errortype')]).toEqual([413, 'RequestTooLargeException']);
    expect(within.status).toBe(202);
  });
});
