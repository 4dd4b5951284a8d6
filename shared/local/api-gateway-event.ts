import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { localAccountId } from './environment';

/** What the HTTP server knows about one request, before it becomes an event. */
export interface IncomingHttpRequest {
  method: string;
  /** Request target as sent: path and query string. */
  url: string;
  /** Node's headers: names already lower-case. */
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
  httpVersion: string;
  requestId: string;
  receivedAt: Date;
}

/** API id that appears in the local request contexts. */
export const localApiId = 'local';

/**
 * The API Gateway HTTP API event (payload format 2.0) that AWS would pass to the
 * route's Lambda for this request. Cookies move from the header to `cookies`, as
 * API Gateway does; repeated headers and query parameters are comma-joined.
 */
export function toHttpApiEvent(request: IncomingHttpRequest, routeKey: string): APIGatewayProxyEventV2 {
  const [rawPath = '/', rawQueryString = ''] = splitOnce(request.url, '?');
  const { cookie, ...otherHeaders } = request.headers;
  const headers = Object.fromEntries(
    Object.entries(otherHeaders)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
  );
  const cookies = cookie
    ?.split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const queryStringParameters = parseQuery(rawQueryString);
  const domainName = request.headers.host ?? 'localhost';

  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    requestContext: {
      accountId: localAccountId,
      apiId: localApiId,
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method: request.method,
        path: rawPath,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.sourceIp,
        userAgent: request.headers['user-agent'] ?? '',
      },
      requestId: request.requestId,
      routeKey,
      stage: '$default',
      time: apiGatewayTime(request.receivedAt),
      timeEpoch: request.receivedAt.getTime(),
    },
    // API Gateway leaves `body` out when the request has none.
    ...(request.body.length > 0 ? { body: request.body.toString('utf8') } : {}),
    isBase64Encoded: false,
  };
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

function parseQuery(rawQueryString: string): Record<string, string> | undefined {
  if (!rawQueryString) return undefined;
  const parameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    parameters[name] = name in parameters ? `${parameters[name]},${value}` : value;
  }
  return parameters;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestContext.time` format: `12/Mar/2020:19:03:58 +0000`. */
function apiGatewayTime(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${pad(at.getUTCDate())}/${months[at.getUTCMonth()]}/${at.getUTCFullYear()}:` +
    `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} +0000`
  );
}
