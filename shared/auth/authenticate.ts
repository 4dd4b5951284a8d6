import * as z from 'zod/mini';
import { findCredential } from '../db/auth/credential-repository';
import { cccode, channelCode, logicalGuid } from '../domain/common-schemas';
import { canonicalOrgcode } from '../domain/identifiers';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../domain/errors';
import { type Validated, validate } from '../domain/validation';
import type { Caller } from '../domain/auth/caller';
import { type CredentialKind, fingerprintOf, parseSecret } from '../domain/auth/credential-secret';
import { type RoleFamily, isAllowed, roleFamilies } from '../domain/auth/roles';

export type Headers = Record<string, string | undefined>;

/** Body fields that carry a credential (spec Authentication rule 2: accepted for compatibility). */
const bodyCredentialFields = { session_guid: 'session', api_key: 'api_key' } as const;

const optionalContextHeaders = z.object({
  'x-logical-guid': z.optional(logicalGuid),
  'x-channel-code': z.optional(channelCode),
  'x-cccode': z.optional(cccode),
});
const contextHeaderNames = Object.keys(optionalContextHeaders.shape);

/**
 * The context headers, parsed only when the call sends one: most calls send
 * none, and then the parse could only answer `{}` (docs/decisions.md: Performance).
 */
function contextHeaders(headers: Headers): Validated<z.output<typeof optionalContextHeaders>> {
  const sent = contextHeaderNames.some((name) => headers[name] !== undefined);
  return sent ? validate(optionalContextHeaders, headers, 'headers') : { success: true, data: {} };
}

interface PresentedCredential {
  kind: CredentialKind;
  secret: string;
}

/** Removes the credential fields from a body so they are neither validated nor stored. */
export function withoutBodyCredentials(body: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...body };
  for (const field of Object.keys(bodyCredentialFields)) delete rest[field];
  return rest;
}

function presentedCredentials(headers: Headers, body: Record<string, unknown>): PresentedCredential[] {
  const presented: PresentedCredential[] = [];
  const add = (kind: CredentialKind, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    presented.push({ kind, secret: typeof value === 'string' ? value : '' });
  };
  add('session', headers['x-session-guid']);
  add('api_key', headers['x-api-key']);
  for (const [field, kind] of Object.entries(bodyCredentialFields)) add(kind, body[field]);
  return presented;
}

/**
 * Establishes the caller of an `/accounting` request, in the order the spec's
 * rules need: exactly one valid credential (else 401), of the organisation named
 * by `x-orgcode` (else 404, so existence is never revealed), holding a role of
 * the route's family (else 403).
 */
export async function authenticate(
  headers: Headers,
  body: Record<string, unknown>,
  family: RoleFamily,
  now: Date,
): Promise<Caller> {
  const orgHeader = headers['x-orgcode'];
  if (!orgHeader || !orgHeader.trim()) throw new UnauthorizedError('The x-orgcode header is required');
  const orgcode = canonicalOrgcode(orgHeader);

  const presented = presentedCredentials(headers, body);
  if (presented.length === 0) throw new UnauthorizedError('A credential is required: x-session-guid or x-api-key');
  if (presented.length > 1) throw new UnauthorizedError('Send exactly one credential');
  const [credential] = presented as [PresentedCredential];

  const parsed = parseSecret(credential.secret);
  if (!parsed || parsed.kind !== credential.kind) throw new UnauthorizedError();
  const fingerprint = fingerprintOf(credential.secret);
  const record = await findCredential(parsed.issuingOrgcode, fingerprint);
  const usable =
    record &&
    record.status === 'active' &&
    record.kind === credential.kind &&
    Date.parse(record.expires_at) > now.getTime();
  if (!usable) throw new UnauthorizedError();

  if (record.orgcode !== orgcode) throw new NotFoundError();
  if (!isAllowed(family, record)) throw new ForbiddenError(roleFamilies[family]);

  const context = contextHeaders(headers);
  if (!context.success) throw new ValidationError(context.issues);

  return {
    orgcode,
    actor: record.actor,
    context_source: credential.kind,
    roles: record.roles,
    owner: record.owner,
    ...(credential.kind === 'session'
      ? { session_fingerprint: fingerprint }
      : { api_key_fingerprint: fingerprint }),
    ...(context.data['x-logical-guid'] && { logical_guid: context.data['x-logical-guid'] }),
    ...(context.data['x-channel-code'] && { channel_code: context.data['x-channel-code'] }),
    ...(context.data['x-cccode'] && { cccode: context.data['x-cccode'] }),
  };
}
