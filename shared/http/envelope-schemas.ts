import * as z from 'zod/mini';
import { contextSources, instant } from '../domain/common-schemas';
import type { ErrorTag } from '../domain/errors';
import type { ResponseSchema } from './route-definition';

/**
 * The common envelope of every answer (spec: Envelope, Stats, BuildMeta,
 * Error), declared once. Read by the OpenAPI document and by the test client,
 * which holds every response it sees to these and the route's `data` schema;
 * no Lambda imports this module.
 */
export const buildMetaSchema = z.object({
  build_major: z.string(),
  build_minor: z.string(),
  build_id: z.string(),
});

export const statsSchema = z.object({
  call: z.string(),
  service: z.literal('accounting'),
  request_id: z.optional(z.string()),
  timestamp_utc: instant,
  actor: z.optional(z.string()),
  context_source: z.optional(z.enum(contextSources)),
  session_fingerprint: z.optional(z.string()),
  api_key_fingerprint: z.optional(z.string()),
  orgcode: z.optional(z.string()),
  cccode: z.optional(z.string()),
  logical_guid: z.optional(z.string()),
  channel_code: z.optional(z.string()),
  roles: z.optional(z.array(z.string())),
  build: buildMetaSchema,
});

/** Every tag of the spec's Errors section (and `unavailable`: a call out of time, docs/decisions.md), with the HTTP statuses it answers with. */
export const errorTags = {
  'validation-error': [400, 422],
  unauthorized: [401],
  forbidden: [403],
  'not-found': [404],
  'expected-revision-required': [428],
  conflict: [409],
  'invalid-state': [409],
  throttled: [429],
  unavailable: [503],
  'internal-error': [500],
} as const satisfies Record<ErrorTag, readonly number[]>;

export const errorSchema = z.object({
  error_code: z.string().check(z.regex(/^accounting\.[a-z0-9_]+$/)),
  http_status: z.int(),
  retryable: z.boolean(),
  request_id: z.string(),
  trace_id: z.string(),
  major: z.object({
    tag: z.enum(Object.keys(errorTags) as [ErrorTag, ...ErrorTag[]]),
    message: z.object({ en_US: z.string() }),
  }),
  minor: z.string(),
  message: z.string(),
  /** `issues` ({path, message} per failing field) on a validation-error; the revisions on a conflict. */
  details: z.record(z.string(), z.unknown()),
});

export function successEnvelopeSchema<Data extends ResponseSchema>(data: Data) {
  return z.object({ success: z.literal(true), data, stats: statsSchema, build: buildMetaSchema });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: errorSchema,
  /** On a revision conflict: the record's current `revision`. */
  conflict_snapshot: z.optional(z.object({ revision: z.int() })),
  stats: statsSchema,
  build: buildMetaSchema,
});
