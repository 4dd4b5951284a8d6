import { type Caller, capturedRequestContext } from '../domain/auth/caller';
import { roleFamilies } from '../domain/auth/roles';
import { type StatsInput, successEnvelope } from '../http/envelope';
import type { RouteDefinition } from '../http/route-definition';
import { dataJsonSchema, type JsonSchema } from './json-schemas';

/**
 * The success example of each operation in the OpenAPI document, derived, not
 * hand-written (54 routes would mean 54 examples to keep in step) nor recorded
 * from a running stack (ids and instants would change with every `npm run
 * docs`, and the docs would need DynamoDB Local). It is built from the route's
 * response schema and its registry `example` request, the same for the same
 * registry. Each property takes the first of:
 *
 * 1. the request's value under the same name, at the same place or anywhere
 *    in the request, if it fits the property's schema: the answer echoes
 *    what the example sent (its amounts, dates, ids, event type);
 * 2. a value for a well-known name (`evt_…` for `event_id`, the example's
 *    instant for `…_at`, `USD` for `currency`);
 * 3. a value of its type: the first of an enum (all of it for an array of
 *    one), a number within bounds.
 *
 * Optional properties appear only when the request has them. A test holds
 * every example to its route's response schema (test/unit/openapi.test.ts).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** When the examples' calls are answered: just after the registry examples' own instants (2026-11-20T10:15:00Z). */
const answeredAt = new Date('2026-11-20T10:15:02.417Z');

/** The prefixes of generated ids (shared/domain/identifiers.ts) by the field that holds them. */
const idPrefixes: Record<string, string> = {
  event_id: 'evt',
  export_id: 'exp',
  batch_id: 'bat',
  repair_of_batch_id: 'bat',
  repaired_by_batch_id: 'bat',
  schedule_id: 'sch',
  invoice_id: 'inv',
  payment_id: 'pay',
  entry_id: 'are',
  commission_id: 'com',
  line_id: 'cml',
  reverses_line_id: 'cml',
  payout_id: 'cpo',
  adjustment_id: 'adj',
  comment_id: 'cmt',
  parent_comment_id: 'cmt',
  item_id: 'inb',
  usage_id: 'stu',
};

/** A generated id as the service writes it: prefix, 10 characters of time, 16 random ones. */
const exampleId = (prefix: string) => `${prefix}_01JD3Q8Z6M4T7V2X9B5N1C0K8R`;

const sha256Example = '9f2c4e1b7a3d5f8e0c6b2a4d8e1f3a5c7b9d0e2f4a6c8e0b1d3f5a7c9e1b3d5f';

/** Values for names whose type alone would give an implausible (or, for a cadence, invalid) example. */
const namedValues: Record<string, Json> = {
  orgcode: 'ACME',
  currency: 'USD',
  cccode: 'ST01-EAST-0042',
  logical_guid: 'store-0042',
  channel_code: 'web_store',
  event_type: 'order.placed',
  dt: '2026-11-19',
  as_of: '2026-11-20',
  timezone: 'Europe/Berlin',
  cron: '0 2 * * *',
  checksum_sha256: sha256Example,
  manifest_checksum_sha256: sha256Example,
  api_key_fingerprint: sha256Example,
  next_token: null,
  next_cursor: null,
  content_type: 'application/x-ndjson',
  associate_id: 'assoc_0042',
  customer_id: 'cust_1001',
  order_id: 'ord_1001',
  tender_id: 'tnd_1001',
  rule_id: 'rule_standard',
  sku: 'SKU-1001',
  service: 'api',
  actor: 'checkout-service',
  author_guid: 'alice',
  user_guid: 'alice',
  run_id: 'run_01JD3Q8Z6M4T7V2X9B5N1C0K8R',
  cadence: { type: 'cron', cron: '0 2 * * *', timezone: 'Europe/Berlin' },
  source_refs: [{ kind: 'order', id: 'ord_1001' }],
  from_utc: '2026-11-19T00:00:00Z',
  to_utc: '2026-11-20T00:00:00Z',
  errors: 0,
  complete: true,
};

/** Maps keyed by currency: an example with one currency, not an empty map. */
const currencyMaps = new Set(['amount_totals', 'tax_totals']);

/** Every value of the request by property name, the first met depth-first: where a name not found in place is looked up. */
function valuesByName(value: Json, found = new Map<string, Json>()): Map<string, Json> {
  if (Array.isArray(value)) for (const item of value) valuesByName(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) {
      if (!found.has(name)) found.set(name, inner);
      valuesByName(inner, found);
    }
  }
  return found;
}

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** Whether a request value can stand as is for a primitive of `schema`. */
function fits(value: Json | undefined, schema: JsonSchema): value is Json {
  if (value === undefined || (typeof value === 'object' && value !== null)) return false;
  if (schema.const !== undefined) return value === schema.const;
  if (schema.enum) return schema.enum.includes(value);
  const types = typesOf(schema);
  if (value === null) return types.includes('null');
  if (typeof value === 'string') {
    if (!types.includes('string')) return false;
    if (schema.format === 'date-time' && !/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)) return false;
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) return false;
    return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
  }
  if (typeof value === 'number') {
    if (!types.includes('number') && !(types.includes('integer') && Number.isInteger(value))) return false;
    return value >= (schema.minimum ?? -Infinity) && value <= (schema.maximum ?? Infinity);
  }
  if (typeof value === 'boolean') return types.includes('boolean');
  return false;
}

class ExampleBuilder {
  private readonly requestValues: Map<string, Json>;

  constructor(private readonly request: JsonObject, private readonly caller: Caller) {
    this.requestValues = valuesByName(request);
  }

  data(schema: JsonSchema): Json {
    return this.value(schema, '', this.request);
  }

  /** The request's value for `name`: where the response has it, else anywhere in the request. */
  private sent(name: string, inPlace: Json | undefined): Json | undefined {
    const local = inPlace !== null && typeof inPlace === 'object' && !Array.isArray(inPlace) ? inPlace[name] : undefined;
    return local ?? this.requestValues.get(name);
  }

  private value(schema: JsonSchema, name: string, sent: Json | undefined): Json {
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches) {
      const given = sent ?? namedValues[name];
      const chosen = branches.find((branch) => fits(given, branch)) ?? branches.find((branch) => typesOf(branch)[0] !== 'null');
      return this.value(chosen ?? (branches[0] as JsonSchema), name, sent);
    }
    if (name === 'request_context') return capturedRequestContext(this.caller) as JsonObject;
    const types = typesOf(schema);
    const source = sent ?? namedValues[name];
    if (schema.properties) return this.object(schema, source);
    if (types.includes('object')) return this.map(schema, name, source);
    if (types.includes('array')) return this.array(schema, name, source);
    if (fits(sent, schema)) return sent;
    if (name in namedValues && fits(namedValues[name], schema)) return namedValues[name] as Json;
    return this.ofType(schema, name);
  }

  private object(schema: JsonSchema, sent: Json | undefined): JsonObject {
    const required = new Set(schema.required ?? []);
    const result: JsonObject = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (typeof property === 'boolean') continue;
      const value = this.sent(name, sent);
      if (!required.has(name) && value === undefined) continue;
      result[name] = this.value(property, name, value);
    }
    return result;
  }

  /** A map (`additionalProperties` only): its enumerated keys, one currency, or what the request had. */
  private map(schema: JsonSchema, name: string, sent: Json | undefined): JsonObject {
    const values = schema.additionalProperties;
    if (typeof values !== 'object') return {};
    const keys = (schema.propertyNames as JsonSchema | undefined)?.enum as string[] | undefined;
    if (keys) return Object.fromEntries(keys.map((key) => [key, this.value(values, key, undefined)]));
    if (currencyMaps.has(name)) return { USD: this.value(values, name, undefined) };
    if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return {};
    return Object.fromEntries(Object.entries(sent).map(([key, inner]) => [key, this.value(values, key, inner)]));
  }

  private array(schema: JsonSchema, name: string, sent: Json | undefined): Json[] {
    const items = schema.items;
    if (!items || typeof items !== 'object' || Array.isArray(items)) return [];
    if (Array.isArray(sent) && sent.length) return sent.map((item) => this.value(items, name, item));
    if (items.enum) return items.enum as Json[];
    return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => this.value(items, name, undefined));
  }

  private ofType(schema: JsonSchema, name: string): Json {
    if (schema.const !== undefined) return schema.const as Json;
    if (schema.enum) return schema.enum[0] as Json;
    const [type] = typesOf(schema);
    if (type === 'null') return null;
    if (type === 'boolean') return false;
    if (type === 'integer') return Math.max(1, schema.minimum ?? 1);
    if (type === 'number') return Math.max(name.endsWith('bytes') ? 4096 : 107.5, schema.minimum ?? 0);
    if (schema.format === 'date-time') return answeredAt.toISOString();
    if (name in idPrefixes) return exampleId(idPrefixes[name] as string);
    if (name.endsWith('_id')) return exampleId(name.slice(0, -3));
    return name.replaceAll('_', ' ') || 'text';
  }
}

/** The caller of the examples: an API key of ACME (`roles`, the actor the request declares). */
export function exampleCaller(roles: readonly string[], actor = 'checkout-service'): Caller {
  return { orgcode: 'ACME', actor, context_source: 'api_key', roles: [...roles], owner: false, api_key_fingerprint: sha256Example };
}

/** The `stats` of an example answer of operation `call`. */
export function exampleStats(call: string, caller?: Caller): StatsInput {
  return {
    call,
    requestId: '8d3f7a52-1c4e-4b9a-9e61-2f0d5c7b3a18',
    receivedAt: answeredAt,
    build: { build_major: '0', build_minor: '1', build_id: 'example' },
    caller,
  };
}

/** The whole success answer of the route's example request: envelope, stats and `data`. */
export function responseExample(route: RouteDefinition): Record<string, unknown> {
  const request = route.example('ACME') as JsonObject;
  // The first role that may call the route; the actor the request declares, as the credential's.
  const declared = request.request_context as { actor?: string } | undefined;
  const caller = exampleCaller(roleFamilies[route.roles].roles.slice(0, 1), declared?.actor);
  const data = new ExampleBuilder(request, caller).data(dataJsonSchema(route)) as JsonObject;
  return successEnvelope(data, exampleStats(route.operation, caller));
}
