import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so equal values always serialise to equal text. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) => {
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        return Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      }
      return item;
    }) ?? 'null'
  );
}

/** SHA-256 (base64url) of the canonical JSON of a value. */
export function canonicalDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}
