import { roleFamilies } from '../domain/auth/roles';
import { requestContextRule } from './contract-text';
import { dataJsonSchema, inputJsonSchema, type JsonSchema } from './json-schemas';
import type { RouteDefinition } from '../http/route-definition';

/** Who may call a route, as a phrase: "`acct_view`, `finance_audit` or the owner". */
export function whoMayCall(route: RouteDefinition): string {
  const family = roleFamilies[route.roles];
  if ('anyMember' in family) return 'any member of the organisation';
  const callers = [
    ...family.roles.map((role) => `\`${role}\``),
    ...(family.owner ? ['the owner'] : []),
    ...('apiKeys' in family ? ["any of the organisation's API keys"] : []),
  ];
  return callers.length > 1 ? `${callers.slice(0, -1).join(', ')} or ${callers.at(-1)}` : (callers[0] ?? 'nobody');
}

/** A JSON Schema's type in a few words, for a table cell (so never a `|`). */
function typeOf(schema: JsonSchema | boolean | undefined): string {
  if (schema === undefined || typeof schema === 'boolean') return 'any';
  if (schema.$ref) return schema.$ref.split('/').at(-1) ?? 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.map(typeOf).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (!types.length) return 'any';
  return types
    .map((type) => {
      if (type === 'array' && !Array.isArray(schema.items)) return `array of ${typeOf(schema.items)}`;
      if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
        return `map of ${typeOf(schema.additionalProperties)}`;
      }
      if (type === 'string' && schema.format) return `string (${schema.format})`;
      return type;
    })
    .join(' or ');
}

/** The top-level fields of a route's response `data`: name, type and whether always present. */
function dataFields(route: RouteDefinition): string[] {
  const data = dataJsonSchema(route);
  const required = new Set(data.required ?? []);
  return [
    '| Field | Type | Always present |',
    '|---|---|---|',
    ...Object.entries(data.properties ?? {}).map(
      ([name, schema]) => `| \`${name}\` | ${typeOf(schema)} | ${required.has(name) ? 'yes' : 'no'} |`,
    ),
  ];
}

/** Whether the route's request requires `request_context`, as its schema says. */
function requestContextNeed(route: RouteDefinition): string {
  const request = inputJsonSchema(route.schema);
  if (!(request.properties ?? {}).request_context) return 'not taken';
  return (request.required ?? []).includes('request_context') ? 'required' : 'optional';
}

/** The route reference (docs/routes.md), generated from the registry so it cannot drift. */
export function routeReference(routes: readonly RouteDefinition[]): string {
  const lines = [
    '# Route reference',
    '',
    '<!-- Generated from shared/routes/registry.ts by `npm run docs`; do not edit by hand. -->',
    '',
    'Every route is `POST /accounting<path>` with a JSON body, the headers `x-orgcode` and one',
    'credential (`x-api-key` or `x-session-guid`), and answers with the common envelope. The whole',
    'contract, with every field and its bounds, is the OpenAPI document [openapi.json](openapi.json),',
    'generated from the same registry; `npm start` serves it at `/openapi.json` and a browsable',
    'reference at `/docs`.',
    '',
    '| Path | Operation | Roles | Idempotent | `request_context` |',
    '|---|---|---|---|---|',
    ...routes.map(
      (route) =>
        `| \`${route.path}\` | \`${route.operation}\` | ${whoMayCall(route)} | ${route.idempotent ? 'yes (`idempotency_key`)' : 'no'} | ${requestContextNeed(route)} |`,
    ),
    '',
  ];
  for (const route of routes) {
    lines.push(
      `## ${route.path}`,
      '',
      route.summary,
      '',
      `Operation \`${route.operation}\`; Lambda \`${route.name}\`; may be called by ${whoMayCall(route)}.`,
      '',
      ...[requestContextRule(inputJsonSchema(route.schema))].flatMap((rule) => (rule ? [rule, ''] : [])),
      'Example request body:',
      '',
      '```json',
      JSON.stringify(route.example('ACME'), null, 2),
      '```',
      '',
      'Response `data`:',
      '',
      ...dataFields(route),
      '',
    );
  }
  return lines.join('\n');
}
