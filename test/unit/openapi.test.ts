import { readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import { roleFamilies } from '../../shared/domain/auth/roles';
import { packageVersion } from '../../shared/local/project-root';
import { validate as validateBody } from '../../shared/domain/validation';
import { errorEnvelopeSchema, successEnvelopeSchema } from '../../shared/http/envelope-schemas';
import { familyDescriptions } from '../../shared/openapi/contract-text';
import { type OpenApiOperation, openApiDocument, openApiJson } from '../../shared/openapi/openapi-document';
import { httpRoutes } from '../../shared/routes/registry';
import { apiBasePath } from '../../shared/http/route-definition';
import { routeReference } from '../../shared/openapi/route-docs';
import { lambdaEntryReach } from '../support/lambda-entries';

const version = packageVersion();
const document = openApiDocument(httpRoutes, { version });
const operations = Object.values(document.paths).map((item) => item.post);

function operationOf(operationId: string): OpenApiOperation {
  const found = operations.find((operation) => operation.operationId === operationId);
  if (!found) throw new Error(`No operation ${operationId}`);
  return found;
}

type Schema = { properties?: Record<string, Schema>; items?: Schema; $ref?: string } & Record<string, unknown>;

function requestSchemaOf(operation: OpenApiOperation): Schema {
  return (operation.requestBody as { content: { 'application/json': { schema: Schema } } }).content['application/json'].schema;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document for @readme/openapi-parser', async () => {
    // The validator dereferences what it is given; the document itself stays as generated.
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);

    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.warnings).toEqual([]);
    expect(document).toMatchObject({ openapi: '3.1.0', info: { version } });
  });

  it('has exactly one POST operation per registry route, and no other', () => {
    expect(Object.keys(document.paths)).toEqual(httpRoutes.map((route) => `${apiBasePath}${route.path}`));
    for (const [index, route] of httpRoutes.entries()) {
      const item = document.paths[`${apiBasePath}${route.path}`];
      expect(Object.keys(item ?? {})).toEqual(['post']);
      expect(operations[index]).toMatchObject({ operationId: route.operation, summary: route.summary, tags: [route.family] });
    }
  });

  it('is what docs/openapi.json holds', () => {
    if (readFileSync('docs/openapi.json', 'utf8') !== openApiJson(httpRoutes, { version })) {
      throw new Error('docs/openapi.json differs from the route registry: run `npm run docs` and commit the result');
    }
  });

  it('answers 422 exactly on idempotent routes and 428 exactly where the request has expected_revision', () => {
    for (const route of httpRoutes) {
      const operation = operationOf(route.operation);
      const statuses = Object.keys(operation.responses);
      const expectsRevision = 'expected_revision' in (requestSchemaOf(operation).properties ?? {});

      expect({ route: route.path, statuses }).toEqual({
        route: route.path,
        statuses: [
          '200', '400', '401', '403', '404', '409',
          ...(route.idempotent ? ['422'] : []),
          ...(expectsRevision ? ['428'] : []),
          '429', '500', '503',
        ],
      });
    }
  });

  it('shows the bounds of the request schemas: lengths, patterns, ranges, enums, item counts', () => {
    const record = requestSchemaOf(operationOf('event.record')).properties ?? {};
    const list = requestSchemaOf(operationOf('event.list')).properties ?? {};

    expect(record.event_id).toMatchObject({ type: 'string', minLength: 1, maxLength: 128, pattern: '^[^#\\s]+$' });
    expect(record.amount?.properties?.amount).toMatchObject({ type: 'number', minimum: -1e12, maximum: 1e12 });
    expect(record.tax_basis).toMatchObject({ enum: ['included', 'added'] });
    expect(record.source_refs).toMatchObject({ type: 'array', maxItems: 50 });
    expect(list.event_types).toMatchObject({ minItems: 1, maxItems: 25 });
  });

  it('declares the envelope parts once, as components every operation refers to', () => {
    expect(Object.keys((document.components as { schemas: object }).schemas)).toEqual(['BuildMeta', 'Stats', 'Error', 'ErrorEnvelope']);
    for (const operation of operations) {
      const success = (operation.responses['200'] as { content: { 'application/json': { schema: Schema } } }).content['application/json']
        .schema;
      expect(success.properties).toMatchObject({ stats: { $ref: '#/components/schemas/Stats' }, build: { $ref: '#/components/schemas/BuildMeta' } });
      expect(operation.responses['500']).toEqual({ $ref: '#/components/responses/Error500' });
    }
    // A property only Stats declares: declared once, so no operation inlines the envelope (examples aside).
    const withoutExamples = JSON.stringify(document, (key, value) => (key === 'example' ? undefined : value));
    expect(withoutExamples.match(/"timestamp_utc":/g)?.length).toBe(1);
  });

  it('asks for x-orgcode and either credential, and names the roles of each operation', () => {
    for (const route of httpRoutes) {
      const operation = operationOf(route.operation);
      const family = roleFamilies[route.roles];

      expect(operation.security).toEqual([{ apiKey: [] }, { session: [] }]);
      expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/Orgcode' });
      expect(operation['x-roles']).toEqual(
        'anyMember' in family
          ? 'any member'
          : { roles: family.roles, owner: family.owner, ...('apiKeys' in family && { api_keys: true }) },
      );
      expect(operation.description).toMatch(/^May be called by /);
    }
  });

  it("gives every operation a success example its route's response schema accepts, built from its request example", () => {
    for (const route of httpRoutes) {
      const success = operationOf(route.operation).responses['200'] as { content: { 'application/json': { example: unknown } } };
      const example = success.content['application/json'].example;
      const checked = validateBody(successEnvelopeSchema(route.response), example);

      expect({ route: route.path, issues: checked.success ? [] : checked.issues }).toEqual({ route: route.path, issues: [] });
      expect(example).toMatchObject({ stats: { call: route.operation, orgcode: 'ACME' } });
    }
    const recorded = (operationOf('event.record').responses['200'] as any).content['application/json'].example.data.event;
    expect(recorded).toMatchObject({ event_type: 'order.placed', occurred_at: '2026-11-20T10:15:00Z', amount: { currency: 'USD', amount: 107.5 } });
    expect(recorded.event_id).toMatch(/^evt_[0-9A-Z]{26}$/);
  });

  it('gives every shared error response an example of the error envelope with its own status', () => {
    for (const [name, response] of Object.entries((document.components as { responses: Record<string, any> }).responses)) {
      const example = response.content['application/json'].example;
      const checked = validateBody(errorEnvelopeSchema, example);

      expect({ name, issues: checked.success ? [] : checked.issues }).toEqual({ name, issues: [] });
      expect(`Error${example.error.http_status}`).toBe(name);
    }
  });

  it('says per operation and in docs/routes.md whether request_context is required, as its request schema does', () => {
    const reference = routeReference(httpRoutes);
    for (const route of httpRoutes) {
      const operation = operationOf(route.operation);
      const request = requestSchemaOf(operation);
      const required = ((request.required as string[] | undefined) ?? []).includes('request_context');
      const taken = 'request_context' in (request.properties ?? {});

      expect({ route: route.path, rule: String(operation.description).match(/`request_context` is (required|optional)/)?.[1] }).toEqual({
        route: route.path,
        rule: required ? 'required' : taken ? 'optional' : undefined,
      });
      const row = reference.split('\n').find((line) => line.startsWith(`| \`${route.path}\` |`));
      expect({ route: route.path, cell: row?.split(' | ').at(-1) }).toEqual({
        route: route.path,
        cell: `${required ? 'required' : taken ? 'optional' : 'not taken'} |`,
      });
    }
    expect(operationOf('event.record').description).toMatch(/`request_context` is required/);
    expect(operationOf('event.get').description).toMatch(/`request_context` is optional/);
  });

  it('describes every family of routes, as a tag and in the overview', () => {
    const families = [...new Set(httpRoutes.map((route) => route.family))];

    expect(document.tags).toEqual(families.map((name) => ({ name, description: familyDescriptions[name] })));
    for (const family of families) expect((document.info as { description: string }).description).toContain(`- **${family}**: `);
  });

  it('is imported by no Lambda entry, so it adds nothing to a function bundle', async () => {
    const { entries, inputs, imports } = await lambdaEntryReach();

    expect(entries.length).toBeGreaterThan(httpRoutes.length);
    expect(inputs.filter((file) => file.startsWith('shared/openapi/'))).toEqual([]);
    expect(imports.filter((path) => /swagger-ui-dist|@readme\/openapi-parser/.test(path))).toEqual([]);
  });
});
