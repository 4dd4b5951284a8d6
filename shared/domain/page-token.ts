import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { canonicalDigest } from './canonical-json';
import { InvalidTokenError } from './errors';

/** What a token is bound to: a token only resumes the same listing it came from. */
export interface TokenBinding {
  orgcode: string;
  route: string;
  /** The request's filters (everything but limit and next_token). */
  filters: unknown;
}

const ivBytes = 12;
const tagBytes = 16;

/** A key of its own for tokens, derived from the configured secret, so it never doubles as another key. */
function tokenKey(secret: string): Buffer {
  return createHash('sha256').update('accounting page token v1\0').update(secret).digest();
}

/** Authenticated with the token but not inside it: a token for another org, route or filters fails to open. */
function associatedData(binding: TokenBinding): Buffer {
  return Buffer.from(JSON.stringify([binding.orgcode, binding.route, canonicalDigest(binding.filters)]), 'utf8');
}

/**
 * An opaque `next_token`: the listing's state (table keys, running totals)
 * encrypted with AES-256-GCM, bound to the org, route and filters as
 * associated data. Nothing of the table's keys can be read from it, and no
 * byte of it can be changed unnoticed.
 */
export function sealPageToken<State>(secret: string, binding: TokenBinding, state: State): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(secret), iv).setAAD(associatedData(binding));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The state a token carries; a forged, altered or foreign token is a validation-error. */
export function openPageToken<State>(secret: string, binding: TokenBinding, token: string): State {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length <= ivBytes + tagBytes || bytes.toString('base64url') !== token) throw new InvalidTokenError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', tokenKey(secret), bytes.subarray(0, ivBytes))
      .setAAD(associatedData(binding))
      .setAuthTag(bytes.subarray(bytes.length - tagBytes));
    const plain = Buffer.concat([decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as State;
  } catch {
    throw new InvalidTokenError();
  }
}
