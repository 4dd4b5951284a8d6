import type { RequestContext } from './common-schemas';

/** Who made a change of a record, in which organisation, and when: every change's event carries it. */
export interface ChangeOrigin {
  orgcode: string;
  requestContext: RequestContext;
  now: Date;
  /** The actor the caller claimed in its request_context, when not its own: recorded beside, never instead. */
  claimedActor?: string;
}

/** How a system change (an event consumer, a scheduled job) is recorded: context source `system` (docs/decisions.md: Foundations). */
export function systemOrigin(orgcode: string, actor: string, now: Date): ChangeOrigin {
  return { orgcode, requestContext: { orgcode, actor, context_source: 'system' }, now };
}
