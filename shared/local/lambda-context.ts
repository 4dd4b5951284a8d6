import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { failureRecordKeepsPayload } from '../domain/invocation-record';
import { localAccountId, localRegion } from './environment';

/**
 * The context object Lambda passes beside the event: enough for middy, loggers
 * and anything reading the request id or the remaining time.
 */
export function createLambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const awsRequestId = randomUUID();
  const unsupported = () => {
    throw new Error('The callback-style context methods are not supported locally; return a value instead');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: lambdaArn(functionName),
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/[$LATEST]${awsRequestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

/** The ARN a local function would have in the local account and region. */
export function lambdaArn(functionName: string): string {
  return `arn:aws:lambda:${localRegion}:${localAccountId}:function:${functionName}`;
}

/** Lambda's description of a thrown error, as an invocation answer or record carries it. */
export interface FunctionError {
  errorType: string;
  errorMessage: string;
}

export function functionError(error: unknown): FunctionError {
  if (error instanceof Error) return { errorType: error.name || 'Error', errorMessage: error.message };
  return { errorType: 'Error', errorMessage: String(error) };
}

/** Lambda's error for a synchronous invocation whose response is over its limit (the invocation fails after the handler returned). */
export function responseSizeTooLarge(responseBytes: number, limitBytes: number): FunctionError {
  return {
    errorType: 'Function.ResponseSizeTooLarge',
    errorMessage: `Response payload size (${responseBytes} bytes) exceeded maximum allowed payload size (${limitBytes} bytes).`,
  };
}

/**
 * What Lambda's on-failure destination is sent when an asynchronous invocation
 * failed every attempt: the function's invocation record, `payload` what it was
 * given, left out when it is too large to travel with the error (as Lambda does).
 */
export function failedInvocationRecord(functionName: string, payload: unknown, error: FunctionError, attempts: number, failedAt: string) {
  return {
    version: '1.0',
    timestamp: failedAt,
    requestContext: {
      requestId: randomUUID(),
      functionArn: `${lambdaArn(functionName)}:$LATEST`,
      condition: 'RetriesExhausted',
      approximateInvokeCount: attempts,
    },
    ...(failureRecordKeepsPayload(payload, error) && { requestPayload: payload }),
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    responsePayload: error,
  };
}
