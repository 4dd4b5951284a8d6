import { errorTags } from '../http/envelope-schemas';
import { maxBodyBytes } from '../http/http-handler';
import { type JsonSchema, propertyNames } from './json-schemas';

/**
 * The prose of the OpenAPI document: what holds for every operation, written
 * once here so each operation only says what is its own.
 */
/**
 * What each family of routes (a route's `family`, the document's tags) is
 * for: the tags' descriptions and the overview of the document's description.
 */
export const familyDescriptions: Record<string, string> = {
  events:
    'The ledger: immutable financial events (orders, tenders, invoices, commissions, and those recorded over the API), read one by one, listed, traced to their source records (lineage) and totalled over a window (reconcile).',
  exports:
    'Exports of the ledger to ERPs: files of a window of events (JSON lines or CSV) built in batches in the background, their delivery recorded, batches repaired, and schedules that export every slot of a cadence.',
  receivables:
    "Accounts receivable: invoices of orders sold on terms, the payments applied to them, and each customer's balance, statement and aging.",
  commissions:
    "Associates' commissions on the orders they sold, rated by the rules the pricing service sets: splits, adjustments, payouts and statements.",
  usage: "The organisation's storage usage: measurements recorded over the API or by the reconcile, which reads the objects and table items it holds.",
  rollups:
    'Daily rollups computed after each UTC day: financial (sales by channel, tenders by method, tax by jurisdiction, receivables by aging bucket) and usage (calls, records, bytes and storage per service and cost centre).',
  comments: 'Comments on any record of the organisation, with revisions, replies, attachments, hashtags and mentions.',
  inbox: "Each user's and team's inbox: notices of mentions, replies, finished exports and failures, and items put there by other services.",
  gl: "The general-ledger journal: the organisation's account mapping (revisioned), what it leaves unmapped, its closed periods and its trial balance; the journal itself is an export (`export_kind` `gl_journal`).",
};

/** Answers API Gateway gives itself, before any function runs: never the service's envelope. */
export const gatewayAnswers = [
  '`404 {"message":"Not Found"}` for a path that is no route or a method other than POST',
  '`413 {"message":"Request Entity Too Large"}` for a body over the HTTP API\'s 10 MB',
  '`429 {"message":"Too Many Requests"}` past the API\'s throttle',
];

export const apiDescription = [
  'The accounting / ERP-readiness layer of the multi-tenant retail platform. Its routes, by family',
  '(the tags below):',
  '',
  ...Object.entries(familyDescriptions).map(([family, description]) => `- **${family}**: ${description}`),
  '',
  '## Calls',
  '',
  `Every operation is \`POST /accounting/<path>\` with a JSON object body of at most ${maxBodyBytes / 1024} KB`,
  '(an empty body counts as `{}`). A field the operation does not declare is a validation error naming',
  'it. `request_context` is required where an operation says so (the writes whose records carry it)',
  "and optional elsewhere; when present it must be complete and name the caller's organisation. Records",
  "keep the credential's actor in `request_context`: an `actor` the body names otherwise is kept",
  'beside it as `claimed_actor` on the events the call records, never trusted as the actor.',
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
  'API Gateway answers some calls itself, before the service sees them, with its own body and no',
  `envelope: ${gatewayAnswers.join('; ')}.`,
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
  503: 'the call ran out of time before it finished (`retryable`): nothing it started commits later, so retry with backoff, with the same `idempotency_key` where the operation takes one.',
};

/** The error statuses every operation can answer; 422 and 428 depend on the operation. */
export const commonErrorStatuses = [400, 401, 403, 404, 409, 429, 500, 503] as const;
export const idempotencyErrorStatus = 422;
export const revisionRequiredErrorStatus = 428;

/** What an error status means, with the `error.major.tag`s it comes with (from errorTags). */
export function errorStatusDescription(status: number): string {
  const tags = Object.entries(errorTags)
    .filter(([, statuses]) => (statuses as readonly number[]).includes(status))
    .map(([tag]) => `\`${tag}\``);
  return `${tags.join(' or ')}: ${statusMeaning[status] ?? ''}`;
}

/**
 * Where `request_context` stands in a route's request, read from its schema
 * (so never a list kept by hand): required, optional, or not taken.
 */
export function requestContextRule(request: JsonSchema): string | undefined {
  if (!propertyNames(request).has('request_context')) return undefined;
  return (request.required ?? []).includes('request_context')
    ? '`request_context` is required: the complete context of the call, naming the organisation of `x-orgcode`.'
    : '`request_context` is optional; when sent it must be complete and name the organisation of `x-orgcode`.';
}
