import * as z from 'zod/mini';
import {
  builtOnFirstUse,
  cccode,
  channelCode,
  clientId,
  dateTime,
  idempotencyKey,
  instant,
  integer,
  logicalGuid,
  longText,
  policyRefs,
  requestContext,
  shortText,
  sourceRefs,
  text,
} from '../common-schemas';
import type { ChangeOrigin } from '../change-origin';
import { newId } from '../identifiers';
import { orderedWindow } from '../time-window';

/** The two kinds of storage the platform meters (spec: StorageUsageInput.resource_type). */
export const resourceTypes = ['object_store', 'table_store'] as const;

/** Whole counts and byte sizes stay exact in JSON: at most 2^53 - 1 (some 9 PB). */
const maxExactCount = Number.MAX_SAFE_INTEGER;

/** A size in bytes: the spec types it as a number, so a measured average may carry a fraction. */
const byteSize = z.number().check(
  z.minimum(0, 'must be 0 or more'),
  z.maximum(maxExactCount, `must be at most ${maxExactCount}`),
);

/** The spec's StorageUsageWindow, half-open like every window of the service. */
const usageWindow = z.strictObject({ from_utc: dateTime, to_utc: dateTime }).check(orderedWindow);

export const storageUsageInput = z.strictObject({
  usage_id: z.optional(clientId),
  resource_type: z.enum(resourceTypes),
  /** What was measured, e.g. an object-store prefix or a table; object keys run to 1024 characters. */
  resource_ref: text(1, 1024),
  /** The platform service whose storage it is. */
  service: shortText,
  bytes: byteSize,
  item_count: z.optional(integer(0)),
  object_count: z.optional(integer(0)),
  window: z.optional(usageWindow),
  measured_at: z.optional(dateTime),
  logical_guid: z.optional(logicalGuid),
  channel_code: z.optional(channelCode),
  cccode: z.optional(cccode),
});

export const storageUsageRecordRequest = builtOnFirstUse(() => z.strictObject({
  usage: storageUsageInput,
  policy_refs: z.optional(policyRefs),
  reason: longText,
  source_refs: sourceRefs,
  idempotency_key: z.optional(idempotencyKey),
  request_context: requestContext,
}));
export type StorageUsageRecordRequest = z.infer<typeof storageUsageRecordRequest>;

/**
 * A storage usage record as stored and answered (spec: StorageUsageRecord),
 * immutable once recorded. `orgcode` and `recorded_at` (when the service
 * stored it) are added to the spec's fields, as on accounting events.
 */
export const storageUsageRecord = builtOnFirstUse(() => z.object({
  usage_id: z.string(),
  orgcode: z.string(),
  resource_type: z.enum(resourceTypes),
  resource_ref: z.string(),
  service: z.string(),
  bytes: z.number(),
  item_count: z.optional(z.int()),
  object_count: z.optional(z.int()),
  window: z.optional(z.object({ from_utc: instant, to_utc: instant })),
  measured_at: z.optional(instant),
  logical_guid: z.optional(z.string()),
  channel_code: z.optional(z.string()),
  cccode: z.optional(z.string()),
  request_context: requestContext,
  policy_refs: z.optional(policyRefs),
  reason: z.string(),
  source_refs: sourceRefs,
  recorded_at: instant,
}));
export type StorageUsageRecord = z.infer<typeof storageUsageRecord>;

/**
 * The record a request describes. Facility, channel and cost centre not given
 * in the usage come from the caller's headers; the stored request_context is
 * the one captured from the authenticated call, never the body's.
 */
export function buildStorageUsage(request: StorageUsageRecordRequest, origin: ChangeOrigin): StorageUsageRecord {
  const { usage_id, ...usage } = request.usage;
  const context = origin.requestContext;
  return {
    usage_id: usage_id ?? newId('stu', origin.now),
    orgcode: origin.orgcode,
    ...usage,
    logical_guid: usage.logical_guid ?? context.logical_guid,
    channel_code: usage.channel_code ?? context.channel_code,
    cccode: usage.cccode ?? context.cccode,
    request_context: context,
    policy_refs: request.policy_refs,
    reason: request.reason,
    source_refs: request.source_refs,
    recorded_at: origin.now.toISOString(),
  };
}

/**
 * The instant a record is listed at, what `/storage/usage/list`'s window
 * filters: the start of its window, else when it was measured, else when it
 * was recorded.
 */
export function usageInstant(usage: StorageUsageRecord): string {
  return usage.window?.from_utc ?? usage.measured_at ?? usage.recorded_at;
}
