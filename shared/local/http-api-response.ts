/** A response ready to write: status, headers, raw body. */
export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** API Gateway's own JSON error answer, e.g. `{"message":"Not Found"}`. */
export function gatewayError(statusCode: number, message: string, extraHeaders: Record<string, string> = {}): HttpResponse {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...extraHeaders },
    body: Buffer.from(JSON.stringify({ message })),
  };
}

/**
 * What API Gateway makes of a Lambda's result under payload format 2.0: a result
 * with `statusCode` is taken as the response; anything else is JSON-encoded as a
 * 200 (a string as is). A result it cannot use is a 500, as in AWS.
 */
export function fromLambdaResult(result: unknown): HttpResponse {
  if (isStructured(result)) {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    const text = result.body ?? '';
    return {
      statusCode: result.statusCode,
      headers,
      body: result.isBase64Encoded ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8'),
    };
  }
  if (result === undefined) return gatewayError(500, 'Internal Server Error');
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result)),
  };
}

interface StructuredResult {
  statusCode: number;
  headers?: Record<string, string | number | boolean>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

function isStructured(result: unknown): result is StructuredResult {
  return (
    typeof result === 'object' &&
    result !== null &&
    typeof (result as { statusCode?: unknown }).statusCode === 'number'
  );
}
