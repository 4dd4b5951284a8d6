import { randomBytes } from 'node:crypto';
import { type IssueCredentialOptions, issueCredential } from './local-api';

/** A fresh organisation per test, so tests sharing one DynamoDB Local never see each other's data. */
export function uniqueOrgcode(prefix = 'T'): string {
  return `${prefix}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Issues a credential and returns the headers that present it. */
export async function callerHeaders(
  options: Omit<IssueCredentialOptions, 'actor'> & { actor?: string },
): Promise<Record<string, string>> {
  const issued = await issueCredential({ actor: 'tester', ...options });
  const credentialHeader = issued.kind === 'session' ? 'x-session-guid' : 'x-api-key';
  return { 'x-orgcode': options.orgcode, [credentialHeader]: issued.secret };
}
