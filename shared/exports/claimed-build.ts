import { withoutStorageAttributes } from '../db/item';
import { type ItemKey } from '../db/keys';
import { retryingTransientFaults } from '../db/transient-write-retry';
import { StaleClaimError, type WorkClaim } from '../db/work-queue';
import type { ExportBatch } from '../domain/exports/export-batch';
import type { ExportRecord } from '../domain/exports/export-record';
import type { FinishedBuild } from '../inbox/build-outcome-notices';
import { AbandonedBuildError, failureReason, isTransientFault, maxBuildAttempts, retryAt } from './build-faults';
import { buildOutcomeEvent, publishOutcome, publishUnpublishedOutcome } from './build-outcomes';

/**
 * The life of one build on the export work queue (shared/db/work-queue.ts):
 * claimed, built, given back after a transient fault or finished, its outcome
 * published. An export and a requested batch claim and change their items
 * their own way (a batch keeps its copies in its lists with it:
 * shared/db/exports/batch-build-repository.ts).
 */

/** The worker's Lambda timeout (the background registry's export-worker: Lambda's maximum). */
const workerTimeoutMs = 15 * 60_000;
/** Past this deadline a build's claim counts as abandoned: its worker has surely stopped. */
const buildDeadlineMs = workerTimeoutMs + 60_000;
/** A give-back stops retrying this long before the worker's timeout, so the worker ends on its own terms and says so. */
const giveBackMarginMs = 30_000;
/** Until its outcome event is published, finished work is retried this long after. */
const publishRetryMs = 2 * 60_000;

export type Clock = () => Date;

/**
 * How one job ended: its build finished (`ready` or `failed`, recorded and
 * published), was given back after a transient fault for the sweep to run again
 * (`retried`), or was not this job's to run (`not_run`: finished, held by
 * another build, or superseded while it ran). The worker's run reports the
 * failed and retried ones as its metrics.
 */
export type BuildJobOutcome = 'ready' | 'failed' | 'retried' | 'not_run';

export type BuildOutcome<Item> = (Partial<Item> & { status: 'ready' | 'failed' }) | { status: 'failed'; failure_reason: string; failed_at: string };

/** What a build makes: an export, or a batch a call asked for. */
type Built = FinishedBuild & (ExportRecord | ExportBatch);

/** One kind of build: how it claims, builds, gives back and finishes its work. */
export interface ClaimedBuild<Item extends Built> {
  kind: 'export' | 'batch';
  key: ItemKey;
  id: string;
  /** The item as claimed until `deadline`, or undefined when another build holds it or it is finished. */
  claim(now: Date, deadline: Date): Promise<Record<string, unknown> | undefined>;
  build(item: Item, claim: WorkClaim): Promise<BuildOutcome<Item>>;
  /** Gives the claim back (`item`: the item as claimed), due again at `retryAt`. */
  release(claim: WorkClaim, item: Item, now: Date, retryAt: Date): Promise<void>;
  finish(claim: WorkClaim, item: Item, outcome: BuildOutcome<Item>, now: Date, publishBy: Date): Promise<Item>;
}

/**
 * Claims the work, builds it and records the outcome under the claim. A
 * transient fault (throttling past the SDK's retries, S3's SlowDown, a server
 * error) gives the claim back, due again after a backoff, so the sweep retries
 * the build; only a permanent fault, or `maxBuildAttempts` attempts, fails it.
 * A job that finds the work taken publishes a finished build's outcome only
 * when the sweep restarted it (its own publisher missed its deadline).
 */
export async function runClaimedBuild<Item extends Built>(spec: ClaimedBuild<Item>, restart: boolean, clock: Clock): Promise<BuildJobOutcome> {
  const started = clock();
  const claimed = await spec.claim(started, new Date(started.getTime() + buildDeadlineMs));
  if (!claimed) {
    if (restart) await publishUnpublishedOutcome(spec.key);
    return 'not_run';
  }
  const item = withoutStorageAttributes<Item & { work_attempts: number }>(claimed);
  const claim: WorkClaim = { key: spec.key, attempt: item.work_attempts };
  let outcome: BuildOutcome<Item>;
  try {
    if (claim.attempt > maxBuildAttempts) throw new AbandonedBuildError(claim.attempt - 1);
    outcome = await spec.build(item, claim);
  } catch (error) {
    if (error instanceof StaleClaimError) throw error;
    let failure = error;
    if (isTransientFault(error)) {
      if (claim.attempt < maxBuildAttempts) {
        await retryLater(spec, claim, item, error, clock(), started.getTime() + workerTimeoutMs - giveBackMarginMs);
        return 'retried';
      }
      failure = new AbandonedBuildError(claim.attempt, (error as Error).name);
    }
    outcome = { status: 'failed', failure_reason: failureReason(failure, spec.kind, spec.id), failed_at: clock().toISOString() };
  }
  const finished = await spec.finish(claim, item, outcome, clock(), new Date(clock().getTime() + publishRetryMs));
  await publishOutcome(spec.key, buildOutcomeEvent(finished), finished);
  return outcome.status;
}

/**
 * Gives the claim back, due again at the attempt's backoff. The give-back is
 * one write that may be throttled in turn: it is retried, jittered, while the
 * worker has time (until `givesUpAt`, epoch ms). Past that, the claim is left
 * as it is: the work stays on the queue, due at the claim's own deadline, when
 * the sweep restarts it (docs/decisions.md: Exports), so the worker ends
 * without an error whose async retries could only find the work claimed.
 */
async function retryLater<Item extends Built>(
  spec: Pick<ClaimedBuild<Item>, 'kind' | 'id' | 'release'>,
  claim: WorkClaim,
  item: Item,
  error: unknown,
  now: Date,
  givesUpAt: number,
): Promise<void> {
  const at = retryAt(claim.attempt, now);
  const log = { id: spec.id, attempt: claim.attempt, error: String(error) };
  console.warn(JSON.stringify({ level: 'warn', message: `${spec.kind} build met a transient fault; retried later`, ...log, retry_at: at }));
  const giveBack = { isTransient: isTransientFault, maxAttempts: Number.POSITIVE_INFINITY, basePauseMs: 50, maxPauseMs: 5_000 };
  try {
    await retryingTransientFaults(() => spec.release(claim, item, now, at), { ...giveBack, withinMs: Math.max(0, givesUpAt - now.getTime()) });
  } catch (refusal) {
    if (!isTransientFault(refusal)) throw refusal;
    console.error(
      JSON.stringify({ level: 'error', message: `${spec.kind} build claim not given back; the sweep restarts it at the claim's deadline`, ...log, refusal: String(refusal) }),
    );
  }
}
