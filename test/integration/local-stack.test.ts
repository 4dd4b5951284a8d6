import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import { maxBodyBytes } from '../../shared/http/http-handler';
import { localApiClientConfig } from '../../shared/local/environment';
import { httpApiBodyLimitBytes } from '../../shared/local/http-api-server';
import { httpRoutes } from '../../shared/routes/registry';
import { useStack } from '../support/harness';
import { post } from '../support/local-api';

describe('local stack', () => {
  const stack = useStack();

  it('answers an unknown path with 404 Not Found, as API Gateway does', async () => {
    const response = await post('/accounting/no/such/route', {});

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not Found' });
  });

  it('answers a GET on a known route with 404, since every route is POST only', async () => {
    const response = await fetch(`${stack.api.baseUrl}/accounting/event/get`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('answers a body over the HTTP API limit (10 MB) with 413 and API Gateway\'s own body, and one under it with the envelope', async () => {
    const send = (bytes: number) =>
      fetch(`${stack.api.baseUrl}/accounting/event/get`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-orgcode': 'ACME' },
        body: JSON.stringify({ event_id: 'x'.repeat(bytes - '{"event_id":""}'.length) }),
      });

    const overGateway = await send(httpApiBodyLimitBytes + 1);
    const overService = await send(maxBodyBytes + 1);

    expect([overGateway.status, await overGateway.json()]).toEqual([413, { message: 'Request Entity Too Large' }]);
    expect([overService.status, await overService.json()]).toEqual([
      400,
      expect.objectContaining({ success: false, error: expect.objectContaining({ error_code: 'accounting.request_too_large' }) }),
    ]);
  });

  it('serves the OpenAPI document of the registry at GET /openapi.json (a local convenience)', async () => {
    const response = await fetch(`${stack.api.baseUrl}/openapi.json`);
    const document = (await response.json()) as { openapi: string; paths: object; servers: Array<{ url: string }> };

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toHaveLength(httpRoutes.length);
    // "Try it out" on the page calls this stack, whatever its port.
    expect(document.servers[0]?.url).toBe(stack.api.baseUrl);
  });

  it('serves the API reference at GET /docs with every script and style from the local server', async () => {
    const response = await fetch(`${stack.api.baseUrl}/docs`);
    const html = await response.text();
    const assets = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1] ?? '');
    const assetStatuses = await Promise.all(
      assets.map(async (asset) => {
        const served = await fetch(`${stack.api.baseUrl}${asset}`);
        await served.arrayBuffer();
        return served.status;
      }),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(assets).toEqual(expect.arrayContaining(['/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css']));
    expect(assets.every((asset) => asset.startsWith('/docs/'))).toBe(true);
    expect(assetStatuses.every((status) => status === 200)).toBe(true);
    expect((await fetch(`${stack.api.baseUrl}/docs/index.html`)).status).toBe(404);
  });

  it.each(['/', '/accounting', '/accounting/'])('answers GET %s, where a newcomer lands first, with where to go: /docs, /openapi.json and how to call a route', async (path) => {
    const response = await fetch(`${stack.api.baseUrl}${path}`);
    const welcome = (await response.json()) as Record<string, string>;

    expect(response.status).toBe(200);
    expect(welcome).toMatchObject({
      docs: `${stack.api.baseUrl}/docs`,
      openapi: `${stack.api.baseUrl}/openapi.json`,
      how_to_call: expect.stringContaining(`POST of a JSON body to ${stack.api.baseUrl}/accounting/<route>`),
    });
    // What it points to is there.
    expect((await fetch(welcome.docs ?? '')).status).toBe(200);
    expect((await fetch(`${stack.api.baseUrl}/accounting`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('keeps operator functions off the HTTP API and the HTTP routes off the Invoke API', async () => {
    const overHttp = await post('/credential-admin', { action: 'list', orgcode: 'ACME' });
    const lambda = new LambdaClient(localApiClientConfig(stack.api.invokeUrl));
    const routeByInvoke = lambda.send(new InvokeCommand({ FunctionName: 'event-get', Payload: new TextEncoder().encode('{}') }));

    expect(overHttp.status).toBe(404);
    await expect(routeByInvoke).rejects.toBeInstanceOf(ResourceNotFoundException);
    expect(new URL(stack.api.invokeUrl).hostname).toBe('127.0.0.1');
    lambda.destroy();
  });

  it('answers the invocation of an unknown operator function with ResourceNotFoundException', async () => {
    const lambda = new LambdaClient(localApiClientConfig(stack.api.invokeUrl));

    const invoking = lambda.send(new InvokeCommand({ FunctionName: 'no-such-function', Payload: new TextEncoder().encode('{}') }));

    await expect(invoking).rejects.toBeInstanceOf(ResourceNotFoundException);
    lambda.destroy();
  });

  it('refuses a route call without credentials with 401 and the error envelope', async () => {
    const response = await post('/event/get', { event_id: 'evt_missing' }, { 'x-orgcode': 'ACME' });

    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false });
  });
});
