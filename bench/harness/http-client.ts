import { Agent, request } from 'node:http';
import { apiBasePath } from '../../shared/http/route-definition';

/** One keep-alive connection pool for every benchmark call: the client's own cost stays small and constant. */
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

export interface HttpAnswer {
  status: number;
  text: string;
}

/** POSTs a JSON body with node:http (lighter than fetch, whose overhead would count against the route). */
export function postJson(url: string, headers: Record<string, string>, body: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * One benchmarked call: the request to a route, and the DynamoDB calls that
 * route makes for it, issued directly. `request()` and `prepareRaw()` do the
 * per-call setup (fresh ids, bodies, commands) so that what is timed is only
 * the call itself.
 */
export interface Scenario {
  label: string;
  route: { path: string; name: string };
  request(): RouteRequest;
  prepareRaw(): () => Promise<void>;
}

export interface RouteRequest {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export interface RouteResponse {
  status: number;
  text: string;
}

/** The call through the local API Gateway adapter, as a client would make it. */
export function httpCall(baseUrl: string, path: string, request: RouteRequest) {
  const url = `${baseUrl}${apiBasePath}${path}`;
  const body = JSON.stringify(request.body);
  return (): Promise<RouteResponse> => postJson(url, request.headers, body);
}
