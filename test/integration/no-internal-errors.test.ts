import fc from 'fast-check';
import { httpRoutes } from '../../shared/routes/registry';
import { callerHeaders, uniqueOrgcode } from '../support/callers';
import { type LocalApi, post, startLocalApi } from '../support/local-api';

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
    fc.dictionary(fc.constantFrom('kind', 'id', 'amount', 'currency', 'type'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

let api: LocalApi;
let headers: Record<string, string>;
const orgcode = uniqueOrgcode('FUZZ');

beforeAll(async () => {
  api = await startLocalApi();
  headers = await callerHeaders({ orgcode, owner: true, roles: ['acct_view', 'acct_export_admin', 'ar_admin', 'finance_audit'] });
});
afterAll(() => api.close());

describe.each(httpRoutes.map((route) => [route.path, route] as const))('%s', (_path, route) => {
  it('never answers 5xx to 200 mutated valid bodies, and always with the envelope', async () => {
    const fields = Object.keys(route.example(orgcode));
    const mutation = fc.tuple(fc.oneof(fc.constantFrom(...fields), fc.string({ minLength: 1, maxLength: 12 })), strangeValue);
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        const body: Record<string, unknown> = { ...route.example(orgcode) };
        for (const [field, value] of mutations) body[field] = value;
        const response = await post(route.path, body, headers);
        expect(response.status).toBeLessThan(500);
        expect(typeof response.body.success).toBe('boolean');
        expect(response.body.stats.call).toBe(route.operation);
      }),
      { numRuns: 200 },
    );
  });
});

describe('pathological bodies', () => {
  it('answers 400, not 500, to deeply nested JSON and to a body over 256 KB', async () => {
    const deep = `{"event_types":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const large = JSON.stringify({ event_types: ['a.b'], logical_guid: 'x'.repeat(300_000) });
    for (const body of [deep, large]) {
      const response = await post('/event/list', body, headers);
      expect(response.status).toBe(400);
      expect(response.body.error.major.tag).toBe('validation-error');
    }
  });
});
