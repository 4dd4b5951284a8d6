import type { components } from './generated/openapi';

/** The envelope's `error`, as the contract declares it. */
export type ErrorBody = components['schemas']['Error'];

/** Every failure the client raises for an answer: one base, so a caller can catch them all. */
export class AccountingClientError extends Error {
  override name = 'AccountingClientError';
}

/**
 * The service refused the call: an answer in the error envelope. Its fields
 * are the envelope's; `retryable` says whether the same call may succeed
 * later (the client has already retried those it was allowed to).
 */
export class AccountingError extends AccountingClientError {
  override name = 'AccountingError';
  readonly error_code: string;
  /** `major.tag`: the kind of failure (`validation-error`, `not-found`, `conflict`…). */
  readonly tag: ErrorBody['major']['tag'];
  readonly minor: string;
  readonly http_status: number;
  readonly retryable: boolean;
  readonly request_id: string;
  readonly trace_id: string;
  readonly details: ErrorBody['details'];

  constructor(
    readonly route: string,
    readonly body: ErrorBody,
  ) {
    super(`${route} answered ${body.http_status} ${body.error_code}: ${body.message}`);
    this.error_code = body.error_code;
    this.tag = body.major.tag;
    this.minor = body.minor;
    this.http_status = body.http_status;
    this.retryable = body.retryable;
    this.request_id = body.request_id;
    this.trace_id = body.trace_id;
    this.details = body.details;
  }
}

/**
 * An answer that is not the service's envelope: one API Gateway gives itself
 * (404 for an unknown path, 413, its own 429, a bare 503 past its 30 s), read by
 * its HTTP status alone.
 */
export class UnexpectedAnswerError extends AccountingClientError {
  override name = 'UnexpectedAnswerError';
  constructor(
    readonly route: string,
    readonly http_status: number,
    readonly text: string,
  ) {
    super(`${route} answered ${http_status} without the envelope: ${text.slice(0, 200)}`);
  }
}

/** An export that did not become ready: it failed, or the wait ran out. */
export class ExportNotReadyError extends AccountingClientError {
  override name = 'ExportNotReadyError';
  constructor(
    readonly export_id: string,
    readonly status: string,
    readonly reason: 'failed' | 'timeout',
  ) {
    super(reason === 'failed' ? `export ${export_id} failed` : `export ${export_id} still ${status} when the wait ran out`);
  }
}
