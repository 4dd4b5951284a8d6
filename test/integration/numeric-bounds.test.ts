import fc from 'fast-check';
import { type JsonSchema, inputJsonSchema } from '../../shared/openapi/json-schemas';
import { httpRoutes } from '../../shared/routes/registry';
import type { RouteDefinition } from '../../shared/http/route-definition';
import { useOrg, useStack } from '../support/harness';

/**
 * Every numeric field of every route is bounded in its schema: the edges of
 * JSON numbers are a 400 naming the field, never a 500 (a retryable 500
 * invites a client to retry for ever). The fields are found by walking each
 * route's request schema from the registry, so a new route is covered as it is
 * added.
 */
const outOfRange = ['9007199254740993', '1e20', '1e308', '1e400', '-1e308'];
const negativeZero = '-0';

useStack();
const org = useOrg(
  'NUM',
  { caller: { owner: true, roles: ['acct_view', 'acct_export_admin', 'ar_admin', 'finance_audit'], actor: 'tester' } },
  { per: 'file' },
);

const isNumeric = (schema: JsonSchema) => schema.type === 'number' || schema.type === 'integer';

/**
 * Paths of the numeric fields a body can carry, within what the example sends:
 * a field of an object the example sends, the first item of an array it sends,
 * any branch of a union.
 */
function numericPaths(schema: JsonSchema, example: unknown, path: string[] = []): string[][] {
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length) return branches.flatMap((branch) => numericPaths(branch, example, path));
  if (isNumeric(schema)) return [path];
  if (schema.type === 'array' && Array.isArray(example) && example.length && schema.items && typeof schema.items === 'object') {
    return numericPaths(schema.items as JsonSchema, example[0], [...path, '0']);
  }
  if (schema.type !== 'object' || !example || typeof example !== 'object') return [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const value = (example as Record<string, unknown>)[name];
    if (value === undefined) return isNumeric(property as JsonSchema) ? [[...path, name]] : [];
    return numericPaths(property as JsonSchema, value, [...path, name]);
  });
}

const unique = (paths: string[][]) => [...new Map(paths.map((path) => [path.join('.'), path])).values()];

/** The example as JSON text with the field at `path` set to a literal JSON number (1e400 and -0 do not survive JSON.stringify). */
function bodyWith(example: Record<string, unknown>, path: string[], literal: string): string {
  const body = structuredClone(example);
  let parent: Record<string, unknown> = body;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string, unknown>;
  parent[path.at(-1)!] = '__edge__';
  return JSON.stringify(body).replace('"__edge__"', literal);
}

const cases = httpRoutes.flatMap((route) =>
  unique(numericPaths(inputJsonSchema(route.schema), route.example(org.orgcode))).map((path) => [route.path, path.join('.'), route, path] as const),
);

it('finds the numeric fields of the routes', () => {
  const withTopLevelNumber = httpRoutes.filter((route) =>
    Object.values(inputJsonSchema(route.schema).properties ?? {}).some((property) => isNumeric(property as JsonSchema)),
  );
  expect(withTopLevelNumber.length).toBeGreaterThan(20);
  for (const route of withTopLevelNumber) expect(cases.map(([routePath]) => routePath)).toContain(route.path);
  expect(cases.map(([routePath, field]) => `${routePath} ${field}`)).toEqual(
    expect.arrayContaining(['/invoice/set lines.0.quantity', '/invoice/payment/apply expected_revision', '/event/list limit']),
  );
});

describe.each(cases)('%s %s', (_routePath, field, route: RouteDefinition, path: readonly string[]) => {
  it.each(outOfRange)('answers %s with 400 validation-error naming the field', async (literal) => {
    const response = await org.post('caller', route.path, bodyWith(route.example(org.orgcode), [...path], literal));
    expect(response.status).toBe(400);
    expect(response.body.error.major.tag).toBe('validation-error');
    expect(response.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('answers -0 without a 5xx, with the envelope', async () => {
    const response = await org.post('caller', route.path, bodyWith(route.example(org.orgcode), [...path], negativeZero));
    expect(response.status).toBeLessThan(500);
    expect(typeof response.body.success).toBe('boolean');
  });
});

describe('generated numbers', () => {
  it('never answer 5xx, whatever finite or huge number a numeric field carries', async () => {
    const anyNumber = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? '-0' : JSON.stringify(value) ?? '0')),
      fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
      fc.constantFrom(...outOfRange, negativeZero, '1e-400', '0.0000001', '123456789.123456789'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), anyNumber, async ([, , route, path], literal) => {
        const response = await org.post('caller', route.path, bodyWith(route.example(org.orgcode), [...path], literal));
        return response.status < 500 && typeof response.body?.success === 'boolean';
      }),
      { numRuns: 300 },
    );
  });
});
