import * as z from 'zod/mini';
import {
  builtOnFirstUse,
  cccode,
  channelCode,
  clientId,
  dateTime,
  eventType,
  idempotencyKey,
  instant,
  logicalGuid,
  longText,
  money,
  policyRefs,
  requestContext,
  shortText,
  sourceRef,
  sourceRefs,
  taxBasis,
  taxComponent,
  taxLiabilityTrigger,
} from '../common-schemas';
import type { RequestContext, SourceRef } from '../common-schemas';
import { newId } from '../identifiers';

/** The fields an event shares with the request that records it (spec: EventRecordRequest), built with either schema. */
export const eventFields = () => ({
  event_type: eventType,
  occurred_at: dateTime,
  logical_guid: z.optional(logicalGuid),
  channel_code: z.optional(channelCode),
  cccode: z.optional(cccode),
  amount: z.optional(money),
  tax_amount: z.optional(money),
  tax_policy_version: z.optional(shortText),
  tax_basis: z.optional(taxBasis),
  tax_liability_trigger: z.optional(taxLiabilityTrigger),
  tax_jurisdiction_code: z.optional(shortText),
  tax_holiday_applied: z.optional(z.boolean()),
  tax_override_applied: z.optional(z.boolean()),
  tax_components: z.optional(z.array(taxComponent).check(z.maxLength(100))),
  policy_refs: z.optional(policyRefs),
  reason: longText,
  source_refs: sourceRefs,
});

export const eventRecordRequest = builtOnFirstUse(() =>
  z.strictObject({
    event_id: z.optional(clientId),
    ...eventFields(),
    idempotency_key: z.optional(idempotencyKey),
    request_context: requestContext,
  }),
);
export type EventRecordRequest = z.infer<typeof eventRecordRequest>;

/** An immutable accounting event (spec: AccountingEvent), as stored and answered. */
export const accountingEvent = builtOnFirstUse(() => z.object({
  event_id: z.string(),
  orgcode: z.string(),
  ...eventFields(),
  occurred_at: instant,
  request_context: requestContext,
  /**
   * The actor the recording call's request_context named when it was not the
   * credential's (which request_context holds): what the caller claimed, kept
   * for the record, never trusted as the actor.
   */
  claimed_actor: z.optional(z.string()),
  /** When the service stored the event, as opposed to when it occurred. */
  recorded_at: instant,
}));
export type AccountingEvent = z.infer<typeof accountingEvent>;

export interface EventOrigin {
  orgcode: string;
  requestContext: RequestContext;
  now: Date;
  claimedActor?: string;
}

/**
 * The event a record request describes. Facility, channel and cost centre not
 * given in the body come from the caller's headers; the stored request_context
 * is the one captured from the authenticated call, never the body's, and an
 * actor the call claimed otherwise is kept beside it as `claimed_actor`.
 */
export function buildEvent(request: EventRecordRequest, origin: EventOrigin): AccountingEvent {
  const { event_id, idempotency_key: _key, request_context: _declared, ...fields } = request;
  const context = origin.requestContext;
  return {
    event_id: event_id ?? newId('evt', origin.now),
    orgcode: origin.orgcode,
    ...fields,
    logical_guid: fields.logical_guid ?? context.logical_guid,
    channel_code: fields.channel_code ?? context.channel_code,
    cccode: fields.cccode ?? context.cccode,
    request_context: context,
    ...(origin.claimedActor !== undefined && { claimed_actor: origin.claimedActor }),
    recorded_at: origin.now.toISOString(),
  };
}

/** The distinct source refs of an event: each gets one lineage link. */
export function distinctSourceRefs(refs: SourceRef[]): SourceRef[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    const key = JSON.stringify([ref.kind, ref.id]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One item of `/lineage/list`: the event, as reached through one of its source refs. */
export const lineageItemSchema = builtOnFirstUse(() => z.object({
  event_id: z.string(),
  event_type: z.string(),
  occurred_at: instant,
  logical_guid: z.optional(z.string()),
  channel_code: z.optional(z.string()),
  cccode: z.optional(z.string()),
  source_ref: sourceRef,
  reason: z.string(),
}));
export type LineageItem = z.infer<typeof lineageItemSchema>;

export function lineageItem(event: AccountingEvent, sourceRef: SourceRef): LineageItem {
  return {
    event_id: event.event_id,
    event_type: event.event_type,
    occurred_at: event.occurred_at,
    logical_guid: event.logical_guid,
    channel_code: event.channel_code,
    cccode: event.cccode,
    source_ref: sourceRef,
    reason: event.reason,
  };
}
