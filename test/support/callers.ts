import { randomBytes } from 'node:crypto';

/** A fresh organisation per test, so tests sharing one DynamoDB Local never see each other's data. */
export function uniqueOrgcode(prefix = 'T'): string {
  return `${prefix}${randomBytes(5).toString('hex').toUpperCase()}`;
}
