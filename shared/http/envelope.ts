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
