import type { Caller } from '../domain/auth/caller';
import type { RequestContext } from '../domain/common-schemas';
import type { IdempotencyClaim } from '../db/idempotency-repository';
import type { ChangeOrigin } from '../domain/change-origin';

/** What a route's use case knows about the call besides its validated input. */
export interface CallContext {
  requestId: string;
  traceId: string;
  /** The instant the call was received; every timestamp the call writes uses it. */
  now: Date;
  /**
   * When the call must stop its own work and answer: the function's remaining
   * time less a margin (routeDeadlineMarginMs). Work longer than that goes on in
   * the background (a sweep, a next_cursor), never past the gateway's 30 s.
   */
  deadline: Date;
  route: { path: string; operation: string };
  caller: Caller;
  /** The request context captured from the authenticated call, stored on records. */
  requestContext: RequestContext;
  /**
   * The actor the body's `request_context` named when it is not the
   * credential's: never trusted as the actor, kept beside it (docs/decisions.md:
   * Authentication and tenancy).
   */
  claimedActor?: string;
  /** Present when the route is idempotent and the request carries an idempotency_key. */
  idempotency?: IdempotencyClaim;
}

/** Who makes the call's changes, in which organisation, and when: what every change it writes records. */
export function changeOrigin(context: CallContext): ChangeOrigin {
  return {
    orgcode: context.caller.orgcode,
    requestContext: context.requestContext,
    now: context.now,
    ...(context.claimedActor !== undefined && { claimedActor: context.claimedActor }),
  };
}

/** The actor a request's `request_context` claims, when it differs from the authenticated caller's. */
export function claimedActorOf(input: Record<string, unknown>, caller: Caller): string | undefined {
  const declared = input.request_context as { actor?: string } | undefined;
  return declared?.actor !== undefined && declared.actor !== caller.actor ? declared.actor : undefined;
}
