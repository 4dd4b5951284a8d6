import { InvalidTokenError } from '../../shared/domain/errors';
import { openPageToken, sealPageToken } from '../../shared/domain/page-token';

const key = 'k'.repeat(40);
const binding = { orgcode: 'ACME', route: '/event/list', filters: { cccode: 'ABCD-1234-EF56' } };

describe('page tokens', () => {
  it('round-trips the state it carries', () => {
    const token = sealPageToken(key, binding, { pk: 'x', n: 1 });
    expect(openPageToken(key, binding, token)).toEqual({ pk: 'x', n: 1 });
  });

  it('shows nothing of the state it carries', () => {
    const state = { pk: 'ORG#ACME#EVENTS', sk: '2026-11-20T10:15:00.000Z#evt_01J' };
    const token = sealPageToken(key, binding, state);
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    for (const secret of ['ORG', 'ACME', 'EVENTS', '2026', 'evt_']) expect(decoded).not.toContain(secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('is bound to the organisation, the route and the filters', () => {
    const token = sealPageToken(key, binding, { pk: 'x' });
    expect(() => openPageToken(key, { ...binding, orgcode: 'OTHER' }, token)).toThrow(InvalidTokenError);
    expect(() => openPageToken(key, { ...binding, route: '/lineage/list' }, token)).toThrow(InvalidTokenError);
    expect(() => openPageToken(key, { ...binding, filters: {} }, token)).toThrow(InvalidTokenError);
  });

  it('rejects an altered token, another key and garbage', () => {
    const token = sealPageToken(key, binding, { pk: 'x' });
    const bytes = Buffer.from(token, 'base64url');
    for (const index of [0, 13, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[index] = (altered[index] ?? 0) ^ 1;
      expect(() => openPageToken(key, binding, altered.toString('base64url'))).toThrow(InvalidTokenError);
    }
    expect(() => openPageToken('z'.repeat(40), binding, token)).toThrow(InvalidTokenError);
    expect(() => openPageToken(key, binding, 'not-a-token')).toThrow(InvalidTokenError);
    expect(() => openPageToken(key, binding, `${token}.`)).toThrow(InvalidTokenError);
  });

  it('does not depend on the order of filter keys', () => {
    const token = sealPageToken(key, { ...binding, filters: { a: 1, b: 2 } }, 1);
    expect(openPageToken(key, { ...binding, filters: { b: 2, a: 1 } }, token)).toBe(1);
  });
});
