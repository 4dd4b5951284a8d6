import { InvalidTokenError } from '../../shared/domain/errors';
import { readPageToken, signPageToken } from '../../shared/domain/page-token';

const key = 'k'.repeat(40);
const binding = { orgcode: 'ACME', route: '/event/list', filters: { cccode: 'ABCD-1234-EF56' } };

describe('page tokens', () => {
  it('round-trips the state it carries', () => {
    const token = signPageToken(key, binding, { pk: 'x', n: 1 });
    expect(readPageToken(key, binding, token)).toEqual({ pk: 'x', n: 1 });
  });

  it('is bound to the organisation, the route and the filters', () => {
    const token = signPageToken(key, binding, { pk: 'x' });
    expect(() => readPageToken(key, { ...binding, orgcode: 'OTHER' }, token)).toThrow(InvalidTokenError);
    expect(() => readPageToken(key, { ...binding, route: '/lineage/list' }, token)).toThrow(InvalidTokenError);
    expect(() => readPageToken(key, { ...binding, filters: {} }, token)).toThrow(InvalidTokenError);
  });

  it('rejects an altered payload, another key and garbage', () => {
    const token = signPageToken(key, binding, { pk: 'x' });
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), s: { pk: 'y' } }),
    ).toString('base64url');
    expect(() => readPageToken(key, binding, `${forged}.${mac}`)).toThrow(InvalidTokenError);
    expect(() => readPageToken('z'.repeat(40), binding, token)).toThrow(InvalidTokenError);
    expect(() => readPageToken(key, binding, 'not-a-token')).toThrow(InvalidTokenError);
  });

  it('does not depend on the order of filter keys', () => {
    const token = signPageToken(key, { ...binding, filters: { a: 1, b: 2 } }, 1);
    expect(readPageToken(key, { ...binding, filters: { b: 2, a: 1 } }, token)).toBe(1);
  });
});
