import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ExpectedRevisionRequiredError, RevisionConflictError } from '../../domain/errors';
import type { GlMapping } from '../../domain/gl/gl-mapping';
import { type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { type Page, type StartKey, queryAll, queryPage } from '../query-page';

/**
 * An organisation's account mapping, one immutable item per revision in one
 * partition (shared/db/keys.ts, glMappings). A revision is written only after
 * the one before it, so "revision n exists and n + 1 does not" is "n is the
 * latest": a new revision is a transaction of that check and a conditional put,
 * and of two writers expecting the same revision exactly one wins. Every read
 * is consistent, so a mapping answered 200 is read and listed at once.
 */

/** The org's latest mapping revision, or undefined when it has none. */
export async function latestMapping(orgcode: string): Promise<GlMapping | undefined> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.glMappings(orgcode) },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  const [item] = Items ?? [];
  return item && withoutStorageAttributes<GlMapping>(item);
}

/** The expected revision is not the latest: which one is, is read after the write failed. */
class StaleRevisionError extends Error {}

/**
 * Stores `mapping` as its revision (1 when `expectedRevision` is absent, else
 * expectedRevision + 1), with the call's idempotency record. Absent while a
 * mapping exists is 428; a revision that is not the latest is 409 naming the
 * current one.
 */
export async function putMappingRevision(mapping: GlMapping, expectedRevision: number | undefined, idempotencyRecord?: GuardedWrite): Promise<void> {
  const latestExpected: GuardedWrite[] =
    expectedRevision === undefined
      ? []
      : [
          {
            check: { key: keys.glMapping(mapping.orgcode, expectedRevision) },
            condition: { expression: 'attribute_exists(pk)' },
            onConditionFailed: () => new StaleRevisionError(),
          },
        ];
  try {
    await writeAtomically([
      ...(idempotencyRecord ? [idempotencyRecord] : []),
      ...latestExpected,
      {
        item: { ...keys.glMapping(mapping.orgcode, mapping.revision), record_type: 'gl_mapping', ...mapping },
        condition: { expression: 'attribute_not_exists(pk)' },
        onConditionFailed: () => (expectedRevision === undefined ? new ExpectedRevisionRequiredError() : new StaleRevisionError()),
      },
    ]);
  } catch (error) {
    if (!(error instanceof StaleRevisionError)) throw error;
    throw new RevisionConflictError(expectedRevision ?? 0, (await latestMapping(mapping.orgcode))?.revision ?? 0);
  }
}

export async function findMapping(orgcode: string, revision: number): Promise<GlMapping | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.glMapping(orgcode, revision), ConsistentRead: true }));
  return Item && withoutStorageAttributes<GlMapping>(Item);
}

/** A page of the org's mapping revisions, newest first. */
export function listMappings(orgcode: string, limit: number, startKey?: StartKey): Promise<Page<GlMapping>> {
  return queryPage(
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.glMappings(orgcode) }, ScanIndexForward: false },
    limit,
    startKey,
    (item) => withoutStorageAttributes<GlMapping>(item),
  );
}

/**
 * Every revision up to `revision` (all when absent), oldest first: what a
 * journal maps with. An export maps with the revisions that existed when it was
 * created (its `mapping_revision`), so a rebuild or repair maps the same way.
 */
export async function mappingsUpTo(orgcode: string, revision?: number): Promise<GlMapping[]> {
  const mappings: GlMapping[] = [];
  for await (const item of queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.glMappings(orgcode) } })) {
    const mapping = withoutStorageAttributes<GlMapping>(item);
    if (revision === undefined || mapping.revision <= revision) mappings.push(mapping);
  }
  return mappings;
}
