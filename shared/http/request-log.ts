import type { Caller } from '../domain/auth/caller';
import type { ErrorTag } from '../domain/errors';
import { fixedEmbeddedMetrics } from '../observability/embedded-metrics';
import { byErrorTag, byFamily, byOperation } from '../observability/emitted-metrics';
import { writeLogLine } from '../observability/log-line';
import type { RouteDefinition } from './route-definition';
import type { CallMeterFields } from './usage-metering';

/** A call as its log line tells it: who, what, and how it ended. Never its body or credentials. */
export interface LoggedCall {
  route: Pick<RouteDefinition, 'path' | 'operation' | 'family'>;
  requestId: string;
  traceId: string;
  receivedAt: Date;
  /** Absent for a call refused before it was authenticated. */
  caller?: Caller;
  /** The error the call answered with, when it failed. */
  failure?: { tag: ErrorTag; errorCode: string };
  replayed?: boolean;
  /** The actor the body's request_context claimed, when not the caller's (docs/decisions.md: Authentication and tenancy). */
  claimedActor?: string;
  /** What the call adds to its org's usage meter; absent for a call refused before a caller was established. */
  meter?: CallMeterFields;
}

const answeredMetrics = fixedEmbeddedMetrics([byOperation, byFamily]);
const failedMetrics = fixedEmbeddedMetrics([byOperation, byErrorTag, byFamily]);

let coldStart = true;

/**
 * The one line a call leaves in the function's log: request and trace ids,
 * operation, the caller's org and actor once authenticated, the HTTP status,
 * the error code, latency and whether the environment was new; also the
 * call's metrics in Embedded Metric Format; and, for a metered call, what it
 * adds to its usage meter, which the usage meter aggregator reads from the
 * line (docs/decisions.md: Usage meters).
 */
export function requestLogRecord(call: LoggedCall, status: number, finishedAt: Date): Record<string, unknown> {
  const firstInEnvironment = coldStart;
  coldStart = false;
  return {
    level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
    message: 'request',
    timestamp: finishedAt.toISOString(),
    request_id: call.requestId,
    trace_id: call.traceId,
    operation: call.route.operation,
    route: call.route.path,
    family: call.route.family,
    ...(call.caller && { orgcode: call.caller.orgcode, actor: call.caller.actor }),
    ...(call.claimedActor !== undefined && { claimed_actor: call.claimedActor }),
    status,
    ...(call.failure && { error_tag: call.failure.tag, error_code: call.failure.errorCode }),
    ...(call.replayed && { replayed: true }),
    latency_ms: finishedAt.getTime() - call.receivedAt.getTime(),
    errors: status >= 400 ? 1 : 0,
    throttles: status === 429 ? 1 : 0,
    client_errors: status >= 400 && status < 500 ? 1 : 0,
    server_errors: status >= 500 ? 1 : 0,
    ...call.meter,
    cold_start: firstInEnvironment,
    ...(call.failure ? failedMetrics : answeredMetrics)(finishedAt),
  };
}

export function logAnsweredCall(call: LoggedCall, status: number, finishedAt = new Date()): void {
  writeLogLine(requestLogRecord(call, status, finishedAt));
}
