import { z } from 'zod';
import { canonicalOrgcode, cccodePattern, channelCodePattern, orgcodePattern } from './identifiers';
import { fractionDigits } from './decimal';

/** Largest amount magnitude accepted: keeps every sum exact when written as a JSON number. */
const maxAmount = 1e12;
const maxFractionDigits = 6;

export const shortText = z.string().min(1).max(256);
export const longText = z.string().min(1).max(4000);

/** An opaque client identifier: stored and echoed exactly (spec identifier rule 4). */
export const clientId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[^#\s]+$/, 'must not contain spaces or #');

export const dateTime = z
  .string()
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z' })
  .transform((value) => new Date(value).toISOString());

export const orgcode = z
  .string()
  .transform(canonicalOrgcode)
  .pipe(z.string().regex(orgcodePattern, 'must be 1-64 letters, digits, "_", "." or "-"'));

export const cccode = z
  .string()
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().regex(cccodePattern, 'must look like ABCD-1234-EF56'));

export const channelCode = z
  .string()
  .max(64)
  .regex(channelCodePattern, 'must be lowercase snake_case, e.g. web_store');

export const logicalGuid = clientId;

export const amount = z
  .number()
  .finite()
  .refine((value) => Math.abs(value) <= maxAmount, `must be at most ${maxAmount} in magnitude`)
  .refine(
    (value) => fractionDigits(value) <= maxFractionDigits,
    `must have at most ${maxFractionDigits} decimal places`,
  );

export const money = z
  .object({
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as USD')
      .transform((value) => value.toUpperCase()),
    amount,
  })
  .strict();
export type Money = z.infer<typeof money>;

export const sourceRef = z.object({ kind: shortText, id: shortText }).strict();
export type SourceRef = z.infer<typeof sourceRef>;

/** Capped so one record and its lineage links fit in one DynamoDB transaction. */
export const maxSourceRefs = 50;
export const sourceRefs = z.array(sourceRef).max(maxSourceRefs);

export const contextSources = ['session', 'api_key', 'operator', 'system'] as const;

export const requestContext = z
  .object({
    orgcode,
    actor: shortText,
    context_source: z.enum(contextSources),
    logical_guid: logicalGuid.optional(),
    channel_code: channelCode.optional(),
    cccode: cccode.optional(),
    roles: z.array(shortText).max(32).optional(),
    session_fingerprint: shortText.optional(),
    api_key_fingerprint: shortText.optional(),
  })
  .strict();
export type RequestContext = z.infer<typeof requestContext>;

export const policyRefs = z
  .object({
    tax_policy_version: shortText.optional(),
    export_policy_version: shortText.optional(),
    storage_policy_version: shortText.optional(),
  })
  .catchall(z.union([z.string().max(256), z.undefined()]));

export const taxBasis = z.enum(['included', 'added']);
export const taxLiabilityTrigger = z.enum(['order', 'invoice', 'shipment']);

export const taxComponent = z
  .object({
    tax_code: shortText.optional(),
    jurisdiction_code: shortText.optional(),
    rate: z.number().finite().min(0).max(100).optional(),
    taxable_base: money.optional(),
    tax_basis: taxBasis.optional(),
    holiday_applied: z.boolean().optional(),
    exemption_applied: z.boolean().optional(),
    exemption_reason: shortText.optional(),
    amount: money.optional(),
  })
  .strict();

/** DESIGN.md section 5: dotted lowercase names such as `invoice.payment_applied`. */
export const eventType = z
  .string()
  .max(128)
  .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, 'must be a dotted lowercase name such as order.placed');

export const idempotencyKey = z.string().min(1).max(256);

/** List rule 1: any integer is accepted and clamped into the route's bounds. */
export function listLimit(max = 256, fallback = 8) {
  return z
    .number()
    .int()
    .optional()
    .transform((value) => Math.min(max, Math.max(1, value ?? fallback)));
}

export const nextToken = z.string().min(1).max(8192).nullish();

/**
 * Fields every request may carry: the informative `request_context` (DESIGN.md
 * section 2: validated strictly, must name the caller's organisation).
 */
export const commonRequestFields = {
  request_context: requestContext.optional(),
};
