import * as z from 'zod/mini';
import {
  buildMetaSchema,
  errorEnvelopeSchema,
  errorSchema,
  statsSchema,
  successEnvelopeSchema,
} from '../http/envelope-schemas';
import type { RouteDefinition } from '../http/route-definition';

export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** Where the shared envelope parts live in the OpenAPI document. */
export const componentRef = (id: string) => `#/components/schemas/${id}`;

/** The common envelope parts, by component name: declared once, referenced by every operation. */
const envelopeComponents = {
  BuildMeta: buildMetaSchema,
  Stats: statsSchema,
  Error: errorSchema,
  ErrorEnvelope: errorEnvelopeSchema,
};

/**
 * A schema as OpenAPI 3.1 embeds it: its dialect is the document's, and `$id`
 * (which zod sets to the component's URI) must not carry a fragment in 2020-12.
 */
function embedded(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * Options of every conversion. Zod writes both `format: date-time` and its own
 * long regex for each date-time; the format says it, so the regex is dropped.
 * A record over an enum of keys (the aging buckets) comes out as `required`
 * keys with no `properties`; each key is declared with the record's value
 * schema, so the required properties are defined where tools look for them.
 */
function conversion(io: 'input' | 'output') {
  return {
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
      const values = jsonSchema.additionalProperties;
      if (jsonSchema.required && !jsonSchema.properties && typeof values === 'object') {
        jsonSchema.properties = Object.fromEntries(jsonSchema.required.map((key) => [key, values]));
      }
    },
  } as const;
}

/**
 * What a caller sends (`io: 'input'`: before defaults and normalisation).
 * Checks zod cannot express (refinements) are left out rather than failing
 * the document.
 */
export function inputJsonSchema(schema: z.ZodMiniType): JsonSchema {
  return embedded(z.toJSONSchema(schema, conversion('input')));
}

/** The route's response `data` on its own, as answered (for docs/routes.md). */
export function dataJsonSchema(route: RouteDefinition): JsonSchema {
  return embedded(z.toJSONSchema(route.response, conversion('output')));
}

export interface EnvelopeJsonSchemas {
  /** Stats, BuildMeta, Error, ErrorEnvelope: the document's `components.schemas`. */
  components: Record<string, JsonSchema>;
  /** Each route's success envelope by operation, its shared parts as `$ref`s to the components. */
  success: Map<string, JsonSchema>;
}

/**
 * Converts the envelope parts and every route's success envelope in one zod
 * registry, so zod itself writes `$ref`s to the components wherever one of
 * them is nested (`stats`, `build`, `error`) instead of inlining it 26 times.
 */
export function envelopeJsonSchemas(routes: readonly RouteDefinition[]): EnvelopeJsonSchemas {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(envelopeComponents)) registry.add(schema, { id });
  for (const route of routes) registry.add(successEnvelopeSchema(route.response), { id: route.operation });
  const { schemas } = z.toJSONSchema(registry, { ...conversion('output'), uri: componentRef });
  // Shared definitions appear only for recursive schemas; none of ours is, and their refs would not resolve here.
  if ('__shared' in schemas) throw new Error('A response schema is recursive: give the recursive part a component id');
  const converted = (id: string) => embedded(schemas[id] as JsonSchema);
  return {
    components: Object.fromEntries(Object.keys(envelopeComponents).map((id) => [id, converted(id)])),
    success: new Map(routes.map((route) => [route.operation, converted(route.operation)])),
  };
}

/** Every property name an object schema (or any branch of a union or intersection) declares. */
export function propertyNames(schema: JsonSchema): Set<string> {
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const name of propertyNames(branch)) names.add(name);
  }
  return names;
}
