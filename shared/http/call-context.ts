import type { Caller } from '../auth/caller';
import type { RequestContext } from '../domain/common-schemas';
import type { IdempotencyClaim } from '../db/idempotency-repository';

/** What a route's use case knows about the call besides its validated input. */
export interface CallContext {
  requestId: string;
  traceId: string;
  /** The instant the call was received; every timestamp the call writes uses it. */
  now: Date;
  route: { path: string; operation: string };
  caller: Caller;
  /** The request context captured from the authenticated call, stored on records. */
  requestContext: RequestContext;
  /** Present when the route is idempotent and the request carries an idempotency_key. */
  idempotency?: IdempotencyClaim;
}
