import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError, RevisionConflictError } from '../../domain/errors';
import type { ExportBatch } from '../../domain/exports/export-batch';
import { writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import * as keys from '../keys';
import { listingMoves } from '../listings';
import { updateRevisioned } from '../revisioned-update';
import { StaleClaimError, type WorkClaim, heldClaim, workEntry } from '../work-queue';
import { batchItem, batchListings, toBatch } from './export-batch-item';

/**
 * The worker's writes of a batch: the batches an export's build stores, and
 * each step of building a batch a call asked for. A batch is listed by its
 * export and its schedule (shared/db/listings.ts), so each write changes its
 * copies in the same transaction: a list never shows a batch as it was before
 * a step the worker has taken (docs/decisions.md: Acknowledged writes are listed).
 */

/** The batch was already moved on by the downstream (sent or failed): a rebuild leaves it as it is. */
class BatchMovedOnError extends Error {}

const readStored = async (orgcode: string, batchId: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.exportBatch(orgcode, batchId), ConsistentRead: true }))).Item;

/**
 * Stores a batch the worker has built, with its copies, only while the export
 * still runs under the build's `claim` (else StaleClaimError: a later build
 * owns the export). A rebuild after a crashed attempt writes the same batch
 * again, at its own created_at: its copies move from where the earlier attempt
 * listed it. One the downstream already moved on is left as it is. At most 6
 * actions: the claim, the batch, two copies put and two deleted.
 */
export async function putBuiltBatch(batch: ExportBatch, claim: WorkClaim): Promise<void> {
  // Only a rebuild can meet a batch stored before: by an earlier claim of the export, which this one superseded.
  const earlier = claim.attempt > 1 ? await readStored(batch.orgcode, batch.batch_id) : undefined;
  const item = batchItem(batch);
  try {
    await writeAtomically([
      { check: { key: claim.key }, condition: heldClaim(claim), onConditionFailed: () => new StaleClaimError(claim) },
      {
        item,
        condition: { expression: 'attribute_not_exists(pk) OR #status = :ready', names: { '#status': 'status' }, values: { ':ready': 'ready' } },
        onConditionFailed: () => new BatchMovedOnError(),
      },
      ...listingMoves(item, earlier ? batchListings(toBatch(earlier)) : [], batchListings(batch)),
    ]);
  } catch (error) {
    if (!(error instanceof BatchMovedOnError)) throw error;
  }
}

/**
 * Whether a build may claim the stored batch, as claimWork (shared/db/work-queue.ts)
 * judges an item: `pending`, or `running` under a claim whose deadline passed
 * (a claim from before claims had their own deadline lapses once it is as old
 * as a claim now lasts).
 */
function claimable(stored: Record<string, unknown>, now: Date, deadline: Date): boolean {
  if (stored.status === 'pending') return true;
  if (stored.status !== 'running') return false;
  if (stored.work_deadline !== undefined) return String(stored.work_deadline) <= now.toISOString();
  return String(stored.updated_at) <= new Date(2 * now.getTime() - deadline.getTime()).toISOString();
}

/**
 * Claims the build of a requested batch until `deadline`, as claimWork claims
 * an export, its copies moved to `running` with it: read consistently, then
 * changed only at the revision read, so of two builds claiming together one
 * wins. The copies take the same update, entry sort key included; none has
 * the queue's partition key, so none is ever on the queue. Returns the batch as
 * claimed, or undefined when another build holds it or it is finished.
 */
export async function claimBatchBuild(orgcode: string, batchId: string, now: Date, deadline: Date): Promise<Record<string, unknown> | undefined> {
  const stored = await readStored(orgcode, batchId);
  if (!stored || !claimable(stored, now, deadline)) return undefined;
  const entry = workEntry(orgcode, batchId, deadline);
  try {
    return await updateRevisioned({
      key: keys.exportBatch(orgcode, batchId),
      expectedRevision: Number(stored.revision),
      set: {
        status: 'running',
        gsi3sk: entry.gsi3sk,
        work_due_at: entry.work_due_at,
        work_deadline: entry.work_due_at,
        work_attempts: Number(stored.work_attempts ?? 0) + 1,
      },
      listings: { after: batchListings(toBatch(stored)) },
      now,
    });
  } catch (error) {
    if (error instanceof RevisionConflictError || error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/**
 * Changes a batch under its build's claim, and its copies, and re-queues it at
 * `dueAt`. `claimed` is the batch as its claim left it: nothing but its build
 * changes a running batch's revision (the sweep taking its queue entry leaves
 * it), so the revision still being the claimed one is the claim still holding
 * (else StaleClaimError).
 */
async function changeClaimed(claim: WorkClaim, claimed: ExportBatch, fields: Record<string, unknown>, now: Date, dueAt: Date) {
  const entry = workEntry(claimed.orgcode, claimed.batch_id, dueAt);
  try {
    return await updateRevisioned({
      key: claim.key,
      expectedRevision: claimed.revision,
      statusMove: { from: ['running'], invalid: () => new StaleClaimError(claim) },
      set: { ...fields, gsi3sk: entry.gsi3sk, work_due_at: entry.work_due_at },
      listings: { after: batchListings(claimed) },
      now,
    });
  } catch (error) {
    if (error instanceof RevisionConflictError || error instanceof NotFoundError) throw new StaleClaimError(claim);
    throw error;
  }
}

/** Records the outcome of building a requested batch under the build's claim; it stays queued until the outcome is published. */
export async function finishBatchBuild(
  claim: WorkClaim,
  claimed: ExportBatch,
  outcome: Partial<ExportBatch> & { status: 'ready' | 'failed' },
  now: Date,
  publishBy: Date,
): Promise<ExportBatch> {
  return toBatch(await changeClaimed(claim, claimed, outcome, now, publishBy));
}

/** Gives back the claim of a batch's build that met a transient fault: `pending` again, due at `retryAt`. */
export async function releaseBatchClaim(claim: WorkClaim, claimed: ExportBatch, now: Date, retryAt: Date): Promise<void> {
  await changeClaimed(claim, claimed, { status: 'pending' }, now, retryAt);
}
