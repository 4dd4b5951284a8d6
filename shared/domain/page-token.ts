import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalDigest } from './canonical-json';
import { InvalidTokenError } from './errors';

/** What a token is bound to: a token only resumes the same listing it came from. */
export interface TokenBinding {
  orgcode: string;
  route: string;
  /** The request's filters (everything but limit and next_token). */
  filters: unknown;
}

interface TokenBody<State> {
  o: string;
  r: string;
  f: string;
  s: State;
}

function filtersDigest(filters: unknown): string {
  return canonicalDigest(filters).slice(0, 22);
}

function signature(key: string, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** An opaque, tamper-evident `next_token`: base64url(JSON) + "." + HMAC-SHA256. */
export function signPageToken<State>(key: string, binding: TokenBinding, state: State): string {
  const body: TokenBody<State> = { o: binding.orgcode, r: binding.route, f: filtersDigest(binding.filters), s: state };
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${payload}.${signature(key, payload)}`;
}

/** The state a token carries; a forged, altered or foreign token is a validation-error. */
export function readPageToken<State>(key: string, binding: TokenBinding, token: string): State {
  const [payload = '', mac = '', extra] = token.split('.');
  if (extra !== undefined || !payload || !mac) throw new InvalidTokenError();
  const expected = Buffer.from(signature(key, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InvalidTokenError();
  let body: TokenBody<State>;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenBody<State>;
  } catch {
    throw new InvalidTokenError();
  }
  if (body.o !== binding.orgcode || body.r !== binding.route || body.f !== filtersDigest(binding.filters)) {
    throw new InvalidTokenError();
  }
  return body.s;
}
