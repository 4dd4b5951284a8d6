import { ExpectedRevisionRequiredError } from './errors';

/**
 * State-changing calls on an existing record must say which revision they
 * change (spec Errors rule 3): a missing expected_revision is 428.
 */
export function requireExpectedRevision(expectedRevision: number | undefined): number {
  if (expectedRevision === undefined) throw new ExpectedRevisionRequiredError();
  return expectedRevision;
}
