import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { authenticate, withoutBodyCredentials } from '../auth/authenticate';
import { type Caller, capturedRequestContext } from '../domain/auth/caller';
import { serviceConfig } from '../config';
import { canonicalDigest } from '../domain/canonical-json';
import { buildNow } from '../domain/common-schemas';
import { type ErrorTag, OrgRateLimitedError, ValidationError } from '../domain/errors';
import { validate } from '../domain/validation';
import { type RouteDefinition, routeDeadlineMarginMs, routeTimeoutSeconds } from './route-definition';
import { type CallContext, claimedActorOf } from './call-context';
import { type BuildMeta, errorEnvelope, errorHeaders, successEnvelope } from './envelope';
import { toAccountingError } from './error-mapper';
import { bodyShapeIssues } from './body-shape-issues';
import { inProgressLeaseMs } from '../db/idempotency-repository';
import { runIdempotently } from './idempotent-call';
import { functionDeadlineMarginMs, withinDeadline } from '../invocation-fence';
import { watchTableWrites } from '../lambda/table-watch';
import { OrgRateLimiter } from './org-rate-limit';
import { inMemoryCallSource, tableCallSource } from './org-rate-sources';
import { logAnsweredCall } from './request-log';
import { callMeterFields } from './usage-metering';

/** Largest JSON body accepted; keeps every stored record well under DynamoDB's 400 KB item limit. */
export const maxBodyBytes = 256 * 1024;

/** Per-invocation state the middlewares hand to each other. */
interface CallState {
  requestId: string;
  traceId: string;
  receivedAt: Date;
  /** When the call stops its own work and answers (CallContext.deadline). */
  deadline: Date;
  /** Request headers, names lowercased. */
  headers: Record<string, string | undefined>;
  body?: Record<string, unknown>;
  /** The body without its credential fields: what is validated and, for an idempotent call, hashed. */
  request?: Record<string, unknown>;
  caller?: Caller;
  input?: Record<string, unknown>;
  /** The call answered with the stored response of an earlier one with its idempotency key. */
  replayed?: boolean;
  /** The actor the body's request_context claimed, when not the caller's. */
  claimedActor?: string;
  /** The error the envelope answered with, for the request log. */
  failure?: { tag: ErrorTag; errorCode: string };
}

type RouteContext = Context & { call: CallState };
type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, RouteContext>;

const unknownBuild: BuildMeta = { build_major: '0', build_minor: '0', build_id: 'unknown' };

function buildMeta(): BuildMeta {
  try {
    return serviceConfig().build;
  } catch {
    return unknownBuild;
  }
}

function lowercaseHeaders(event: APIGatewayProxyEventV2): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}

/** What Lambda says is left of the function's timeout (a handler invoked without a Lambda context gets the route's whole timeout). */
function remainingMs(route: RouteDefinition, context: Context): number {
  return typeof context.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : routeTimeoutSeconds(route) * 1000;
}

/** The call's deadline: when its own work stops starting new pieces and answers (CallContext.deadline). */
function callDeadline(route: RouteDefinition, context: Context, receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + Math.max(0, remainingMs(route, context) - routeDeadlineMarginMs));
}

function callStart(route: RouteDefinition): Middleware {
  return {
    before: ({ event, context }) => {
      const requestId = event.requestContext?.requestId ?? context.awsRequestId ?? randomUUID();
      const headers = lowercaseHeaders(event);
      const receivedAt = new Date();
      const traceId = headers['x-amzn-trace-id'] ?? requestId;
      context.call = { requestId, traceId, receivedAt, deadline: callDeadline(route, context, receivedAt), headers };
    },
  };
}

/** A body that is not JSON, or not a JSON object, is a validation-error, never a 500. */
const jsonObjectBody: Middleware = {
  before: ({ event, context }) => {
    const raw = event.body ?? '';
    const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    if (Buffer.byteLength(text, 'utf8') > maxBodyBytes) {
      throw new ValidationError(
        [{ path: 'body', message: `must be at most ${maxBodyBytes} bytes` }],
        'request_too_large',
      );
    }
    let body: unknown;
    try {
      body = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw new ValidationError([{ path: 'body', message: 'must be valid JSON' }]);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new ValidationError([{ path: 'body', message: 'must be a JSON object' }]);
    }
    const shapeIssues = bodyShapeIssues(body);
    if (shapeIssues.length) throw new ValidationError(shapeIssues);
    context.call.body = body as Record<string, unknown>;
  },
};

/**
 * Authenticates the caller, then admits the call under its organisation's
 * rate: counted once the organisation is proven, so a forged x-orgcode cannot
 * spend another organisation's allowance. One limiter per handler, i.e. per
 * function environment, taking leases of the organisation's shared allowance.
 * A lease taken beside the call finishes before the call is answered, as
 * Lambda would freeze it half done.
 */
function authentication(route: RouteDefinition, rateLimit: OrgRateLimitScope): Middleware {
  let orgRateLimiter: OrgRateLimiter | undefined;
  const leasesTaken = async () => {
    await orgRateLimiter?.settled();
  };
  return {
    before: async ({ context }) => {
      const { call } = context;
      call.caller = await authenticate(call.headers, call.body ?? {}, route.roles, call.receivedAt);
      if (!orgRateLimiter) {
        const limit = serviceConfig().orgRateLimit;
        const source = rateLimit === 'shared' ? tableCallSource(limit) : inMemoryCallSource(limit);
        orgRateLimiter = new OrgRateLimiter(limit, source);
      }
      const retryAfterMs = await orgRateLimiter.admit(call.caller.orgcode, Date.now());
      if (retryAfterMs > 0) throw new OrgRateLimitedError(retryAfterMs);
    },
    after: leasesTaken,
    onError: leasesTaken,
  };
}

function inputValidation(route: RouteDefinition): Middleware {
  return {
    before: ({ context }) => {
      const { call } = context;
      call.request = withoutBodyCredentials(call.body ?? {});
      const parsed = validate(route.schema, call.request);
      if (!parsed.success) throw new ValidationError(parsed.issues);
      const input = parsed.data as Record<string, unknown>;
      const declared = input.request_context as { orgcode?: string } | undefined;
      if (declared && declared.orgcode !== call.caller?.orgcode) {
        throw new ValidationError([
          { path: 'request_context.orgcode', message: "must name the caller's organisation (x-orgcode)" },
        ]);
      }
      call.input = input;
      call.claimedActor = claimedActorOf(input, call.caller as Caller);
    },
  };
}

function json(statusCode: number, payload: unknown, requestId: string, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...headers },
    body: JSON.stringify(payload),
  };
}

function envelope(route: RouteDefinition): Middleware {
  const statsOf = (call: CallState) => ({
    call: route.operation,
    requestId: call.requestId,
    receivedAt: call.receivedAt,
    build: buildMeta(),
    caller: call.caller,
  });
  return {
    after: (request) => {
      const call = request.context.call;
      const data = request.response as unknown as Record<string, unknown>;
      request.response = json(200, successEnvelope(data, statsOf(call)), call.requestId);
    },
    onError: (request) => {
      const call = request.context.call ?? {
        requestId: randomUUID(),
        traceId: randomUUID(),
        receivedAt: new Date(),
        deadline: new Date(),
        headers: {},
      };
      const error = toAccountingError(request.error);
      call.failure = { tag: error.tag, errorCode: error.errorCode };
      if (error.httpStatus >= 500) {
        console.error(
          JSON.stringify({
            level: 'error',
            request_id: call.requestId,
            route: route.path,
            error: String(request.error),
            stack: request.error instanceof Error ? request.error.stack : undefined,
          }),
        );
      }
      request.response = json(
        error.httpStatus,
        errorEnvelope(error, { ...statsOf(call), traceId: call.traceId }),
        call.requestId,
        errorHeaders(error),
      );
    },
  };
}

/**
 * Logs the answered call, success or error, as its one structured line with its
 * metrics (docs/decisions.md: Logs and metrics); when `metered`, the line also
 * carries what the call adds to its org's usage meter, which the usage meter
 * aggregator adds up from the logs (docs/decisions.md: Usage meters). A call
 * refused before a caller was established (401, 403, 404 for another org, a
 * body that is not JSON) names no trusted org, so it is not metered.
 */
function requestLogging(route: RouteDefinition, metered: boolean): Middleware {
  const log: NonNullable<Middleware['after']> = ({ event, context, response }) => {
    const call = context.call as CallState | undefined;
    if (!call || !response) return;
    const { caller, receivedAt } = call;
    const meter = metered && caller ? callMeterFields({ route, caller, receivedAt, replayed: call.replayed === true }, event, response) : undefined;
    logAnsweredCall({ route, ...call, meter }, response.statusCode ?? 200);
  };
  return { after: log, onError: log };
}

async function runRoute(route: RouteDefinition, call: CallState): Promise<Record<string, unknown>> {
  const caller = call.caller as Caller;
  const input = call.input ?? {};
  const context: CallContext = {
    requestId: call.requestId,
    traceId: call.traceId,
    now: call.receivedAt,
    deadline: call.deadline,
    route: { path: route.path, operation: route.operation },
    caller,
    requestContext: capturedRequestContext(caller),
    ...(call.claimedActor !== undefined && { claimedActor: call.claimedActor }),
  };
  const key = input.idempotency_key;
  if (!route.idempotent || typeof key !== 'string') return route.handle(input, context);

  const claim = {
    orgcode: caller.orgcode,
    route: route.path,
    key,
    requestHash: canonicalDigest(call.request ?? {}),
    holder: call.requestId,
    leaseMs: inProgressLeaseMs(routeTimeoutSeconds(route)),
  };
  const outcome = await runIdempotently(claim, call.receivedAt, () => route.handle(input, { ...context, idempotency: claim }));
  call.replayed = outcome.replayed;
  return outcome.data;
}

export interface HttpHandlerOptions {
  /**
   * Put every metered call's usage on its request log line (the default); off
   * only to measure what metering costs the request path (bench/latency/chain-overhead.ts).
   */
  metered?: boolean;
  /** Log every call with its metrics (the default); off only to measure what that costs (bench). Off meters nothing either. */
  logged?: boolean;
  /**
   * `shared` (the default): the organisation's allowance is shared by every
   * environment; `environment`: kept in this one only, as it used to be, only to
   * measure what sharing costs (bench/rate-limit/org-rate-limit.ts).
   */
  rateLimit?: OrgRateLimitScope;
}

export type OrgRateLimitScope = 'shared' | 'environment';

/**
 * The Lambda handler of an `/accounting` route: the one middy chain every route
 * shares (parse, authenticate, authorise, validate, idempotency, envelope,
 * request log with the call's usage).
 */
export function httpHandler(route: RouteDefinition, { metered = true, logged = true, rateLimit = 'shared' }: HttpHandlerOptions = {}) {
  buildNow(route.schema);
  watchTableWrites();
  // No early-timeout race of middy's: it would answer while the handler's work went on (Lambda then freezes that work
  // and thaws it at the next invocation). The call's fence ends its work at its deadline instead.
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, RouteContext>({ timeoutEarlyInMillis: 0 });
  // Used first, so its after and onError run last, on the answer the envelope made.
  if (logged) chain.use(requestLogging(route, metered));
  chain
    .use(envelope(route))
    .use(callStart(route))
    .use(jsonObjectBody)
    .use(authentication(route, rateLimit))
    .use(inputValidation(route))
    .handler(
      async (_event, context) =>
        (await runRoute(route, context.call)) as unknown as APIGatewayProxyStructuredResultV2,
    );
  // Every AWS call of the call, authentication's included, is fenced by the function's timeout less the fence's margin
  // (the call's own deadline, earlier, is when it stops starting work): past it the call answers 503
  // (DeadlineExceededError, through the envelope) with nothing it started still running.
  return (event: APIGatewayProxyEventV2, context: Context) =>
    withinDeadline(Date.now() + remainingMs(route, context) - functionDeadlineMarginMs, () => chain(event, context as RouteContext));
}
