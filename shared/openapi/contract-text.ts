import { errorTags } from '../http/envelope-schemas';
import { maxBodyBytes } from '../http/http-handler';

/**
 * The prose of the OpenAPI document: what holds for every operation, written
 * once here so each operation only says what is its own.
 */
export const apiDescription = [
  'The accounting / ERP-readiness layer of the multi-tenant retail platform: an immutable ledger of',
  'financial events per organisation, its exports to ERPs, and accounts receivable.',
  '',
  '## Calls',
  '',
  `Every operation is \`POST /accounting/<path>\` with a JSON object body of at most ${maxBodyBytes / 1024} KB`,
  '(an empty body counts as `{}`). A field the operation does not declare is a validation error naming',
  'it. `request_context` is accepted everywhere; when present it must be complete and name the',
  "caller's organisation.",
  '',
  '## Authentication',
  '',
  'Every call sends the `x-orgcode` header (the organisation, trimmed and uppercased) and exactly one',
  'credential: an API key in `x-api-key` or a session in `x-session-guid` (clients that cannot set',
  'headers may send the body field `api_key` or `session_guid` instead; it is removed before the body',
  'is validated). `x-logical-guid` (facility), `x-channel-code` and `x-cccode` (cost centre) are',
  'optional and recorded in the request context. Each operation lists the roles that may call it, in',
  'its description and in `x-roles`.',
  '',
  '## Envelope',
  '',
  'A success is HTTP 200 with `{success: true, data, stats, build}`: `data` is described per',
  'operation, `stats.call` is the operation id and `build` equals `stats.build`. A failure is',
  '`{success: false, error, stats, build}` (`ErrorEnvelope`), where `error.http_status` is the HTTP',
  'status, `error.major.tag` the kind of failure, `error.minor` the specific reason,',
  '`error.error_code` is `accounting.<reason>` and `error.retryable` says whether the same call may',
  'succeed later. A validation error lists `error.details.issues` (`{path, message}` per field).',
  '`stats` names the caller only once its credential is verified. Every answer has an `x-request-id`',
  'header, also in `stats.request_id`.',
  '',
  '## Idempotency',
  '',
  'Operations marked idempotent accept `idempotency_key` (kept 24 hours, per organisation and',
  "operation): the first call with a key is carried out, and a repeat with the same body answers the",
  "first call's `data`, also while the first is still running (it waits for it). If the first is",
  'still running after a few seconds, the repeat is 409 `accounting.idempotency_in_progress` with',
  '`retryable: true`: send the same request with the same key again. The same key with another body',
  'is 422.',
  '',
  '## Changes',
  '',
  'Records carry a `revision` (1, then +1 per change). An operation that changes a record takes the',
  '`expected_revision` the caller read: a stale one is 409 `conflict` with the current revision in',
  '`conflict_snapshot.revision`, a missing one is 428.',
  '',
  '## Lists',
  '',
  'A list operation takes `limit` (any safe integer, clamped into its bounds; default 8) and `next_token`,',
  'and answers `next_token`, null on the last page: send it back with the same filters for the next',
  'page. A page may hold fewer items than `limit` and still give a `next_token`.',
].join('\n');

const statusMeaning: Record<number, string> = {
  400: "the body is not a JSON object of this operation's schema, or a header or `next_token` is not valid.",
  401: 'no `x-orgcode`, no credential or more than one, or a credential that is unknown, expired or revoked.',
  403: 'the credential has no role that may call this operation (`details.allowed_roles`, `details.owner_allowed` say who may).',
  404: "the record named does not exist in the organisation, or the credential is another organisation's.",
  409: 'a record with this id already exists, `expected_revision` is stale (see `conflict_snapshot`), the record\'s status does not allow the change, or (retryable) a call with the same `idempotency_key` is still running.',
  422: 'the `idempotency_key` was used before with a different body.',
  428: '`expected_revision` is missing.',
  429: 'the service is busy: retry with backoff.',
  500: 'an internal error: retry with backoff.',
};

/** The error statuses every operation can answer; 422 and 428 depend on the operation. */
export const commonErrorStatuses = [400, 401, 403, 404, 409, 429, 500] as const;
export const idempotencyErrorStatus = 422;
export const revisionRequiredErrorStatus = 428;

/** What an error status means, with the `error.major.tag`s it comes with (from errorTags). */
export function errorStatusDescription(status: number): string {
  const tags = Object.entries(errorTags)
    .filter(([, statuses]) => (statuses as readonly number[]).includes(status))
    .map(([tag]) => `\`${tag}\``);
  return `${tags.join(' or ')}: ${statusMeaning[status] ?? ''}`;
}
