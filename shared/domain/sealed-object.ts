import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import { InvalidTokenError } from './errors';
import type { TokenBinding, TokenKeys } from './page-token';

/**
 * Resumption state a client reads, as an object with a `seal` field: unlike an
 * opaque page token, the state stays legible (the specification gives its
 * fields), and the seal (an HMAC-SHA256 of the state's canonical JSON and of
 * what it is bound to: org, route and the request's other fields) makes any
 * change to it, or its use for another call, a validation-error.
 */
export type Sealed<State> = State & { seal: string };

/** A key of its own for seals, derived from the token secret, so it never doubles as the page tokens' key. */
function sealFor(secret: string, binding: TokenBinding, state: unknown): Buffer {
  const key = createHmac('sha256', 'accounting sealed object v1').update(secret).digest();
  return createHmac('sha256', key)
    .update(canonicalJson([binding.orgcode, binding.route, binding.filters, state]))
    .digest();
}

export function sealObject<State extends object>(keys: TokenKeys, binding: TokenBinding, state: State): Sealed<State> {
  return { ...state, seal: sealFor(keys.current, binding, state).toString('base64url') };
}

/**
 * The state without its seal, once the seal is found to be the current or the
 * previous key's seal of exactly this state and binding; else `field` is
 * answered as a validation-error.
 */
export function openSealedObject<State extends object>(
  keys: TokenKeys,
  binding: TokenBinding,
  sealed: Sealed<State>,
  field: string,
): State {
  const { seal, ...state } = sealed;
  const given = Buffer.from(seal, 'base64url');
  const genuine = [keys.current, keys.previous].some((secret) => {
    if (secret === undefined) return false;
    const expected = sealFor(secret, binding, state);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!genuine) throw new InvalidTokenError(field);
  return state as unknown as State;
}
