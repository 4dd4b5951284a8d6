import { httpRoutes } from '../../shared/routes/registry';
import { callerHeaders, uniqueOrgcode } from '../support/callers';
import { type LocalApi, post, startLocalApi } from '../support/local-api';

/** Small seeded generator, so a failure names a body that can be replayed. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function strangeValue(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * 12);
  switch (pick) {
    case 0: return null;
    case 1: return random() < 0.5;
    case 2: return Math.floor(random() * 2 ** 53) * (random() < 0.5 ? -1 : 1);
    case 3: return random() * 1e300;
    case 4: return 'x'.repeat(Math.floor(random() * 5000));
    case 5: return '#ORG#OTHER#\u0000\ud800';
    case 6: return '2026-13-45T99:99:99Z';
    case 7: return depth < 4 ? [strangeValue(random, depth + 1), strangeValue(random, depth + 1)] : [];
    case 8: return depth < 4 ? { kind: strangeValue(random, depth + 1), id: strangeValue(random, depth + 1) } : {};
    case 9: return { currency: 'usd', amount: random() < 0.5 ? 1e13 : -0.1234567 };
    case 10: return '';
    default: return { __proto__: { polluted: true }, constructor: 'x' };
  }
}

let api: LocalApi;
let headers: Record<string, string>;
const orgcode = uniqueOrgcode('FUZZ');

beforeAll(async () => {
  api = await startLocalApi();
  headers = await callerHeaders({ orgcode, owner: true, roles: ['acct_view', 'acct_export_admin', 'finance_audit'] });
});
afterAll(() => api.close());

describe.each(httpRoutes.map((route) => [route.path, route] as const))('%s', (_path, route) => {
  it('never answers 500 to 60 mutated bodies, and always with the envelope', async () => {
    const random = randomSource(route.path.length * 7919);
    for (let i = 0; i < 60; i += 1) {
      const body: Record<string, unknown> = { ...route.example(orgcode) };
      const fields = Object.keys(body);
      const mutations = 1 + Math.floor(random() * 3);
      for (let m = 0; m < mutations; m += 1) {
        const field = random() < 0.8 ? fields[Math.floor(random() * fields.length)]! : `extra_${m}`;
        body[field] = strangeValue(random);
      }
      const response = await post(route.path, body, headers);
      if (response.status >= 500) throw new Error(`500 for ${JSON.stringify(body).slice(0, 500)}`);
      expect(typeof response.body.success).toBe('boolean');
      expect(response.body.stats.call).toBe(route.operation);
    }
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
