import * as z from 'zod/mini';
import { fingerprintOf, generateSecret } from '../domain/auth/credential-secret';
import { knownRoles } from '../domain/auth/roles';
import { orgcode, shortText } from '../domain/common-schemas';
import { NotFoundError } from '../domain/errors';
import {
  type CredentialRecord,
  listCredentials,
  putCredential,
  revokeCredential,
} from '../db/auth/credential-repository';
import { maxShards, raiseShards, readStoredLayout } from '../db/shard-layout';
import { shardRaises } from '../db/shard-raises';

const defaultLifetimeHours = { session: 12, api_key: 24 * 365 } as const;

/**
 * What `credential-admin` takes: an organisation's credentials (`issue`,
 * `revoke`, `list`), `raise-shards` (`npm run admin -- organisation
 * raise-shards --orgcode ORG --shards N [--reason TEXT]`), which spreads the
 * organisation's busiest partitions over N shards from `raiseDelayMs` on
 * (docs/decisions.md: Partition heat), for a planned peak, or `show`
 * (`organisation show --orgcode ORG`): its layout and every raise, the
 * watch's and the operators', with why. It administers the organisation as
 * the credentials do; a function of its own would take the stack past its
 * resource budget.
 */
export const credentialAdminRequest = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('issue'),
    orgcode,
    actor: shortText,
    roles: z._default(z.array(z.enum(knownRoles)).check(z.maxLength(knownRoles.length)), []),
    owner: z._default(z.boolean(), false),
    kind: z._default(z.enum(['api_key', 'session']), 'api_key'),
    expires_in_hours: z.optional(z.number().check(z.positive(), z.maximum(24 * 366 * 5))),
  }),
  z.strictObject({ action: z.literal('revoke'), orgcode, fingerprint: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }),
  z.strictObject({ action: z.literal('list'), orgcode }),
  z.strictObject({
    action: z.literal('raise-shards'),
    orgcode,
    shards: z.int().check(z.minimum(1), z.maximum(maxShards)),
    reason: z.optional(shortText),
  }),
  z.strictObject({ action: z.literal('show'), orgcode }),
]);
export type CredentialAdminRequest = z.infer<typeof credentialAdminRequest>;

type IssueRequest = Extract<CredentialAdminRequest, { action: 'issue' }>;

/** The issued credential: the only time its secret is ever shown. */
export interface IssuedCredential extends CredentialRecord {
  secret: string;
}

export async function issueCredential(request: IssueRequest, now = new Date()): Promise<IssuedCredential> {
  const secret = generateSecret(request.kind, request.orgcode);
  const lifetimeHours = request.expires_in_hours ?? defaultLifetimeHours[request.kind];
  const record: CredentialRecord = {
    fingerprint: fingerprintOf(secret),
    kind: request.kind,
    orgcode: request.orgcode,
    actor: request.actor,
    roles: [...new Set(request.roles)],
    owner: request.owner,
    status: 'active',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + lifetimeHours * 3_600_000).toISOString(),
  };
  await putCredential(record);
  return { secret, ...record };
}

export async function runCredentialAdmin(request: CredentialAdminRequest) {
  switch (request.action) {
    case 'issue':
      return issueCredential(request);
    case 'revoke': {
      const revoked = await revokeCredential(request.orgcode, request.fingerprint, new Date().toISOString());
      if (!revoked) throw new NotFoundError(`No credential ${request.fingerprint} in ${request.orgcode}`);
      return revoked;
    }
    case 'list':
      return { credentials: await listCredentials(request.orgcode) };
    case 'raise-shards':
      return {
        orgcode: request.orgcode,
        ...(await raiseShards(request.orgcode, request.shards, new Date(), { trigger: 'operator', reason: request.reason ?? 'operator command' })),
      };
    case 'show':
      return showOrganisation(request.orgcode);
  }
}

/** An organisation's layout as stored (one shard when never raised) and its raises, oldest first. */
async function showOrganisation(orgcode: string) {
  const [layout, raises] = await Promise.all([readStoredLayout(orgcode), shardRaises(orgcode)]);
  return {
    orgcode,
    shards: layout?.shards ?? 1,
    ...(layout && { previous_shards: layout.previous_shards, effective_at: layout.effective_at }),
    raises,
  };
}
