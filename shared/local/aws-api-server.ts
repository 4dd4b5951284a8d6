import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { PayloadTooLargeError, payloadTooLargeHeaders, readRequestBody } from './request-body';
import { listen, type RunningServer } from './server-lifecycle';

/** A request to one of the emulated AWS APIs, body read. */
export interface AwsApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface AwsApiResponse {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One AWS API served on the operator port (the Lambda Invoke API now; EventBridge
 * PutEvents later). `matches` sees the request before its body is read, so each
 * API enforces its own payload limit.
 */
export interface AwsApi {
  name: string;
  matches(request: Omit<AwsApiRequest, 'body'>): boolean;
  bodyLimitBytes: number;
  /** Errors the API defines are responses; a throw here is a 500 ServiceException. */
  handle(request: AwsApiRequest): Promise<AwsApiResponse>;
  /** The answer when the body exceeds `bodyLimitBytes`. */
  payloadTooLarge(): AwsApiResponse;
}

export interface AwsApiServer extends RunningServer {
  /** Adds an API on this port; the first API whose `matches` accepts a request serves it. */
  register(api: AwsApi): void;
}

/** The error shape of AWS REST-JSON APIs such as Lambda: typed by the `x-amzn-errortype` header. */
export function restJsonError(statusCode: number, type: string, message: string): AwsApiResponse {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
    body: JSON.stringify({ Type: statusCode >= 500 ? 'Service' : 'User', Message: message }),
  };
}

/**
 * The loopback-only server that speaks AWS APIs, so the ordinary SDK clients with
 * an endpoint override (the admin CLI, tests, other local tools) reach the local
 * functions exactly as they would reach AWS.
 */
export async function startAwsApiServer(options: { port: number; apis?: AwsApi[] }): Promise<AwsApiServer> {
  const apis: AwsApi[] = [...(options.apis ?? [])];

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const head = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers };
    const api = apis.find((candidate) => candidate.matches(head));

    const answering = api ? serve(api, request, head) : unknownOperation(request, head);
    answering
      .catch((error: unknown) => {
        console.error(`Local ${api?.name ?? 'AWS'} API failure:`, error);
        return restJsonError(500, 'ServiceException', 'The local service failed; see its log');
      })
      .then((result) => {
        const body = Buffer.from(result.body ?? '', 'utf8');
        response.writeHead(result.statusCode, { ...result.headers, 'content-length': String(body.length) });
        response.end(body);
      });
  });

  async function serve(api: AwsApi, request: IncomingMessage, head: Omit<AwsApiRequest, 'body'>): Promise<AwsApiResponse> {
    let body: Buffer;
    try {
      body = await readRequestBody(request, api.bodyLimitBytes);
    } catch (error) {
      if (!(error instanceof PayloadTooLargeError)) throw error;
      const tooLarge = api.payloadTooLarge();
      return { ...tooLarge, headers: { ...tooLarge.headers, ...payloadTooLargeHeaders(error) } };
    }
    return api.handle({ ...head, body });
  }

  async function unknownOperation(request: IncomingMessage, head: Omit<AwsApiRequest, 'body'>): Promise<AwsApiResponse> {
    request.resume();
    return restJsonError(404, 'UnknownOperationException', `No local API serves ${head.method} ${head.path}`);
  }

  // Loopback only: operator functions are not guarded by credentials.
  const running = await listen(server, options.port, '127.0.0.1');
  return { ...running, register: (api) => apis.push(api) };
}
