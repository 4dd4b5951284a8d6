import { fingerprintOf, generateSecret, parseSecret } from '../../shared/domain/auth/credential-secret';

describe('credential secrets', () => {
  it('names the issuing organisation and kind, with 32 random bytes', () => {
    const secret = generateSecret('session', 'ACME');
    expect(parseSecret(secret)).toEqual({ kind: 'session', issuingOrgcode: 'ACME' });
    expect(secret.split('.')[2]).toHaveLength(43);
    expect(generateSecret('session', 'ACME')).not.toBe(secret);
  });

  it('is stored only as a SHA-256 hex fingerprint', () => {
    const secret = generateSecret('api_key', 'ACME');
    expect(fingerprintOf(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf(secret)).not.toContain(secret.split('.')[2]);
  });

  it('does not parse foreign or malformed secrets', () => {
    expect(parseSecret('123e4567-e89b-12d3-a456-426614174000')).toBeUndefined();
    expect(parseSecret('ak.QUNNRQ.short')).toBeUndefined();
    expect(parseSecret('xx.QUNNRQ.' + 'a'.repeat(43))).toBeUndefined();
    const hugeOrg = Buffer.from('A'.repeat(5000)).toString('base64url');
    expect(parseSecret(`ak.${hugeOrg}.${'a'.repeat(43)}`)).toBeUndefined();
    const badOrg = Buffer.from('AC#ME').toString('base64url');
    expect(parseSecret(`ak.${badOrg}.${'a'.repeat(43)}`)).toBeUndefined();
  });
});
