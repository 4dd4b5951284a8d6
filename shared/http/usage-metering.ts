import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Caller } from '../domain/auth/caller';
import { noCostCentre } from '../domain/usage/cost-centre';
import type { CallUsage } from '../db/usage/usage-meter-repository';
import type { RouteDefinition } from './route-definition';

/** A call answered to an established caller: the only calls metered, since only they name a trusted org. */
export interface MeteredCall {
  route: Pick<RouteDefinition, 'path' | 'idempotent'>;
  caller: Caller;
  receivedAt: Date;
  /** It answered with the stored response of an earlier call with its idempotency key. */
  replayed: boolean;
}

/**
 * What a metered call's request log line adds for the usage meter aggregator
 * (docs/decisions.md: Usage meters): the meter it counts on (the line's
 * `orgcode` and `route`, with the cost centre and UTC day of receipt here) and
 * what it adds to it. `api_calls` is always 1: it is also what the log
 * subscription's filter picks the metered lines by.
 */
export interface CallMeterFields extends CallUsage {
  cccode: string;
  /** The UTC day the call was received (`YYYY-MM-DD`), whatever day it was answered. */
  day: string;
  api_calls: 1;
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

/** The meter fields of an answered call's request log line: no I/O, so metering adds nothing to the answer's wait. */
export function callMeterFields(
  call: MeteredCall,
  event: APIGatewayProxyEventV2,
  response: APIGatewayProxyStructuredResultV2,
): CallMeterFields {
  return {
    cccode: call.caller.cccode ?? noCostCentre,
    day: call.receivedAt.toISOString().slice(0, 10),
    api_calls: 1,
    ...callUsage(call, event, response),
  };
}
