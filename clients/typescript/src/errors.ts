import type { components } from './generated/openapi.js';

/** The envelope's `error`, as the contract declares it. */
export type ErrorBody = components['schemas']['Error'];

/**
 * Every failure the client raises: one base, so a caller can catch them all.
 * `retryable` says whether the same call may succeed later (the client has
 * already sent again those it was allowed to, within its retry budget).
 */
export class AccountingClientError extends Error {
  override name = 'AccountingClientError';
  readonly retryable: boolean;

  constructor(message: string, retryable: boolean, options?: { cause: unknown }) {
    super(message, options);
    this.retryable = retryable;
  }
}

/** The service refused the call: an answer in the error envelope, whose fields these are. */
export class AccountingError extends AccountingClientError {
  override name = 'AccountingError';
  readonly route: string;
  readonly body: ErrorBody;
  readonly error_code: string;
  /** `major.tag`: the kind of failure (`validation-error`, `not-found`, `conflict`…). */
  readonly tag: ErrorBody['major']['tag'];
  readonly minor: string;
  readonly http_status: number;
  readonly request_id: string;
  readonly trace_id: string;
  readonly details: ErrorBody['details'];

  constructor(route: string, body: ErrorBody) {
    super(`${route} answered ${body.http_status} ${body.error_code}: ${body.message}`, body.retryable);
    this.route = route;
    this.body = body;
    this.error_code = body.error_code;
    this.tag = body.major.tag;
    this.minor = body.minor;
    this.http_status = body.http_status;
    this.request_id = body.request_id;
    this.trace_id = body.trace_id;
    this.details = body.details;
  }
}

/**
 * An answer that is not the service's envelope: one API Gateway gives itself
 * (404 for an unknown path, 413, its own 429, 500 for a function that crashed,
 * 503 past its 30 s), read by its HTTP status alone: 429 and the 5xx are
 * retryable (a 5xx call may also have been carried out).
 */
export class UnexpectedAnswerError extends AccountingClientError {
  override name = 'UnexpectedAnswerError';
  readonly route: string;
  readonly http_status: number;
  readonly text: string;

  constructor(route: string, http_status: number, text: string) {
    super(`${route} answered ${http_status} without the envelope: ${text.slice(0, 200)}`, http_status === 429 || http_status >= 500);
    this.route = route;
    this.http_status = http_status;
    this.text = text;
  }
}

/**
 * The call got no answer: the service could not be reached, or the connection
 * failed before the answer came back, in which case the call may have been
 * carried out. `cause` is what the transport threw (Node's fetch: a TypeError
 * whose own `cause` has the system's `code`, e.g. `ECONNREFUSED`). Sending it
 * again is safe with the same idempotency key, which the client does itself
 * within its retry budget, or for a call that changes nothing.
 */
export class AccountingNetworkError extends AccountingClientError {
  override name = 'AccountingNetworkError';
  readonly route: string;

  constructor(route: string, cause: unknown) {
    super(`${route} got no answer: ${describeCause(cause)}`, true, { cause });
    this.route = route;
  }
}

/** An export that did not become ready: it failed, or the wait ran out. */
export class ExportNotReadyError extends AccountingClientError {
  override name = 'ExportNotReadyError';
  readonly export_id: string;
  readonly status: string;
  readonly reason: 'failed' | 'timeout';

  constructor(export_id: string, status: string, reason: 'failed' | 'timeout') {
    super(reason === 'failed' ? `export ${export_id} failed` : `export ${export_id} still ${status} when the wait ran out`, reason === 'timeout');
    this.export_id = export_id;
    this.status = status;
    this.reason = reason;
  }
}

/** A transport failure in one line: its message and, for Node's fetch, the system error's code under it. */
function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${cause.message} (${code})` : cause.message;
}
