import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import { localCredentials, localRegion } from '../../shared/local/environment';
import { post, startLocalApi, type LocalApi } from '../support/local-api';

describe('local stack', () => {
  let api: LocalApi;

  beforeAll(async () => {
    api = await startLocalApi();
  });

  afterAll(async () => {
    await api.close();
  });

  it('answers an unknown path with 404 Not Found, as API Gateway does', async () => {
    const response = await post('/accounting/no/such/route', {});

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not Found' });
  });

  it('answers a GET on a known route with 404, since every route is POST only', async () => {
    const response = await fetch(`${api.baseUrl}/accounting/event/get`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('keeps operator functions off the HTTP API and the HTTP routes off the Invoke API', async () => {
    const overHttp = await post('/credential-admin', { action: 'list', orgcode: 'ACME' });
    const lambda = new LambdaClient({ endpoint: api.invokeUrl, region: localRegion, credentials: localCredentials });
    const routeByInvoke = lambda.send(new InvokeCommand({ FunctionName: 'event-get', Payload: new TextEncoder().encode('{}') }));

    expect(overHttp.status).toBe(404);
    await expect(routeByInvoke).rejects.toBeInstanceOf(ResourceNotFoundException);
    expect(new URL(api.invokeUrl).hostname).toBe('127.0.0.1');
    lambda.destroy();
  });

  it('answers the invocation of an unknown operator function with ResourceNotFoundException', async () => {
    const lambda = new LambdaClient({ endpoint: api.invokeUrl, region: localRegion, credentials: localCredentials });

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
