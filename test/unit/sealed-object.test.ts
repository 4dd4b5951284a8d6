import { InvalidTokenError } from '../../shared/domain/errors';
import { openSealedObject, sealObject } from '../../shared/domain/sealed-object';

const keys = { current: 'c'.repeat(40), previous: 'p'.repeat(40) };
const binding = { orgcode: 'ACME', route: '/storage/usage/reconcile', filters: { from_utc: '2026-11-20T00:00:00.000Z' } };
const state = { source_index: 1, pending_prefixes: ['orgs/ACME/a/', 'orgs/ACME/b/'], partial: { '-': { bytes: 10, items: 2 } } };

describe('sealed objects', () => {
  it('keep their fields legible and open to exactly what was sealed, in any key order', () => {
    const sealed = sealObject(keys, binding, state);
    expect(sealed).toMatchObject(state);
    const reordered = JSON.parse(JSON.stringify({ seal: sealed.seal, partial: sealed.partial, pending_prefixes: sealed.pending_prefixes, source_index: 1 }));
    expect(openSealedObject(keys, binding, reordered, 'cursor')).toEqual(state);
  });

  it('refuse any changed field, as a validation-error on the field named', () => {
    const sealed = sealObject(keys, binding, state);
    const altered = [
      { ...sealed, source_index: 0 },
      { ...sealed, pending_prefixes: ['orgs/ACME/b/', 'orgs/ACME/a/'] },
      { ...sealed, partial: { '-': { bytes: 11, items: 2 } } },
      { ...sealed, extra: true },
      { ...sealed, seal: `${sealed.seal.slice(0, -2)}AA` },
      { ...sealed, seal: '' },
    ];
    for (const forged of altered) {
      expect(() => openSealedObject(keys, binding, forged, 'cursor')).toThrow(InvalidTokenError);
    }
    try {
      openSealedObject(keys, binding, altered[0]!, 'cursor');
    } catch (error) {
      expect((error as InvalidTokenError).details).toEqual({ issues: [{ path: 'cursor', message: expect.any(String) }] });
    }
  });

  it('are bound to the organisation, the route and the filters', () => {
    const sealed = sealObject(keys, binding, state);
    expect(() => openSealedObject(keys, { ...binding, orgcode: 'OTHER' }, sealed, 'cursor')).toThrow(InvalidTokenError);
    expect(() => openSealedObject(keys, { ...binding, route: '/usage/rollup/list' }, sealed, 'cursor')).toThrow(InvalidTokenError);
    expect(() => openSealedObject(keys, { ...binding, filters: {} }, sealed, 'cursor')).toThrow(InvalidTokenError);
  });

  it('open with the previous key after a rotation, and never with another', () => {
    const before = sealObject({ current: keys.previous }, binding, state);
    expect(openSealedObject(keys, binding, before, 'cursor')).toEqual(state);
    expect(() => openSealedObject({ current: 'z'.repeat(40) }, binding, before, 'cursor')).toThrow(InvalidTokenError);
  });
});
