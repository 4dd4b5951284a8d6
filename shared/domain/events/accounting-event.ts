import { z } from 'zod';
import {
  cccode,
  channelCode,
  clientId,
  dateTime,
  eventType,
  idempotencyKey,
  logicalGuid,
  longText,
  money,
  policyRefs,
  requestContext,
  shortText,
  sourceRefs,
  taxBasis,
  taxComponent,
  taxLiabilityTrigger,
} from '../common-schemas';
import type { RequestContext, SourceRef } from '../common-schemas';
import { newId } from '../identifiers';

/** The fields an event shares with the request that records it (spec: EventRecordRequest). */
const eventFields = {
  event_type: eventType,
  occurred_at: dateTime,
  logical_guid: logicalGuid.optional(),
  channel_code: channelCode.optional(),
  cccode: cccode.optional(),
  amount: money.optional(),
  tax_amount: money.optional(),
  tax_policy_version: shortText.optional(),
  tax_basis: taxBasis.optional(),
  tax_liability_trigger: taxLiabilityTrigger.optional(),
  tax_jurisdiction_code: shortText.optional(),
  tax_holiday_applied: z.boolean().optional(),
  tax_override_applied: z.boolean().optional(),
  tax_components: z.array(taxComponent).max(100).optional(),
  policy_refs: policyRefs.optional(),
  reason: longText,
  source_refs: sourceRefs,
};

export const eventRecordRequest = z
  .object({
    event_id: clientId.optional(),
    ...eventFields,
    idempotency_key: idempotencyKey.optional(),
    request_context: requestContext,
  })
  .strict();
export type EventRecordRequest = z.infer<typeof eventRecordRequest>;

type EventFields = Omit<EventRecordRequest, 'event_id' | 'idempotency_key' | 'request_context'>;

/** An immutable accounting event (spec: AccountingEvent). */
export interface AccountingEvent extends EventFields {
  event_id: string;
  orgcode: string;
  request_context: RequestContext;
  /** When the service stored the event, as opposed to when it occurred. */
  recorded_at: string;
}

export interface EventOrigin {
  orgcode: string;
  requestContext: RequestContext;
  now: Date;
}

/**
 * The event a record request describes. Facility, channel and cost centre not
 * given in the body come from the caller's headers; the stored request_context
 * is the one captured from the authenticated call, never the body's.
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

/** One item of `/lineage/list`. */
export interface LineageItem {
  event_id: string;
  event_type: string;
  occurred_at: string;
  logical_guid?: string;
  channel_code?: string;
  cccode?: string;
  source_ref: SourceRef;
  reason: string;
}

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
