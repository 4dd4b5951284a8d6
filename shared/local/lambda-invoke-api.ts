import type { AwsApi, AwsApiRequest, AwsApiResponse } from './aws-api-server';
import { restJsonError } from './aws-api-server';
import { defaultAwsLikeOptions } from './aws-like-options';
import type { HandlerLoader } from './handler-loader';
import { type FunctionError, createLambdaContext, functionError, lambdaArn, responseSizeTooLarge } from './lambda-context';

/** Lambda refuses synchronous invocation payloads above 6 MB. */
export const invokePayloadLimitBytes = 6 * 1024 * 1024;

export interface LambdaInvokeApiOptions {
  /** The functions this API may invoke, by name. */
  functions: readonly { name: string }[];
  loadHandler: HandlerLoader;
  /** Operator functions get Lambda's maximum, 15 minutes, unless told otherwise. */
  timeoutMs?: number;
  /** A synchronous invocation whose result, as JSON, is larger fails with `Function.ResponseSizeTooLarge`; Lambda's 6 MB unless told. */
  responseLimitBytes?: number;
  /** An asynchronous invocation whose payload is larger is refused (413 RequestTooLargeException); Lambda's 1 MB unless told. */
  asyncPayloadLimitBytes?: number;
  /**
   * Runs an asynchronous (`Event`) invocation the way the AWS-like mode hands
   * it over (delayed, maybe twice); without it, at once.
   */
  deferAsync?: (run: () => Promise<unknown>, onError: (error: unknown) => void) => void;
}

const invokePath = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * The AWS Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`) for
 * local functions, answering as Lambda does: the result as the payload; a thrown
 * error as 200 with `X-Amz-Function-Error: Unhandled` and `{errorType,
 * errorMessage}`; an unknown function as 404 ResourceNotFoundException. Accepts a
 * name, a `name:qualifier`, or a full or partial ARN, as Lambda does.
 */
export function lambdaInvokeApi(options: LambdaInvokeApiOptions): AwsApi & { idle(): Promise<void> } {
  const known = new Set(options.functions.map((fn) => fn.name));
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const { responseLimitBytes = defaultAwsLikeOptions.lambdaResponseLimitBytes, asyncPayloadLimitBytes = defaultAwsLikeOptions.asyncInvokePayloadLimitBytes } = options;
  const underway = new Set<Promise<unknown>>();

  async function handle(request: AwsApiRequest): Promise<AwsApiResponse> {
    const requested = decodeURIComponent(invokePath.exec(request.path)?.[1] ?? '');
    const name = functionName(requested);
    if (!known.has(name)) {
      const arn = requested.startsWith('arn:') ? requested : lambdaArn(requested);
      return restJsonError(404, 'ResourceNotFoundException', `Function not found: ${arn}`);
    }

    const invocationType = String(request.headers['x-amz-invocation-type'] ?? 'RequestResponse');
    if (invocationType === 'Event' && request.body.length > asyncPayloadLimitBytes) return requestTooLarge(asyncPayloadLimitBytes);

    let payload: unknown = {};
    if (request.body.length > 0) {
      try {
        payload = JSON.parse(request.body.toString('utf8'));
      } catch {
        return restJsonError(400, 'InvalidRequestContentException', 'Could not parse request body into json');
      }
    }

    if (invocationType === 'DryRun') return { statusCode: 204 };
    // A module that fails to load is a function error too (Runtime.ImportModuleError in AWS).
    // A copy per run, as each one arrives over the wire: a repeated invocation gets the payload as sent.
    const invoke = () =>
      options.loadHandler(name).then((handler) => handler(structuredClone(payload), createLambdaContext(name, timeoutMs)));

    if (invocationType === 'Event') {
      const failed = (error: unknown) => console.error(`Function ${name} failed (asynchronous invocation):`, error);
      if (options.deferAsync) options.deferAsync(invoke, failed);
      else {
        const running = invoke().catch(failed);
        underway.add(running);
        void running.finally(() => underway.delete(running));
      }
      return { statusCode: 202, headers: { 'content-type': 'application/json' } };
    }
    const invoking = invoke();

    const executed = { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' };
    const failedWith = ({ errorType, errorMessage }: FunctionError): AwsApiResponse => ({
      statusCode: 200,
      headers: { ...executed, 'x-amz-function-error': 'Unhandled' },
      body: JSON.stringify({ errorType, errorMessage }),
    });
    try {
      const body = JSON.stringify((await invoking) ?? null);
      const responseBytes = Buffer.byteLength(body);
      if (responseBytes <= responseLimitBytes) return { statusCode: 200, headers: executed, body };
      const tooLarge = responseSizeTooLarge(responseBytes, responseLimitBytes);
      console.error(`Function ${name} failed: ${tooLarge.errorMessage}`);
      return failedWith(tooLarge);
    } catch (error) {
      console.error(...failureLog(name, error));
      return failedWith(functionError(error));
    }
  }

  return {
    /** Resolves once every asynchronous invocation run at once so far (and those they started) has finished. */
    async idle() {
      while (underway.size > 0) await Promise.allSettled([...underway]);
    },
    name: 'Lambda',
    bodyLimitBytes: invokePayloadLimitBytes,
    matches: (request) => request.method === 'POST' && invokePath.test(request.path),
    handle,
    payloadTooLarge: () => requestTooLarge(invokePayloadLimitBytes),
  };
}

function requestTooLarge(limitBytes: number): AwsApiResponse {
  return restJsonError(413, 'RequestTooLargeException', `Request must be smaller than ${limitBytes} bytes for the InvokeFunction operation`);
}

/** `name`, `name:qualifier`, `123456789012:function:name[:qualifier]` or a full ARN → `name`. */
function functionName(requested: string): string {
  const afterFunction = requested.includes(':function:') ? requested.split(':function:')[1] ?? '' : requested;
  return afterFunction.split(':')[0] ?? '';
}

/**
 * What the terminal shows of a synchronous invocation that failed: a payload
 * the function refused (an error of the caller's, a 4xx AccountingError) in
 * one line with its message, anything else with its stack.
 */
function failureLog(name: string, error: unknown): unknown[] {
  const status = (error as { httpStatus?: unknown } | undefined)?.httpStatus;
  if (error instanceof Error && typeof status === 'number' && status < 500) return [`Function ${name} refused its payload: ${error.message}`];
  return [`Function ${name} failed:`, error];
}
