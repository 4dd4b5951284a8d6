import type { RequestContext } from '../common-schemas';

/** Who is calling, as established from a verified credential and the request headers. */
export interface Caller {
  orgcode: string;
  actor: string;
  context_source: RequestContext['context_source'];
  roles: string[];
  owner: boolean;
  session_fingerprint?: string;
  api_key_fingerprint?: string;
  logical_guid?: string;
  channel_code?: string;
  cccode?: string;
}

/** The request context stored on records (spec: Request context is captured on records). */
export function capturedRequestContext(caller: Caller): RequestContext {
  return {
    orgcode: caller.orgcode,
    actor: caller.actor,
    context_source: caller.context_source,
    roles: caller.roles,
    ...(caller.logical_guid && { logical_guid: caller.logical_guid }),
    ...(caller.channel_code && { channel_code: caller.channel_code }),
    ...(caller.cccode && { cccode: caller.cccode }),
    ...(caller.session_fingerprint && { session_fingerprint: caller.session_fingerprint }),
    ...(caller.api_key_fingerprint && { api_key_fingerprint: caller.api_key_fingerprint }),
  };
}
