/**
 * The service's failures. Each carries its spec tag and HTTP status; the one
 * mapper in shared/http/error-mapper.ts turns them into the error envelope by
 * `instanceof`, so no code path chooses a status by string matching.
 */
export type ErrorTag =
  | 'validation-error'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'expected-revision-required'
  | 'conflict'
  | 'invalid-state'
  | 'throttled'
  | 'unavailable'
  | 'internal-error';

export interface ValidationIssue {
  path: string;
  message: string;
}

export abstract class AccountingError extends Error {
  abstract readonly tag: ErrorTag;
  abstract readonly httpStatus: number;
  readonly retryable: boolean = false;

  constructor(
    /** The `<reason>` of `accounting.<reason>`. */
    readonly reason: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  get errorCode(): string {
    return `accounting.${this.reason}`;
  }

  /** Extra top-level envelope fields, e.g. `conflict_snapshot`. */
  envelopeExtras(): Record<string, unknown> {
    return {};
  }
}

export class ValidationError extends AccountingError {
  readonly tag = 'validation-error';
  readonly httpStatus = 400;

  constructor(issues: ValidationIssue[], reason = 'validation_failed', message?: string) {
    super(reason, message ?? summarise(issues), { issues });
  }
}

function summarise(issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${first.path || 'body'}: ${first.message}${more}`;
}

export class InvalidTokenError extends ValidationError {
  constructor(field = 'next_token') {
    super([{ path: field, message: 'is not a token issued for this call' }], 'invalid_token');
  }
}

export class IdempotencyKeyReusedError extends AccountingError {
  readonly tag = 'validation-error';
  readonly httpStatus = 422;

  constructor() {
    super(
      'idempotency_key_reused',
      'This idempotency_key was already used with a different request body',
      { issues: [{ path: 'idempotency_key', message: 'was used with a different request body' }] },
    );
  }
}

/** A twin of a call still running: retry the same request with the same key shortly. */
export class IdempotencyInProgressError extends AccountingError {
  readonly tag = 'conflict';
  readonly httpStatus = 409;
  override readonly retryable = true;

  constructor() {
    super(
      'idempotency_in_progress',
      'A request with this idempotency_key is still being processed; retry it shortly with the same key',
    );
  }
}

/** Another payout for the associate and currency is being assembled: retry once it is done. */
export class PayoutInProgressError extends AccountingError {
  readonly tag = 'conflict';
  readonly httpStatus = 409;
  override readonly retryable = true;

  constructor(associateId: string, currency: string) {
    super(
      'payout_in_progress',
      'Another payout for this associate and currency is being created; retry shortly',
      { associate_id: associateId, currency },
    );
  }
}

export class UnauthorizedError extends AccountingError {
  readonly tag = 'unauthorized';
  readonly httpStatus = 401;

  constructor(message = 'A valid credential is required') {
    super('unauthorized', message);
  }
}

export class ForbiddenError extends AccountingError {
  readonly tag = 'forbidden';
  readonly httpStatus = 403;

  /** `allowed`: who may make the call, so the caller knows which role to ask for. */
  constructor(allowed: { roles: readonly string[]; owner: boolean; apiKeys?: boolean }) {
    const who = [
      ...allowed.roles,
      ...(allowed.owner ? ['the organisation owner'] : []),
      ...(allowed.apiKeys ? ["the organisation's API keys"] : []),
    ].join(', ');
    super('forbidden', `The credential has no role that allows this call; allowed: ${who}`, {
      allowed_roles: [...allowed.roles],
      owner_allowed: allowed.owner,
      ...(allowed.apiKeys && { api_keys_allowed: true }),
    });
  }
}

export class NotFoundError extends AccountingError {
  readonly tag = 'not-found';
  readonly httpStatus = 404;

  constructor(message = 'Not found') {
    super('not_found', message);
  }
}

export class ExpectedRevisionRequiredError extends AccountingError {
  readonly tag = 'expected-revision-required';
  readonly httpStatus = 428;

  constructor() {
    super('expected_revision_required', 'expected_revision is required to change this record', {
      issues: [{ path: 'expected_revision', message: 'is required' }],
    });
  }
}

export class RevisionConflictError extends AccountingError {
  readonly tag = 'conflict';
  readonly httpStatus = 409;

  constructor(
    readonly suppliedRevision: number,
    readonly currentRevision: number,
  ) {
    super(
      'conflict_revision',
      `expected_revision ${suppliedRevision} does not match the current revision ${currentRevision}`,
      { supplied_revision: suppliedRevision, current_revision: currentRevision },
    );
  }

  override envelopeExtras() {
    return { conflict_snapshot: { revision: this.currentRevision } };
  }
}

export class DuplicateIdError extends AccountingError {
  readonly tag = 'conflict';
  readonly httpStatus = 409;

  constructor(field: string, id: string) {
    super('duplicate_id', `A record with ${field} ${JSON.stringify(id)} already exists`, { field, id });
  }
}

export class InvalidStateError extends AccountingError {
  readonly tag = 'invalid-state';
  readonly httpStatus = 409;

  constructor(message: string, details: Record<string, unknown> = {}, reason = 'invalid_transition') {
    super(reason, message, details);
  }
}

/** The caller's organisation is over its call rate (docs/decisions.md: Per-organisation limit). */
export class OrgRateLimitedError extends AccountingError {
  readonly tag = 'throttled';
  readonly httpStatus = 429;
  override readonly retryable = true;

  constructor(retryAfterMs: number) {
    super('org_rate_limited', "The organisation's calls are over its rate; retry after retry_after_ms", { retry_after_ms: retryAfterMs });
  }
}

export class ThrottledError extends AccountingError {
  readonly tag = 'throttled';
  readonly httpStatus = 429;
  override readonly retryable = true;

  constructor(cause?: unknown) {
    super('throttled', 'The service is busy; retry with backoff', {}, { cause });
  }
}

/**
 * The call ran out of its time before it finished (docs/decisions.md: HTTP
 * contract, Deadlines): nothing it started goes on after the answer, so a
 * retry (with the same idempotency key) is safe.
 */
export class DeadlineExceededError extends AccountingError {
  readonly tag = 'unavailable';
  readonly httpStatus = 503;
  override readonly retryable = true;

  constructor() {
    super('deadline_exceeded', 'The call ran out of time before it finished; nothing it started goes on. Retry with backoff');
  }
}

export class InternalError extends AccountingError {
  readonly tag = 'internal-error';
  readonly httpStatus = 500;
  override readonly retryable = true;

  constructor(cause?: unknown) {
    super('internal', 'An internal error occurred', {}, { cause });
  }
}
