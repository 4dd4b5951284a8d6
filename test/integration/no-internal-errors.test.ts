import fc from 'fast-check';
import { inputJsonSchema } from '../../shared/openapi/json-schemas';
import { httpRoutes } from '../../shared/routes/registry';
import { useOrg, useStack } from '../support/harness';

/**
 * Names every object inherits (and `__proto__`): code that formats or compares
 * a value reaches for them, so a body carrying them as keys of its own must
 * still answer 400 at worst. JSON.parse keeps `__proto__` an own key, as the
 * route's parser does.
 */
const prototypeNames = ['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty'];
const objectWith = (names: readonly string[], value: unknown) =>
  JSON.parse(`{${names.map((name) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`);
/** Each name as a string, as the one key of an object, and all of them nested in each other. */
const craftedValues: unknown[] = [
  ...prototypeNames,
  ...prototypeNames.map((name) => objectWith([name], 'x')),
  objectWith(prototypeNames, objectWith(prototypeNames, 1)),
];

/** Sets `name` on `target` as an own enumerable key, `__proto__` included (plain assignment would set the prototype). */
function setOwn(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Values a hostile or careless client may put in any field. */
const strangeValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('x'.repeat(5000), '#ORG#OTHER#\u0000\ud800', '2026-13-45T99:99:99Z', ''),
    fc.constant({ currency: 'usd', amount: 1e13 }),
    fc.constant({ currency: 'USD', amount: -0.1234567 }),
    fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":"x"}')),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.constantFrom(...craftedValues),
    fc.dictionary(fc.constantFrom('kind', 'id', 'amount', 'currency', 'type', ...prototypeNames), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const stack = useStack();
/**
 * Bodies tried per route: under the AWS-like mode each write waits for its
 * index (a second or more) and each call for its share of the organisation's
 * rate, so there a sample of the shapes checks that timing changes no answer;
 * the plain run tries them all.
 */
const bodiesPerRoute = () => (stack.api.awsLike ? 20 : 200);
/** Bodies sent at once: a call mostly waits on DynamoDB Local, so four in flight keep the machine busy where one left it idle. */
const bodiesAtOnce = 4;
const org = useOrg(
  'FUZZ',
  { caller: { owner: true, roles: ['acct_view', 'acct_export_admin', 'ar_admin', 'finance_audit'], actor: 'tester' } },
  { per: 'file' },
);

describe.each(httpRoutes.map((route) => [route.path, route] as const))('%s', (_path, route) => {
  it('never answers 5xx to mutated valid bodies (200, or 20 under the AWS-like mode), and always with the envelope', async () => {
    const fields = Object.keys(route.example(org.orgcode));
    const mutation = fc.tuple(fc.oneof(fc.constantFrom(...fields, ...prototypeNames), fc.string({ minLength: 1, maxLength: 12 })), strangeValue);
    const mutatedBody = fc.array(mutation, { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fc.array(mutatedBody, { minLength: bodiesAtOnce, maxLength: bodiesAtOnce }), async (bodies) => {
        const responses = await Promise.all(
          bodies.map((mutations) => {
            const body: Record<string, unknown> = { ...route.example(org.orgcode) };
            for (const [field, value] of mutations) setOwn(body, field, value);
            return org.post('caller', route.path, body);
          }),
        );
        for (const response of responses) {
          expect(response.status).toBeLessThan(500);
          expect(typeof response.body.success).toBe('boolean');
          expect(response.body.stats.call).toBe(route.operation);
        }
      }),
      { numRuns: bodiesPerRoute() / bodiesAtOnce },
    );
  }, 120_000);
});

/**
 * Where a crafted name goes in a body: every field of the request schema and
 * every value inside the example (object fields, array items) takes each
 * crafted value; every object of the example, the body itself included, takes
 * each name as a key of its own.
 */
function craftedBodies(schemaFields: readonly string[], example: Record<string, unknown>): string[] {
  const valuePaths: string[][] = schemaFields.map((field) => [field]);
  const objectPaths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, String(index)]));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    objectPaths.push(path);
    for (const [key, item] of Object.entries(value)) {
      if (path.length) valuePaths.push([...path, key]);
      walk(item, [...path, key]);
    }
  };
  walk(example, []);
  const bodyWith = (path: readonly string[], name: string, value: unknown) => {
    const body = structuredClone(example);
    setOwn(path.reduce<any>((node, segment) => node[segment], body), name, value);
    return JSON.stringify(body);
  };
  return [
    ...valuePaths.flatMap((path) => craftedValues.map((value) => bodyWith(path.slice(0, -1), path.at(-1)!, value))),
    ...objectPaths.flatMap((path) => prototypeNames.flatMap((name) => [bodyWith(path, name, 'x'), bodyWith(path, name, objectWith(prototypeNames, 1))])),
  ];
}

describe.each(httpRoutes.map((route) => [route.path, route] as const))('%s', (_path, route) => {
  it('never answers 5xx to prototype names as values or as keys, at the top level and nested', async () => {
    const schemaFields = Object.keys(inputJsonSchema(route.schema).properties ?? {});
    const bodies = craftedBodies(schemaFields, route.example(org.orgcode));
    const failures: string[] = [];
    for (let start = 0; start < bodies.length; start += 8) {
      await Promise.all(
        bodies.slice(start, start + 8).map(async (body) => {
          const response = await org.post('caller', route.path, body);
          if (response.status >= 500 || typeof response.body?.success !== 'boolean') failures.push(`${response.status} ${body}`);
        }),
      );
    }
    expect(failures).toEqual([]);
  });
});

describe('pathological bodies', () => {
  it('answers 400, not 500, to deeply nested JSON and to a body over 256 KB', async () => {
    const deep = `{"event_types":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const large = JSON.stringify({ event_types: ['a.b'], logical_guid: 'x'.repeat(300_000) });
    for (const body of [deep, large]) {
      const response = await org.post('caller', '/event/list', body);
      expect(response.status).toBe(400);
      expect(response.body.error.major.tag).toBe('validation-error');
    }
  });
});
