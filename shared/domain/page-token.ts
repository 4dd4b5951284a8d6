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

/**
 * The secrets tokens are sealed with. New tokens are sealed with `current`;
 * `previous`, the key it replaced at the last rotation, still opens the tokens
 * sealed before it (docs/decisions.md: Operations, Key rotation).
 */
export interface TokenKeys {
  current: string;
  previous?: string;
}

const keyIdBytes = 4;
const ivBytes = 12;
const tagBytes = 16;

/** A key of its own for tokens, derived from the configured secret, so it never doubles as another key. */
function tokenKey(secret: string): Buffer {
  return createHash('sha256').update('accounting page token v1\0').update(secret).digest();
}

/**
 * Names the secret a token was sealed with, so opening it picks that secret
 * without trying each. Derived from the secret, so a rotation needs no id of
 * its own; a digest under another label, so it says nothing of the key.
 */
function keyId(secret: string): Buffer {
  return createHash('sha256').update('accounting page token key id\0').update(secret).digest().subarray(0, keyIdBytes);
}

interface DerivedKey {
  key: Buffer;
  id: Buffer;
}

const derivedKeys = new Map<string, DerivedKey>();

/**
 * A secret's key and key id, derived once (docs/decisions.md: Performance):
 * a process seals with one configured secret and opens with at most two, so a
 * handful remembered covers its life; past that the memory starts afresh.
 */
function derivedKey(secret: string): DerivedKey {
  let derived = derivedKeys.get(secret);
  if (!derived) {
    if (derivedKeys.size >= 4) derivedKeys.clear();
    derived = { key: tokenKey(secret), id: keyId(secret) };
    derivedKeys.set(secret, derived);
  }
  return derived;
}

/** Authenticated with the token but not inside it: a token for another org, route or filters fails to open. */
function associatedData(binding: TokenBinding): Buffer {
  return Buffer.from(JSON.stringify([binding.orgcode, binding.route, canonicalDigest(binding.filters)]), 'utf8');
}

/**
 * An opaque `next_token`: the id of the key that sealed it, then the listing's
 * state (table keys, running totals) encrypted with AES-256-GCM, bound to the
 * org, route and filters as associated data. Nothing of the table's keys can
 * be read from it, and no byte of it can be changed unnoticed.
 */
export function sealPageToken<State>(keys: TokenKeys, binding: TokenBinding, state: State): string {
  const { key, id } = derivedKey(keys.current);
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(associatedData(binding));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
  return Buffer.concat([id, iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/**
 * The state a token carries. A forged, altered or foreign token is a
 * validation-error, and so is one sealed with a key that is neither the
 * current nor the previous one: rotated out, or never ours.
 */
export function openPageToken<State>(keys: TokenKeys, binding: TokenBinding, token: string): State {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length <= keyIdBytes + ivBytes + tagBytes || bytes.toString('base64url') !== token) throw new InvalidTokenError();
  const sealedWith = bytes.subarray(0, keyIdBytes);
  const secret = [keys.current, keys.previous].find((candidate) => candidate !== undefined && derivedKey(candidate).id.equals(sealedWith));
  if (secret === undefined) throw new InvalidTokenError();
  const iv = bytes.subarray(keyIdBytes, keyIdBytes + ivBytes);
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(secret).key, iv)
      .setAAD(associatedData(binding))
      .setAuthTag(bytes.subarray(bytes.length - tagBytes));
    const plain = Buffer.concat([decipher.update(bytes.subarray(keyIdBytes + ivBytes, bytes.length - tagBytes)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as State;
  } catch {
    throw new InvalidTokenError();
  }
}
