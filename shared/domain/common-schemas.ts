import * as z from 'zod/mini';
import { canonicalOrgcode, cccodePattern, channelCodePattern, orgcodePattern } from './identifiers';
import { fractionDigits } from './decimal';

/** Largest amount magnitude accepted: keeps every sum exact when written as a JSON number. */
export const maxAmount = 1e12;
const maxFractionDigits = 6;

/** A string of `min`..`max` characters. */
export function text(min: number, max: number) {
  return z.string().check(z.minLength(min), z.maxLength(max));
}

export const shortText = text(1, 256);
export const longText = text(1, 4000);

/** An opaque client identifier: stored and echoed exactly (spec identifier rule 4). */
export const clientId = z.string().check(
  z.minLength(1),
  z.maxLength(128),
  z.regex(/^[^#\s]+$/, 'must not contain spaces or #'),
);

/** An ISO 8601 instant with a zone, answered back in UTC (`…Z`). */
export const dateTime = z.pipe(
  z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.code === 'invalid_format' ? 'must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z' : undefined,
  }),
  z.transform((value) => new Date(value).toISOString()),
);

export const orgcode = z.string().check(
  z.overwrite(canonicalOrgcode),
  z.regex(orgcodePattern, 'must be 1-64 letters, digits, "_", "." or "-"'),
);

export const cccode = z.string().check(
  z.overwrite((value) => value.trim().toUpperCase()),
  z.regex(cccodePattern, 'must look like ABCD-1234-EF56'),
);

export const channelCode = z.string().check(
  z.maxLength(64),
  z.regex(channelCodePattern, 'must be lowercase snake_case, e.g. web_store'),
);

export const logicalGuid = clientId;

/** A whole number from `min` (to `max`); `z.int` admits safe integers only, as 2^53 and beyond are not exact in JSON. */
export function integer(min: number, max?: number) {
  return max === undefined ? z.int().check(z.minimum(min)) : z.int().check(z.minimum(min), z.maximum(max));
}

/** A record's revision: starts at 1, +1 per change. */
export const revision = integer(1);

export const amount = z.number().check(
  z.minimum(-maxAmount, `must be at most ${maxAmount} in magnitude`),
  z.maximum(maxAmount, `must be at most ${maxAmount} in magnitude`),
  z.refine((value) => fractionDigits(value) <= maxFractionDigits, `must have at most ${maxFractionDigits} decimal places`),
);

export const currencyCode = z.string().check(
  z.regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as USD'),
  z.overwrite((value) => value.toUpperCase()),
);

export const money = z.strictObject({ currency: currencyCode, amount });
export type Money = z.infer<typeof money>;

export const sourceRef = z.strictObject({ kind: shortText, id: shortText });
export type SourceRef = z.infer<typeof sourceRef>;

/** Capped so one record and its lineage links fit in one DynamoDB transaction. */
export const maxSourceRefs = 50;
export const sourceRefs = z.array(sourceRef).check(z.maxLength(maxSourceRefs));

export const contextSources = ['session', 'api_key', 'operator', 'system'] as const;

export const requestContext = z.strictObject({
  orgcode,
  actor: shortText,
  context_source: z.enum(contextSources),
  logical_guid: z.optional(logicalGuid),
  channel_code: z.optional(channelCode),
  cccode: z.optional(cccode),
  roles: z.optional(z.array(shortText).check(z.maxLength(32))),
  session_fingerprint: z.optional(shortText),
  api_key_fingerprint: z.optional(shortText),
});
export type RequestContext = z.infer<typeof requestContext>;

export const policyRefs = z.catchall(
  z.object({
    tax_policy_version: z.optional(shortText),
    export_policy_version: z.optional(shortText),
    storage_policy_version: z.optional(shortText),
  }),
  z.optional(text(0, 256)),
);

export const taxBasis = z.enum(['included', 'added']);
export const taxLiabilityTrigger = z.enum(['order', 'invoice', 'shipment']);

export const taxComponent = z.strictObject({
  tax_code: z.optional(shortText),
  jurisdiction_code: z.optional(shortText),
  rate: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  taxable_base: z.optional(money),
  tax_basis: z.optional(taxBasis),
  holiday_applied: z.optional(z.boolean()),
  exemption_applied: z.optional(z.boolean()),
  exemption_reason: z.optional(shortText),
  amount: z.optional(money),
});

/** docs/decisions.md, Accounting event types: dotted lowercase names such as `invoice.payment_applied`. */
export const eventType = z.string().check(
  z.maxLength(128),
  z.regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, 'must be a dotted lowercase name such as order.placed'),
);

export const idempotencyKey = text(1, 256);

/** List rule 1: any (safe) integer is accepted and clamped into the route's bounds; none means `fallback`. */
export function listLimit(max = 256, fallback = 8) {
  return z.pipe(
    z.optional(z.int()),
    z.transform((value) => Math.min(max, Math.max(1, value ?? fallback))),
  );
}

export const nextToken = z.nullish(text(1, 8192));

/**
 * Fields every request may carry: the informative `request_context`
 * (validated strictly, must name the caller's organisation).
 */
export const commonRequestFields = {
  request_context: z.optional(requestContext),
};

/** An instant the service writes: ISO 8601 in UTC (`…Z`). For responses, where no input is normalised. */
export const instant = z.iso.datetime();

/** A list response's `next_token`: opaque, null on the last page. */
export const nextPageToken = z.nullable(z.string());

/**
 * A schema built when first used, not at import (docs/decisions.md:
 * Performance): for a record or report as the service answers it, which only
 * the OpenAPI document and the tests' response checks read, and for one of the
 * request schemas a module declares for several routes, of which a function
 * parses one. A function's cold start then builds no schema it will not use;
 * the one it will (its request) it builds at init with `buildNow`.
 */
export function builtOnFirstUse<Schema extends z.ZodMiniType>(build: () => Schema) {
  return z.lazy(build);
}

/** Builds a schema of `builtOnFirstUse` now (any other is built already): what a function's first call needs is built at its init. */
export function buildNow(schema: z.ZodMiniType): void {
  if (schema instanceof z.ZodMiniLazy) void schema._zod.innerType;
}
