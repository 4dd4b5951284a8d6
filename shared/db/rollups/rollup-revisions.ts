import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { retryingConflicts } from '../conflict-retry';
import type { ItemKey } from '../keys';
import type { Listing } from '../listings';
import { queryAll } from '../query-page';

/**
 * How a daily rollup rewrites an organisation's day in place
 * (docs/decisions.md: Financial rollups, Usage rollups). The day is one
 * partition: a run header and one record per thing the day is broken down by,
 * under the same keys on every run. A run first claims the day's next
 * revision; a record is written only over an older revision; what the run did
 * not write is then deleted. So a re-run bumps every record, leaves no
 * duplicate and removes what the day no longer has, and of two runs at once
 * the later claim wins, record by record.
 *
 * A record's copies in its lists (shared/db/listings.ts; docs/decisions.md:
 * Acknowledged writes are listed) are written and deleted in the record's own
 * transaction, under the record's condition: a list never shows a record as
 * another revision than the day holds, nor one the day no longer has. A
 * record's lists follow from what it is a record of (its day and subject),
 * the same on every run, so a re-run overwrites its copies where they are.
 */

/** The day's run header: which run claimed its latest revision, and when. */
export interface RunClaim {
  /** The header's key, in the day's partition. */
  key: ItemKey;
  /** The header's record type, e.g. `financial_rollup_run`. */
  recordType: string;
  orgcode: string;
  dt: string;
  runId: string;
  now: Date;
}

/** Claims the day's next revision for the run: 1 for the first run, then one more per run. */
export async function claimRollupRevision(claim: RunClaim): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: claim.key,
      UpdateExpression: 'SET record_type = :type, orgcode = :orgcode, dt = :dt, run_id = :run, claimed_at = :now ADD revision :one',
      ExpressionAttributeValues: {
        ':type': claim.recordType,
        ':orgcode': claim.orgcode,
        ':dt': claim.dt,
        ':run': claim.runId,
        ':now': claim.now.toISOString(),
        ':one': 1,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.revision);
}

/** A later run's revision holds the record: this run leaves it to that one. */
class HeldByLaterRevision extends Error {}

const heldByLaterRevision = () => new HeldByLaterRevision();

/**
 * Runs the writes of one record, all or nothing, again while another run's
 * transaction holds the same items. False when the record's condition failed.
 */
async function writeRecord(writes: GuardedWrite[]): Promise<boolean> {
  try {
    return await retryingConflicts(async () => {
      await writeAtomically(writes);
      return true;
    });
  } catch (error) {
    if (error instanceof HeldByLaterRevision) return false;
    throw error;
  }
}

/**
 * Writes a record's attributes (its `revision` the run's claim, its
 * `updated_at` this run's time) over an older revision of it, keeping when it
 * was first created, and its copies at `listings` with the same update, in
 * one transaction (1 + listings actions). False when a later run wrote it first.
 */
export function saveRollupRecord(
  key: ItemKey,
  attributes: Record<string, unknown> & { revision: number; updated_at: string },
  listings: readonly Listing[],
): Promise<boolean> {
  const names = Object.fromEntries(Object.keys(attributes).map((name, index) => [`#a${index}`, name]));
  const values = Object.fromEntries(Object.values(attributes).map((value, index) => [`:a${index}`, value]));
  const assignments = Object.keys(names).map((placeholder, index) => `${placeholder} = :a${index}`);
  const update = {
    expression: `SET ${assignments.join(', ')}, #created = if_not_exists(#created, :updated)`,
    names: { ...names, '#created': 'created_at' },
    values: { ...values, ':updated': attributes.updated_at },
  };
  return writeRecord([
    {
      update: { key, ...update },
      condition: {
        expression: 'attribute_not_exists(pk) OR #revision < :revision',
        names: { '#revision': 'revision' },
        values: { ':revision': attributes.revision },
      },
      onConditionFailed: heldByLaterRevision,
    },
    // A copy is created by the record's first write and kept whole by every later one, `created_at` included.
    ...listings.map((listing) => ({ update: { key: { pk: listing.partition, sk: listing.sortKey }, ...update } })),
  ]);
}

/**
 * Deletes the day's records of `recordType` older than `revision`, each with
 * its copies at `listingsOf(record)` in one transaction: what the run at
 * `revision` no longer has. Returns how many.
 */
export async function removeRollupRecordsBefore(
  partition: string,
  recordType: string,
  revision: number,
  listingsOf: (record: Record<string, unknown>) => Listing[],
): Promise<number> {
  let removed = 0;
  const stale = queryAll({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'record_type = :type AND revision < :revision',
    ExpressionAttributeValues: { ':pk': partition, ':type': recordType, ':revision': revision },
    // A table partition: a record written a moment ago by this run is seen, so never taken for a stale one.
    ConsistentRead: true,
  });
  for await (const record of stale) {
    const deleted = await writeRecord([
      {
        delete: { key: { pk: String(record.pk), sk: String(record.sk) } },
        // A later run may have rewritten it meanwhile: then it is that run's to keep.
        condition: { expression: '#revision < :revision', names: { '#revision': 'revision' }, values: { ':revision': revision } },
        onConditionFailed: heldByLaterRevision,
      },
      ...listingsOf(record).map((listing) => ({ delete: { key: { pk: listing.partition, sk: listing.sortKey } } })),
    ]);
    if (deleted) removed += 1;
  }
  return removed;
}
