import { setTimeout as sleep } from 'node:timers/promises';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { type AwsLike, awsLikeFromVariable } from '../../shared/local/aws-like';
import { localApiClientConfig } from '../../shared/local/environment';
import type { LocalEventBus } from '../../shared/local/event-bus-api';
import type { DeliveryOutcome, LocalEventConsumers } from '../../shared/local/event-consumers';
import { type LocalFunctionsOptions, startLocalFunctions } from '../../shared/local/local-functions';
import type { LocalLogSubscription } from '../../shared/local/log-subscription';
import { localScheduledEvent } from '../../shared/local/schedule-timers';
import type { LocalQueue } from '../../shared/local/sqs-queue-api';
import { apiBasePath } from '../../shared/http/route-definition';
import { assertResponseMatchesContract } from './response-contract';

/** The local API of one test file, served in-process against the global DynamoDB Local and s3rver. */
export interface LocalApi {
  /** Origin of the HTTP API, e.g. `http://127.0.0.1:41234`; routes live under `/accounting`. */
  baseUrl: string;
  /** Endpoint of the Lambda Invoke API (operator, background and consumer functions), EventBridge PutEvents and SQS. */
  invokeUrl: string;
  /** The local event bus: subscribe to see what the service publishes. */
  bus: LocalEventBus;
  /** The consumers of the bus's events: their deliveries and dead letters. */
  consumers: LocalEventConsumers;
  /** The route functions' metered request lines on their way to the usage meter aggregator. */
  logSubscription: LocalLogSubscription;
  /** The consumers' and the aggregator's dead-letter queue, at `deadLetterQueueUrl` for the SQS client. */
  deadLetterQueue: LocalQueue;
  deadLetterQueueUrl: string;
  /** The AWS-like mode when on (`awsLike` option, or ACCOUNTING_AWS_LIKE for the run): its options and what it injected. */
  awsLike?: AwsLike;
  close(): Promise<void>;
}

// `any` by default so a test can assert on `body.data.x` without a cast; pass a type to narrow.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface HttpResult<Body = any> {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body is not JSON. */
  body: Body;
  text: string;
}

export interface IssueCredentialOptions {
  orgcode: string;
  actor: string;
  roles?: string[];
  owner?: boolean;
  kind?: 'api_key' | 'session';
  expires_in_hours?: number;
}

export interface IssuedCredential {
  secret: string;
  kind: 'api_key' | 'session';
  fingerprint: string;
  expires_at: string | null;
  orgcode: string;
  actor: string;
  roles: string[];
  owner: boolean;
}

/** Raised when an operator function fails (Lambda's `X-Amz-Function-Error`). */
export class OperatorFunctionError extends Error {
  override name = 'OperatorFunctionError';
  constructor(
    readonly functionName: string,
    readonly errorType: string,
    errorMessage: string,
  ) {
    super(`${functionName} failed: ${errorType}: ${errorMessage}`);
  }
}

let current: LocalApi | undefined;

/**
 * Starts the same HTTP adapter and Invoke API server `npm start` runs, on free
 * ports, in this test worker. `post`, `issueCredential` and `invokeOperator` then
 * talk to it. Close it in `afterAll`.
 */
export async function startLocalApi(options: Pick<LocalFunctionsOptions, 'logDeliveryIntervalMs' | 'awsLike'> = {}): Promise<LocalApi> {
  const awsLike = options.awsLike ?? awsLikeFromVariable();
  const functions = await startLocalFunctions({ ...options, awsLike, apiPort: 0, operatorPort: 0 });
  const api: LocalApi = {
    baseUrl: functions.api.url,
    invokeUrl: functions.aws.url,
    bus: functions.bus,
    consumers: functions.consumers,
    logSubscription: functions.logSubscription,
    deadLetterQueue: functions.deadLetterQueue,
    deadLetterQueueUrl: functions.deadLetterQueueUrl,
    awsLike: functions.awsLike,
    close: async () => {
      if (current === api) current = undefined;
      await functions.close();
    },
  };
  current = api;
  return api;
}

function running(): LocalApi {
  if (!current) throw new Error('No local API is running: call startLocalApi() in beforeAll first');
  return current;
}

/**
 * POSTs to the running local API. A route path (`/event/get`) is served under
 * `/accounting`; a path already under `/accounting` is sent as is. Every answer
 * of a route is held to its declared response schema (a mismatch throws). An object body
 * is sent as JSON; a string body is sent verbatim (to test malformed input).
 * Headers whose value is undefined are left out, so callers can spread optional ones.
 */
export async function post<Body = any>(
  path: string,
  body: unknown,
  headers: Record<string, string | undefined> = {},
): Promise<HttpResult<Body>> {
  const fullPath = path === apiBasePath || path.startsWith(`${apiBasePath}/`) ? path : `${apiBasePath}${path}`;
  const sent = Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const response = await fetch(`${running().baseUrl}${fullPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...Object.fromEntries(sent) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = parseJson(text);
  assertResponseMatchesContract(fullPath.slice(apiBasePath.length), response.status, parsed);
  return { status: response.status, headers: response.headers, body: parsed as Body, text };
}

/**
 * A call made as a client of the spec makes it: an answer marked retryable
 * (429 throttled or rate-limited, 409 in progress) is sent again after the
 * wait it names, a few times; what it answers then is the call's answer. A
 * 5xx is answered at once, retryable or not: the suites hold the service to
 * never answering one (issue 24, item 3), so a retry must not hide it.
 */
export async function asClient(call: () => Promise<HttpResult>): Promise<HttpResult> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await call();
    if (attempt === 8 || answer.status < 400 || answer.status >= 500 || answer.body?.error?.retryable !== true) return answer;
    await sleep(Math.min(answer.body.error.details?.retry_after_ms ?? 100, 1_000) + attempt * 20);
  }
}

/** The texts of the answers that were not 200: `[]` when every call succeeded, else what failed, to show. */
export const failedAnswers = (answers: HttpResult[]) => answers.filter((answer) => answer.status !== 200).map((answer) => answer.text);

/** The texts of the 5xx answers: the service must never give one, whatever it is sent. */
export const serverErrors = (answers: HttpResult[]) => answers.filter((answer) => answer.status >= 500).map((answer) => answer.text);

/**
 * Invokes an operator or background function through the local Invoke API with
 * `@aws-sdk/client-lambda`, the path the admin CLI takes. A function error
 * becomes an OperatorFunctionError.
 */
export async function invokeOperator<Result = unknown>(functionName: string, payload: unknown): Promise<Result> {
  const client = new LambdaClient(localApiClientConfig(running().invokeUrl));
  try {
    const response = await client.send(
      new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify(payload)) }),
    );
    const result = parseJson(response.Payload ? new TextDecoder().decode(response.Payload) : 'null');
    if (response.FunctionError) {
      const { errorType, errorMessage } = (result ?? {}) as { errorType?: string; errorMessage?: string };
      throw new OperatorFunctionError(functionName, errorType ?? response.FunctionError, errorMessage ?? '');
    }
    return result as Result;
  } finally {
    client.destroy();
  }
}

/**
 * Runs a scheduled background function as its schedule does, through the
 * Invoke API: with the EventBridge Scheduled Event of the run due at
 * `scheduledAt`, the one payload it accepts.
 */
export function runScheduled<Result = unknown>(functionName: string, scheduledAt = new Date()): Promise<Result> {
  return invokeOperator<Result>(functionName, localScheduledEvent(functionName, scheduledAt));
}

/**
 * Puts one event on the local default bus with `@aws-sdk/client-eventbridge`,
 * the path the platform's services take; `orgcode`, when given, is set in the
 * detail. Resolves with the event's id once the bus accepted it; the consumers
 * it reaches run afterwards, asynchronously (see deliverEvent).
 */
export async function putEvent(
  source: string,
  detailType: string,
  detail: Record<string, unknown>,
  orgcode?: string,
): Promise<string> {
  const client = new EventBridgeClient(localApiClientConfig(running().invokeUrl));
  try {
    const { Entries } = await client.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: 'default',
            Source: source,
            DetailType: detailType,
            Detail: JSON.stringify(orgcode === undefined ? detail : { ...detail, orgcode }),
          },
        ],
      }),
    );
    const entry = Entries?.[0];
    if (!entry?.EventId) throw new Error(`EventBridge refused the event: ${entry?.ErrorCode}: ${entry?.ErrorMessage}`);
    return entry.EventId;
  } finally {
    client.destroy();
  }
}

/**
 * Puts one event as putEvent does and resolves once every consumer it reaches
 * has finished with it, succeeded or dead-lettered (after Lambda's retries),
 * with the outcomes in registry order; none reached, none returned. A test
 * awaits this before looking for the event's effect.
 */
export function deliverEvent(
  source: string,
  detailType: string,
  detail: Record<string, unknown>,
  orgcode?: string,
): Promise<DeliveryOutcome[]> {
  const { consumers } = running();
  const reached = consumers.consumersOf({ source, 'detail-type': detailType });
  const finished: DeliveryOutcome[] = [];
  let eventId: string | undefined;
  return new Promise((resolve, reject) => {
    // Listening before the put: a quick consumer may finish before PutEvents answers.
    // The first outcome of each consumer: a delivery the AWS-like mode repeats finishes later, as on AWS.
    const settleIfDone = () => {
      const ofEvent = finished.filter(
        (outcome, index) => outcome.event.id === eventId && finished.findIndex((other) => other.event.id === eventId && other.consumer === outcome.consumer) === index,
      );
      if (eventId === undefined || ofEvent.length < reached.length) return;
      stopListening();
      resolve(ofEvent.sort((a, b) => reached.indexOf(a.consumer) - reached.indexOf(b.consumer)));
    };
    const stopListening = consumers.onDelivery((outcome) => {
      finished.push(outcome);
      settleIfDone();
    });
    putEvent(source, detailType, detail, orgcode).then(
      (id) => {
        eventId = id;
        settleIfDone();
      },
      (error: unknown) => {
        stopListening();
        reject(error);
      },
    );
  });
}

/**
 * Hands every metered call answered so far to the usage meter aggregator and
 * resolves once it has added them up (or dead-lettered the batch): the meters
 * count a call seconds after its answer, as deployed, so a test flushes before
 * reading them.
 */
export function flushMeters(): Promise<void> {
  return running().logSubscription.flush();
}

/** Issues a credential with the `credential-admin` operator function; `secret` goes in `x-api-key` or `x-session-guid`. */
export function issueCredential(options: IssueCredentialOptions): Promise<IssuedCredential> {
  return invokeOperator<IssuedCredential>('credential-admin', { action: 'issue', roles: [], ...options });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
