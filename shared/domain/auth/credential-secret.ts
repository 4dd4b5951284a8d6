import { createHash, randomBytes } from 'node:crypto';
import { orgcodePattern } from '../identifiers';

export type CredentialKind = 'api_key' | 'session';

const prefixByKind: Record<CredentialKind, string> = { api_key: 'ak', session: 'ss' };

/**
 * A secret is `<kind>.<issuing org, base64url>.<32 random bytes, base64url>`.
 * Naming the issuing organisation lets the service find the credential under
 * that organisation's keys, so a credential of another organisation than
 * `x-orgcode` is recognised (404) rather than unknown (401), and no table key
 * exists outside an organisation's partition.
 */
export function generateSecret(kind: CredentialKind, orgcode: string): string {
  const org = Buffer.from(orgcode, 'utf8').toString('base64url');
  return `${prefixByKind[kind]}.${org}.${randomBytes(32).toString('base64url')}`;
}

/** Non-reversible SHA-256 fingerprint: the only form in which a secret is stored. */
export function fingerprintOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export interface ParsedSecret {
  kind: CredentialKind;
  issuingOrgcode: string;
}

export function parseSecret(secret: string): ParsedSecret | undefined {
  const parts = secret.split('.');
  if (parts.length !== 3) return undefined;
  const [prefix, org = '', random = ''] = parts;
  const kind = (Object.keys(prefixByKind) as CredentialKind[]).find((k) => prefixByKind[k] === prefix);
  if (!kind || !/^[A-Za-z0-9_-]{43}$/.test(random) || !/^[A-Za-z0-9_-]{1,88}$/.test(org)) return undefined;
  const issuingOrgcode = Buffer.from(org, 'base64url').toString('utf8');
  return orgcodePattern.test(issuingOrgcode) ? { kind, issuingOrgcode } : undefined;
}
