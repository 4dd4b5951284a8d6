import {
  type AccountingError,
  DeadlineExceededError,
  ExpectedRevisionRequiredError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  InternalError,
  NotFoundError,
  OrgRateLimitedError,
  RevisionConflictError,
  UnauthorizedError,
  ValidationError,
} from '../domain/errors';
import { errorEnvelope } from '../http/envelope';
import { exampleCaller, exampleStats } from './response-examples';

/** One typical error of each status, as the service's own error classes word it. */
const typicalErrors: Record<number, () => AccountingError> = {
  400: () => new ValidationError([{ path: 'occurred_at', message: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z' }]),
  401: () => new UnauthorizedError(),
  403: () => new ForbiddenError({ roles: ['acct_view', 'finance_audit'], owner: true }),
  404: () => new NotFoundError(),
  409: () => new RevisionConflictError(2, 3),
  422: () => new IdempotencyKeyReusedError(),
  428: () => new ExpectedRevisionRequiredError(),
  429: () => new OrgRateLimitedError(250),
  500: () => new InternalError(),
  503: () => new DeadlineExceededError(),
};

/**
 * An error answer of `status` (shared by every operation, so `stats.call` is
 * one operation's): refused before authentication (401) it names no caller.
 */
export function errorExample(status: number): Record<string, unknown> {
  const error = typicalErrors[status];
  if (!error) throw new Error(`No typical error of status ${status}`);
  const caller = status === 401 ? undefined : exampleCaller([]);
  return errorEnvelope(error(), { ...exampleStats('event.get', caller), traceId: 'Root=1-6740b1a2-5f0c3e7d9a1b2c4d6e8f0a1b' });
}
