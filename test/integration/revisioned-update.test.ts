import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import { updateRevisioned } from '../../shared/db/revisioned-update';
import { ExpectedRevisionRequiredError, InvalidStateError, NotFoundError, RevisionConflictError } from '../../shared/domain/errors';
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

describe('revisioned updates with companions, status moves and whole records', () => {
  class Taken extends Error {}
  const read = async (key: { pk: string; sk: string }) =>
    (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

  it('writes companion puts and checks with the change, or nothing when a companion condition fails', async () => {
    const key = await aRecord();
    const claim = { pk: key.pk, sk: 'CLAIM' };
    const claimPut = { item: { ...claim, n: 1 }, condition: { expression: 'attribute_not_exists(pk)' }, onConditionFailed: () => new Taken() };
    const stillUnclaimed = { check: { key: claim }, condition: { expression: 'attribute_not_exists(pk)' }, onConditionFailed: () => new Taken() };
    await updateRevisioned({ key, expectedRevision: 1, set: { status: 'a' }, companions: [claimPut], now });
    expect(await read(claim)).toMatchObject({ n: 1 });
    // The revision is current, so only the companion check can fail, and it raises its own error.
    const checked = updateRevisioned({ key, expectedRevision: 2, set: { status: 'b' }, companions: [stillUnclaimed], now });
    await expect(checked).rejects.toBeInstanceOf(Taken);
    // A companion's failure is final, so it outranks a stale revision.
    const both = updateRevisioned({ key, expectedRevision: 1, set: { status: 'b' }, companions: [stillUnclaimed], now });
    await expect(both).rejects.toBeInstanceOf(Taken);
    expect(await read(key)).toMatchObject({ status: 'a', revision: 2 });
  });

  it('judges a status move from the stored record, the revision first', async () => {
    const key = await aRecord();
    const statusMove = { from: ['draft'], invalid: (current: string) => new InvalidStateError(`from ${current}`) };
    const invalid = updateRevisioned({ key, expectedRevision: 1, set: { status: 'sent' }, statusMove, now });
    await expect(invalid).rejects.toMatchObject({ tag: 'invalid-state', message: 'from open' });
    const stale = updateRevisioned({ key, expectedRevision: 9, set: { status: 'sent' }, statusMove, now });
    await expect(stale).rejects.toMatchObject({ suppliedRevision: 9, currentRevision: 1 });
  });

  it('replaces a whole record at the next revision, dropping what the new version leaves out', async () => {
    const key = await aRecord();
    const companion = { update: { key: { pk: key.pk, sk: 'COUNT' }, expression: 'ADD n :one', values: { ':one': 1 } } };
    const written = await updateRevisioned({ key, expectedRevision: 1, replace: { memo: 'new' }, companions: [companion], now });
    expect(await read(key)).toEqual({ ...key, memo: 'new', revision: 2, updated_at: now.toISOString() });
    expect(written).toEqual(await read(key));
    const stale = updateRevisioned({ key, expectedRevision: 1, replace: { memo: 'late' }, now });
    await expect(stale).rejects.toMatchObject({ suppliedRevision: 1, currentRevision: 2 });
  });
});
