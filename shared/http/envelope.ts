import type { Caller } from '../domain/auth/caller';
import type { AccountingError } from '../domain/errors';

export interface BuildMeta {
  build_major: string;
  build_minor: string;
  build_id: string;
}

/** Call metadata: every Stats field of the spec that the call knows. */
export interface StatsInput {
  call: string;
  requestId: string;
  receivedAt: Date;
  build: BuildMeta;
  caller?: Caller;
}

export function stats({ call, requestId, receivedAt, build, caller }: StatsInput) {
  return {
    call,
    service: 'accounting',
    request_id: requestId,
    timestamp_utc: receivedAt.toISOString(),
    ...(caller && {
      actor: caller.actor,
      context_source: caller.context_source,
      ...(caller.session_fingerprint && { session_fingerprint: caller.session_fingerprint }),
      ...(caller.api_key_fingerprint && { api_key_fingerprint: caller.api_key_fingerprint }),
      orgcode: caller.orgcode,
      ...(caller.cccode && { cccode: caller.cccode }),
      ...(caller.logical_guid && { logical_guid: caller.logical_guid }),
      ...(caller.channel_code && { channel_code: caller.channel_code }),
      roles: caller.roles,
    }),
    build,
  };
}

export function successEnvelope(data: Record<string, unknown>, statsInput: StatsInput) {
  return { success: true, data, stats: stats(statsInput), build: statsInput.build };
}

export function errorEnvelope(error: AccountingError, statsInput: StatsInput & { traceId: string }) {
  return {
    success: false,
    error: {
      error_code: error.errorCode,
      http_status: error.httpStatus,
      retryable: error.retryable,
      request_id: statsInput.requestId,
      trace_id: statsInput.traceId,
      major: { tag: error.tag, message: { en_US: error.message } },
      minor: error.reason,
      message: error.message,
      details: error.details,
    },
    ...error.envelopeExtras(),
    stats: stats(statsInput),
    build: statsInput.build,
  };
}

/**
 * The headers of an error answer besides the envelope: `Retry-After` on 429 and
 * 503, in whole seconds as RFC 9110 (section 10.2.3) writes it, rounded up from
 * `details.retry_after_ms` where the error has one (the envelope keeps the finer
 * figure), else 1 s. Clients and proxies that read only the header then wait.
 */
export function errorHeaders(error: AccountingError): Record<string, string> {
  if (error.httpStatus !== 429 && error.httpStatus !== 503) return {};
  const waitMs = error.details.retry_after_ms;
  return { 'retry-after': String(typeof waitMs === 'number' ? Math.ceil(waitMs / 1000) : 1) };
}
