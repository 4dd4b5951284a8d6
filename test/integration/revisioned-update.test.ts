import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import { updateRevisioned } from '../../shared/db/revisioned-update';
import { ExpectedRevisionRequiredError, NotFoundError, RevisionConflictError } from '../../shared/domain/errors';
import { requireExpectedRevision } from '../../shared/domain/revision';
import { uniqueOrgcode } from '../support/callers';

const now = new Date('2026-11-21T00:00:00Z');

async function aRecord() {
  const key = { pk: `ORG#${uniqueOrgcode('REV')}#TEST#1`, sk: 'TEST' };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...key, status: 'open', revision: 1 } }));
  return key;
}

describe('revisioned updates against DynamoDB Local', () => {
  it('applies a change at the current revision and bumps it by one', async () => {
    const key = await aRecord();
    const updated = await updateRevisioned({ key, expectedRevision: 1, set: { status: 'void' }, now });
    expect(updated).toMatchObject({ status: 'void', revision: 2, updated_at: now.toISOString() });
  });

  it('refuses a stale revision with the supplied and current revisions', async () => {
    const key = await aRecord();
    await updateRevisioned({ key, expectedRevision: 1, set: { status: 'a' }, now });
    const stale = updateRevisioned({ key, expectedRevision: 1, set: { status: 'b' }, now });
    await expect(stale).rejects.toBeInstanceOf(RevisionConflictError);
    await expect(stale).rejects.toMatchObject({ suppliedRevision: 1, currentRevision: 2 });
  });

  it('lets exactly one of many concurrent changes at the same revision through', async () => {
    const key = await aRecord();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => updateRevisioned({ key, expectedRevision: 1, set: { status: `s${i}` }, now })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((result) => result.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ currentRevision: 2 });
    }
  });

  it('reports a missing record as not found, and a missing expected_revision as 428', async () => {
    const missing = updateRevisioned({ key: { pk: 'ORG#NONE#X', sk: 'X' }, expectedRevision: 1, set: {}, now });
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    expect(() => requireExpectedRevision(undefined)).toThrow(ExpectedRevisionRequiredError);
    expect(new ExpectedRevisionRequiredError().httpStatus).toBe(428);
  });
});
