import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Caller } from '../auth/caller';
import { markMeteredDay } from '../db/active-day-repository';
import { type CallUsage, meterCall } from '../db/usage-meter-repository';
import type { RouteDefinition } from '../routes/route-definition';

/**
 * Longest an answer waits for its call's meter write (docs/decisions.md: Usage
 * meters). The write is awaited because Lambda may freeze the environment once
 * the handler returns; past this bound the answer goes without it, so a slow or
 * throttled meter never holds a call up by more.
 */
export const meterWaitMs = 50;

/** A call answered to an established caller: the only calls metered, since only they name a trusted org. */
export interface MeteredCall {
  route: Pick<RouteDefinition, 'path' | 'idempotent'>;
  caller: Caller;
  requestId: string;
  receivedAt: Date;
  /** It answered with the stored response of an earlier call with its idempotency key. */
  replayed: boolean;
}

function requestBodyBytes(event: APIGatewayProxyEventV2): number {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64').length : Buffer.byteLength(body, 'utf8');
}

/**
 * The call's usage. Every idempotent route creates a record when it succeeds
 * (the key exists to make creating safe to retry), so a successful call of one
 * counts a record, and its replay does not: it created nothing.
 */
export function callUsage(
  call: MeteredCall,
  event: APIGatewayProxyEventV2,
  response: APIGatewayProxyStructuredResultV2,
): CallUsage {
  const status = response.statusCode ?? 200;
  return {
    records: call.route.idempotent && status === 200 && !call.replayed ? 1 : 0,
    bandwidth_in_bytes: requestBodyBytes(event),
    bandwidth_out_bytes: Buffer.byteLength(response.body ?? '', 'utf8'),
    errors: status >= 400 ? 1 : 0,
  };
}

function logMeterProblem(problem: string, call: MeteredCall, error?: unknown): void {
  console.error(
    JSON.stringify({
      level: 'warn',
      message: problem,
      request_id: call.requestId,
      route: call.route.path,
      orgcode: call.caller.orgcode,
      ...(error !== undefined && { error: String(error) }),
    }),
  );
}

/**
 * Adds the call to its org's meter for its cost centre, UTC day and route,
 * and marks the org's day metered (once per process and day, beside the meter
 * write, so within the same wait: docs/decisions.md: Usage rollups), waiting
 * at most meterWaitMs. Never throws (a throw here would turn an answered call
 * into an error): a write that fails is logged, and the answer stays what it
 * is; a mark that failed is tried again by the org's next call.
 */
export async function meterAnsweredCall(
  call: MeteredCall,
  event: APIGatewayProxyEventV2,
  response: APIGatewayProxyStructuredResultV2,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const scope = { orgcode: call.caller.orgcode, cccode: call.caller.cccode, surface: call.route.path, day: call.receivedAt.toISOString() };
    const settled = Promise.all([
      meterCall(scope, callUsage(call, event, response)).catch((error: unknown) => logMeterProblem('usage meter write failed', call, error)),
      markMeteredDay(scope.orgcode, scope.day).catch((error: unknown) => logMeterProblem('metered day mark failed', call, error)),
    ]).then(() => 'settled' as const);
    const timedOut = new Promise<'timed out'>((resolve) => {
      timer = setTimeout(resolve, meterWaitMs, 'timed out');
    });
    if ((await Promise.race([settled, timedOut])) === 'timed out') {
      logMeterProblem(`usage meter write not done within ${meterWaitMs} ms`, call);
    }
  } catch (error) {
    logMeterProblem('usage meter write failed', call, error);
  } finally {
    clearTimeout(timer);
  }
}
