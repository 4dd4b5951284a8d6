import { roleFamilies } from '../domain/auth/roles';
import { cccode, channelCode, logicalGuid } from '../domain/common-schemas';
import { whoMayCall } from './route-docs';
import { apiBasePath, type RouteDefinition } from '../http/route-definition';
import {
  apiDescription,
  commonErrorStatuses,
  errorStatusDescription,
  familyDescriptions,
  idempotencyErrorStatus,
  requestContextRule,
  revisionRequiredErrorStatus,
} from './contract-text';
import { errorExample } from './error-examples';
import { componentRef, envelopeJsonSchemas, inputJsonSchema, type JsonSchema, propertyNames } from './json-schemas';
import { responseExample } from './response-examples';

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, { post: OpenApiOperation }> };

export interface OpenApiOperation {
  operationId: string;
  responses: Record<string, unknown>;
  [field: string]: unknown;
}

const json = 'application/json';
const securitySchemes = {
  apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key (`ak.…`) issued to an actor of the organisation.' },
  session: { type: 'apiKey', in: 'header', name: 'x-session-guid', description: 'A session (`ss.…`) of an actor of the organisation.' },
};

/** The headers' schemas are the zod schemas authentication checks them with. */
const headerParameters = {
  Orgcode: {
    name: 'x-orgcode',
    in: 'header',
    required: true,
    description: 'The organisation called, trimmed and uppercased; it must be the one the credential was issued for (else 404).',
    schema: { type: 'string', minLength: 1 },
  },
  LogicalGuid: {
    name: 'x-logical-guid',
    in: 'header',
    description: 'The facility the call is made for; recorded in the request context.',
    schema: inputJsonSchema(logicalGuid),
  },
  ChannelCode: {
    name: 'x-channel-code',
    in: 'header',
    description: 'The sales channel, lowercase snake_case; recorded in the request context.',
    schema: inputJsonSchema(channelCode),
  },
  Cccode: {
    name: 'x-cccode',
    in: 'header',
    description: 'The cost centre, trimmed and uppercased; recorded in the request context.',
    schema: inputJsonSchema(cccode),
  },
};

const requestIdHeader = {
  description: 'The request id, also in `stats.request_id`.',
  schema: { type: 'string' },
};

/** What the chain's error answers add on 429 and 503 (shared/http/envelope.ts, errorHeaders). */
const retryAfterHeader = {
  description:
    'The whole seconds to wait before sending the call again (RFC 9110): `details.retry_after_ms` rounded up where the error gives it, else 1.',
  schema: { type: 'integer', minimum: 0 },
};
const retryAfterStatuses = new Set([429, 503]);

const errorResponseName = (status: number) => `Error${status}`;

/** Reusable error responses, one per status, each the common error envelope. */
function errorResponses() {
  const statuses = [...commonErrorStatuses, idempotencyErrorStatus, revisionRequiredErrorStatus].sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => [
      errorResponseName(status),
      {
        description: errorStatusDescription(status),
        headers: {
          'x-request-id': { $ref: '#/components/headers/RequestId' },
          ...(retryAfterStatuses.has(status) && { 'retry-after': { $ref: '#/components/headers/RetryAfter' } }),
        },
        content: { [json]: { schema: { $ref: componentRef('ErrorEnvelope') }, example: errorExample(status) } },
      },
    ]),
  );
}

/** The error statuses this route can answer: 422 only with idempotency, 428 only where a revision is expected. */
function errorStatusesOf(route: RouteDefinition, request: JsonSchema): number[] {
  return [
    ...commonErrorStatuses,
    ...(route.idempotent ? [idempotencyErrorStatus] : []),
    ...(propertyNames(request).has('expected_revision') ? [revisionRequiredErrorStatus] : []),
  ].sort((a, b) => a - b);
}

/** `x-roles`: the roles that may call, whether the organisation's owner may, and any API key of it; or any member. */
function rolesExtension(route: RouteDefinition) {
  const family = roleFamilies[route.roles];
  if ('anyMember' in family) return 'any member';
  return { roles: [...family.roles], owner: family.owner, ...('apiKeys' in family && { api_keys: true }) };
}

function operationDescription(route: RouteDefinition, request: JsonSchema, statuses: number[]): string {
  const contextRule = requestContextRule(request);
  return [
    `May be called by ${whoMayCall(route)}.`,
    ...(contextRule ? ['', contextRule] : []),
    ...(route.idempotent
      ? ['', "Idempotent: send `idempotency_key`; a repeat with the same body answers the first call's `data`."]
      : []),
    ...(statuses.includes(revisionRequiredErrorStatus)
      ? ['', 'Send the `expected_revision` of the record as read: a stale one is 409, a missing one 428.']
      : []),
  ].join('\n');
}

function operation(route: RouteDefinition, success: JsonSchema): OpenApiOperation {
  const request = inputJsonSchema(route.schema);
  const statuses = errorStatusesOf(route, request);
  return {
    operationId: route.operation,
    summary: route.summary,
    description: operationDescription(route, request, statuses),
    tags: [route.family],
    'x-roles': rolesExtension(route),
    security: Object.keys(securitySchemes).map((scheme) => ({ [scheme]: [] })),
    parameters: Object.keys(headerParameters).map((name) => ({ $ref: `#/components/parameters/${name}` })),
    requestBody: { content: { [json]: { schema: request, example: route.example('ACME') } } },
    responses: {
      200: {
        description: `Success: the envelope around this operation's \`data\`.`,
        headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
        content: { [json]: { schema: success, example: responseExample(route) } },
      },
      ...Object.fromEntries(
        statuses.map((status) => [status, { $ref: `#/components/responses/${errorResponseName(status)}` }]),
      ),
    },
  };
}

// The package is private (package.json has no license): the document says so rather than leave it open,
// as SPDX writes a licence of its own (`LicenseRef-`).
const license = { name: 'Proprietary: for the retail platform and its integrators only', identifier: 'LicenseRef-Proprietary' };

/** A deployed stack's HTTP API; the document's paths carry `/accounting`. */
export const deployedServer = {
  url: 'https://{api_id}.execute-api.{region}.amazonaws.com',
  description: 'A deployed stack: its ApiUrl output without the trailing /accounting',
  variables: { api_id: { default: 'abc123defg', description: 'The HTTP API id' }, region: { default: 'eu-west-1' } },
};

/** Where the routes are served: a deployed stack, and the local stack of `npm start` (which serves its page with its own origin first). */
const servers = [
  deployedServer,
  { url: 'http://127.0.0.1:{port}', description: 'The local stack of `npm start` (its PORT)', variables: { port: { default: '3000' } } },
];

function familyDescription(family: string): string {
  const description = familyDescriptions[family];
  if (!description) throw new Error(`Route family ${family} has no description in shared/openapi/contract-text.ts`);
  return description;
}

export interface DocumentInfo {
  /** The package's version (package.json), so the document is versioned with the service. */
  version: string;
}

/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the route registry
 * (`npm run docs` writes docs/openapi.json; `npm start` serves it). Only the
 * docs script, the local server and tests import this module: no Lambda entry
 * reaches it, so it adds nothing to a function bundle.
 */
export function openApiDocument(routes: readonly RouteDefinition[], info: DocumentInfo): OpenApiDocument {
  const envelopes = envelopeJsonSchemas(routes);
  const successOf = (route: RouteDefinition) => envelopes.success.get(route.operation) as JsonSchema;
  return {
    openapi: '3.1.0',
    info: { title: 'Accounting service API', version: info.version, description: apiDescription, license },
    servers,
    tags: [...new Set(routes.map((route) => route.family))].map((name) => ({ name, description: familyDescription(name) })),
    paths: Object.fromEntries(
      routes.map((route) => [`${apiBasePath}${route.path}`, { post: operation(route, successOf(route)) }]),
    ),
    components: {
      schemas: envelopes.components,
      securitySchemes,
      parameters: headerParameters,
      headers: { RequestId: requestIdHeader, RetryAfter: retryAfterHeader },
      responses: errorResponses(),
    },
  };
}

/** The document as written to docs/openapi.json: the same bytes for the same registry. */
export function openApiJson(routes: readonly RouteDefinition[], info: DocumentInfo): string {
  return `${JSON.stringify(openApiDocument(routes, info), null, 2)}\n`;
}
