import { randomBytes } from 'node:crypto';

/** Spec identifier rule 3: trimmed and uppercased. `#` would break key composition. */
export const orgcodePattern = /^[A-Z0-9][A-Z0-9_.-]{0,63}$/;
export const cccodePattern = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
export const channelCodePattern = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

export function canonicalOrgcode(raw: string): string {
  return raw.trim().toUpperCase();
}

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Time-ordered identifier with a type prefix (`evt_01J…`): 10 characters of
 * millisecond time then 16 random ones, Crockford base 32 like a ULID, so ids
 * sort by creation time within a prefix.
 */
export function newId(prefix: string, now: Date = new Date()): string {
  let time = now.getTime();
  let timePart = '';
  for (let i = 0; i < 10; i += 1) {
    timePart = crockford[time % 32] + timePart;
    time = Math.floor(time / 32);
  }
  const random = randomBytes(16);
  let randomPart = '';
  for (const byte of random) randomPart += crockford[byte % 32];
  return `${prefix}_${timePart}${randomPart}`;
}

/** The millisecond time a newId was made at, read back from its time part. */
export function idTime(id: string): number {
  const timePart = id.slice(id.lastIndexOf('_') + 1, id.lastIndexOf('_') + 11);
  return [...timePart].reduce((time, char) => time * 32 + crockford.indexOf(char), 0);
}
