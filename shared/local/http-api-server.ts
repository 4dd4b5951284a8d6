import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { localDocs } from './local-docs';
import { toHttpApiEvent } from './api-gateway-event';
import { defaultAwsLikeOptions } from './aws-like-options';
import type { HandlerLoader } from './handler-loader';
import { fromLambdaResult, gatewayError, type HttpResponse } from './http-api-response';
import { createLambdaContext, responseSizeTooLarge } from './lambda-context';
import { PayloadTooLargeError, payloadTooLargeHeaders, readRequestBody } from './request-body';
import { listen, type RunningServer } from './server-lifecycle';

/** API Gateway HTTP APIs refuse request bodies above 10 MB. */
export const httpApiBodyLimitBytes = 10 * 1024 * 1024;

/** One route as the HTTP API knows it: served as `POST <basePath><path>` by function `name`. */
export interface HttpApiRoute {
  path: string;
  name: string;
  /** The function's timeout: its Lambda context counts down from it, and past it the invocation fails (the gateway answers 500). The gateway's own when not given. */
  timeoutSeconds?: number;
}

export interface HttpApiOptions {
  routes: readonly HttpApiRoute[];
  loadHandler: HandlerLoader;
  /** Prefix of every route, e.g. `/accounting`. */
  basePath: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** API Gateway gives up on an integration after 30 s. */
  timeoutMs?: number;
  /** Lambda fails an invocation whose response (the handler's result as JSON) is larger: the gateway answers 500. Lambda's 6 MB unless told. */
  responseLimitBytes?: number;
  /** One line per request; silent when omitted. */
  log?: (line: string) => void;
}

/**
 * The local API Gateway: one HTTP server that turns each request into the HTTP API
 * event of its route and calls the same handler module the route's Lambda runs.
 * Like a deployed HTTP API with `POST` routes only, anything else is a 404, except
 * the local conveniences of shared/local/local-docs.ts: `GET /openapi.json`, the API
 * reference at `GET /docs`, and at `GET /` and `GET /accounting` where to go from there.
 */
export async function startHttpApi(options: HttpApiOptions): Promise<RunningServer> {
  const routesByPath = new Map(options.routes.map((route) => [`${options.basePath}${route.path}`, route]));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const responseLimitBytes = options.responseLimitBytes ?? defaultAwsLikeOptions.lambdaResponseLimitBytes;
  const docs = localDocs();

  const server = createServer((request, response) => {
    const startedAt = Date.now();
    answer(request)
      .catch((error: unknown) => {
        console.error('Local API failure:', error);
        return gatewayError(500, 'Internal Server Error');
      })
      .then((result) => {
        write(response, result);
        options.log?.(`${request.method} ${request.url} ${result.statusCode} ${Date.now() - startedAt}ms`);
      });
  });

  async function answer(request: IncomingMessage): Promise<HttpResponse> {
    const url = request.url ?? '/';
    const rawPath = url.split('?')[0] ?? '/';
    const docsPage = request.method === 'GET' ? docs(rawPath, `http://${request.headers.host ?? '127.0.0.1'}`) : undefined;
    if (docsPage) {
      request.resume();
      return docsPage;
    }
    const route = routesByPath.get(rawPath);
    if (!route || request.method !== 'POST') {
      request.resume();
      return gatewayError(404, 'Not Found');
    }

    let body: Buffer;
    try {
      body = await readRequestBody(request, httpApiBodyLimitBytes);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) return gatewayError(413, 'Request Entity Too Large', payloadTooLargeHeaders(error));
      throw error;
    }

    const requestId = randomUUID();
    const event = toHttpApiEvent(
      {
        method: request.method,
        url,
        headers: request.headers,
        body,
        sourceIp: (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        httpVersion: request.httpVersion,
        requestId,
        receivedAt: new Date(),
      },
      `POST ${rawPath}`,
    );
    const functionName = route.name;
    const handler = await options.loadHandler(route.name);
    const functionTimeoutMs = Math.min(timeoutMs, (route.timeoutSeconds ?? Number.POSITIVE_INFINITY) * 1000);
    const outcome = await withTimeout(
      Promise.resolve(handler(event, createLambdaContext(functionName, functionTimeoutMs))),
      functionTimeoutMs,
    ).catch((error: unknown) => {
      // In AWS the stack trace goes to the function's log, never to the caller.
      console.error(`Function ${functionName} failed:`, error);
      return failed;
    });
    if (outcome === timedOut && functionTimeoutMs < timeoutMs) {
      // Lambda ends an invocation at its function's timeout ("Task timed out"), a function error to the gateway.
      console.error(`Function ${functionName} failed: Task timed out after ${functionTimeoutMs / 1000} seconds`);
      return gatewayError(500, 'Internal Server Error', { 'apigw-requestid': requestId });
    }
    if (outcome === timedOut) return gatewayError(503, 'Service Unavailable', { 'apigw-requestid': requestId });
    if (outcome === failed) return gatewayError(500, 'Internal Server Error', { 'apigw-requestid': requestId });
    const responseBytes = Buffer.byteLength(JSON.stringify(outcome) ?? '');
    if (responseBytes > responseLimitBytes) {
      console.error(`Function ${functionName} failed: ${responseSizeTooLarge(responseBytes, responseLimitBytes).errorMessage}`);
      return gatewayError(500, 'Internal Server Error', { 'apigw-requestid': requestId });
    }
    const result = fromLambdaResult(outcome);
    result.headers['apigw-requestid'] = requestId;
    return result;
  }

  return listen(server, options.port, options.host ?? '127.0.0.1');
}

const timedOut = Symbol('timed out');
const failed = Symbol('failed');

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T | typeof timedOut> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function write(response: ServerResponse, result: HttpResponse): void {
  response.writeHead(result.statusCode, { ...result.headers, 'content-length': String(result.body.length) });
  response.end(result.body);
}
