import { createHash } from 'node:crypto';

/**
 * A rollup record's identifier: derived from what it is a rollup of (its day
 * and what it breaks the day down by), so every re-run keeps it, and hashed
 * so that any value fits: `<prefix>_` and 32 hex digits of the SHA-256 of the
 * parts, one per line.
 */
export function rollupId(prefix: string, parts: readonly string[]): string {
  return `${prefix}_${createHash('sha256').update(parts.join('\n'), 'utf8').digest('hex').slice(0, 32)}`;
}
