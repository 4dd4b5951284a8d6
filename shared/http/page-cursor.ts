import { serviceConfig } from '../config';
import type { CallContext } from './call-context';
import { openPageToken, sealPageToken } from '../domain/page-token';

/**
 * Reads and writes a listing's `next_token`, bound to the caller's org, the
 * route and the request's filters, so a token can only continue the listing it
 * came from.
 */
export function pageCursor<State>(context: CallContext, filters: unknown) {
  const binding = { orgcode: context.caller.orgcode, route: context.route.path, filters };
  const keys = serviceConfig().tokenKeys;
  return {
    read: (token: string | null | undefined): State | undefined =>
      token ? openPageToken<State>(keys, binding, token) : undefined,
    next: (state: State | undefined): string | undefined =>
      state === undefined ? undefined : sealPageToken(keys, binding, state),
  };
}
