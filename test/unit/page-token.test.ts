import { InvalidTokenError } from '../../shared/domain/errors';
import { openPageToken, sealPageToken } from '../../shared/domain/page-token';

const keys = { current: 'k'.repeat(40) };
const binding = { orgcode: 'ACME', route: '/event/list', filters: { cccode: 'ABCD-1234-EF56' } };

describe('page tokens', () => {
  it('round-trips the state it carries', () => {
    const token = sealPageToken(keys, binding, { pk: 'x', n: 1 });
    expect(openPageToken(keys, binding, token)).toEqual({ pk: 'x', n: 1 });
  });

  it('shows nothing of the state it carries', () => {
    const state = { pk: 'ORG#ACME#EVENTS', sk: '2026-11-20T10:15:00.000Z#evt_01J' };
    const token = sealPageToken(keys, binding, state);
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    for (const secret of ['ORG', 'ACME', 'EVENTS', '2026', 'evt_']) expect(decoded).not.toContain(secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('is bound to the organisation, the route and the filters', () => {
    const token = sealPageToken(keys, binding, { pk: 'x' });
    expect(() => openPageToken(keys, { ...binding, orgcode: 'OTHER' }, token)).toThrow(InvalidTokenError);
    expect(() => openPageToken(keys, { ...binding, route: '/lineage/list' }, token)).toThrow(InvalidTokenError);
    expect(() => openPageToken(keys, { ...binding, filters: {} }, token)).toThrow(InvalidTokenError);
  });

  it('rejects an altered token, another key and garbage', () => {
    const token = sealPageToken(keys, binding, { pk: 'x' });
    const bytes = Buffer.from(token, 'base64url');
    // The key id, the IV, the ciphertext and the tag.
    for (const index of [0, 4, 17, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[index] = (altered[index] ?? 0) ^ 1;
      expect(() => openPageToken(keys, binding, altered.toString('base64url'))).toThrow(InvalidTokenError);
    }
    expect(() => openPageToken({ current: 'z'.repeat(40) }, binding, token)).toThrow(InvalidTokenError);
    expect(() => openPageToken(keys, binding, 'not-a-token')).toThrow(InvalidTokenError);
    expect(() => openPageToken(keys, binding, `${token}.`)).toThrow(InvalidTokenError);
  });

  it('does not depend on the order of filter keys', () => {
    const token = sealPageToken(keys, { ...binding, filters: { a: 1, b: 2 } }, 1);
    expect(openPageToken(keys, { ...binding, filters: { b: 2, a: 1 } }, token)).toBe(1);
  });
});

describe('page tokens across a key rotation', () => {
  const first = 'first-key-'.repeat(4);
  const second = 'second-key-'.repeat(4);
  const third = 'third-key-'.repeat(4);

  it('seals new tokens with the current key only', () => {
    const token = sealPageToken({ current: second, previous: first }, binding, { n: 2 });

    expect(openPageToken({ current: second }, binding, token)).toEqual({ n: 2 });
    expect(() => openPageToken({ current: first }, binding, token)).toThrow(InvalidTokenError);
  });

  it('still opens a token of the previous key after one rotation', () => {
    const beforeRotation = sealPageToken({ current: first }, binding, { n: 1 });

    expect(openPageToken({ current: second, previous: first }, binding, beforeRotation)).toEqual({ n: 1 });
  });

  it('refuses a token of a key rotated out two rotations ago, as a validation-error', () => {
    const beforeRotation = sealPageToken({ current: first }, binding, { n: 1 });

    expect(() => openPageToken({ current: third, previous: second }, binding, beforeRotation)).toThrow(InvalidTokenError);
  });

  it('refuses a token of a key that was never ours, whatever its key id claims', () => {
    const foreign = Buffer.from(sealPageToken({ current: 'x'.repeat(40) }, binding, { n: 1 }), 'base64url');
    const ours = Buffer.from(sealPageToken({ current: first }, binding, { n: 1 }), 'base64url');
    // A foreign token under our key's id: the id picks our key, which cannot open it.
    const relabelled = Buffer.concat([ours.subarray(0, 4), foreign.subarray(4)]).toString('base64url');

    expect(() => openPageToken({ current: second, previous: first }, binding, foreign.toString('base64url'))).toThrow(
      InvalidTokenError,
    );
    expect(() => openPageToken({ current: second, previous: first }, binding, relabelled)).toThrow(InvalidTokenError);
  });
});
