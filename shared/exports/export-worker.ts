import { serviceConfig } from '../config';
import { eventsForExport } from '../db/events/event-repository';
import { finishBatchBuild, findBatch, putBuiltBatch } from '../db/exports/export-batch-repository';
import { finishExportBuild } from '../db/exports/export-repository';
import { withoutStorageAttributes } from '../db/item';
import * as keys from '../db/keys';
import { type ItemKey } from '../db/keys';
import { retryingTransientFaults } from '../db/transient-write-retry';
import { StaleClaimError, type WorkClaim, claimWork, releaseClaim } from '../db/work-queue';
import type { FinishedBuild } from '../inbox/build-outcome-notices';
import { type ExportBatch, batchFieldsOf } from '../domain/exports/export-batch';
import { type ExportRecord, type RecordSelection, exportSelection } from '../domain/exports/export-record';
import { exportLines } from '../domain/exports/export-lines';
import { AbandonedBuildError, failureReason, isTransientFault, maxBuildAttempts, retryAt } from './build-faults';
import { buildOutcomeEvent, publishOutcome, publishUnpublishedOutcome } from './build-outcomes';
import { type BatchFiles, BatchFileWriter, writeExportManifest } from './export-files';
import type { BuildJob } from './build-job';
import { awaitSettledWindow } from './settled-window';

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

/**
 * Runs one job of the export worker: builds what is queued, then publishes the
 * outcome. A build superseded while it ran (a later claim took the work: this
 * invocation was delayed past its deadline) stops at its next write and leaves
 * the files, the outcome and the event to the later build.
 */
export async function runBuildJob(job: BuildJob, clock: Clock = () => new Date()): Promise<BuildJobOutcome> {
  const restart = job.restart === true;
  try {
    if ('export_id' in job) return await buildExport(job.orgcode, job.export_id, restart, clock);
    return await buildRequestedBatch(job.orgcode, job.batch_id, restart, clock);
  } catch (error) {
    if (!(error instanceof StaleClaimError)) throw error;
    console.warn(JSON.stringify({ level: 'warn', message: 'export build superseded by a later claim; stopped', job, error: error.message }));
    return 'not_run';
  }
}

type BuildOutcome<Item> = (Partial<Item> & { status: 'ready' | 'failed' }) | { status: 'failed'; failure_reason: string; failed_at: string };

/** One kind of build: what it claims, how it writes its files, how it records the outcome. */
/** What a build makes: an export, or a batch a call asked for. */
type Built = FinishedBuild & (ExportRecord | ExportBatch);

interface ClaimedBuild<Item extends Built> {
  kind: 'export' | 'batch';
  key: ItemKey;
  orgcode: string;
  id: string;
  build(item: Item, claim: WorkClaim): Promise<BuildOutcome<Item>>;
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
async function runClaimedBuild<Item extends Built>(spec: ClaimedBuild<Item>, restart: boolean, clock: Clock): Promise<BuildJobOutcome> {
  const started = clock();
  const claimed = await claimWork(spec.key, spec.orgcode, spec.id, started, new Date(started.getTime() + buildDeadlineMs));
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
        await retryLater(spec, claim, error, clock(), started.getTime() + workerTimeoutMs - giveBackMarginMs);
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
async function retryLater(
  spec: Pick<ClaimedBuild<Built>, 'kind' | 'id' | 'orgcode'>,
  claim: WorkClaim,
  error: unknown,
  now: Date,
  givesUpAt: number,
): Promise<void> {
  const at = retryAt(claim.attempt, now);
  const log = { id: spec.id, attempt: claim.attempt, error: String(error) };
  console.warn(JSON.stringify({ level: 'warn', message: `${spec.kind} build met a transient fault; retried later`, ...log, retry_at: at }));
  const giveBack = { isTransient: isTransientFault, maxAttempts: Number.POSITIVE_INFINITY, basePauseMs: 50, maxPauseMs: 5_000 };
  try {
    await retryingTransientFaults(() => releaseClaim(claim, spec.orgcode, spec.id, now, at), { ...giveBack, withinMs: Math.max(0, givesUpAt - now.getTime()) });
  } catch (refusal) {
    if (!isTransientFault(refusal)) throw refusal;
    console.error(
      JSON.stringify({ level: 'error', message: `${spec.kind} build claim not given back; the sweep restarts it at the claim's deadline`, ...log, refusal: String(refusal) }),
    );
  }
}

function buildExport(orgcode: string, exportId: string, restart: boolean, clock: Clock): Promise<BuildJobOutcome> {
  const spec: ClaimedBuild<ExportRecord> = {
    kind: 'export',
    key: keys.exportRecord(orgcode, exportId),
    orgcode,
    id: exportId,
    build: async (record, claim) => {
      const selection = exportSelection(record);
      await awaitSettledWindow(selection.recorded_before, clock());
      // An export that reads ready has every batch listable (docs/decisions.md: Acknowledged writes are listed).
      const batches = await writeBatches(record, selection, claim, serviceConfig().exportBatchSize, clock);
      const evidence = await writeExportManifest(orgcode, exportId, selection, batches, claim.attempt, clock());
      return { status: 'ready', evidence, batch_count: batches.length, file_count: evidence.file_count, completed_at: clock().toISOString() };
    },
    finish: finishExportBuild,
  };
  return runClaimedBuild(spec, restart, clock);
}

/**
 * Writes a selection's events in time order into batches of at most
 * `batchSize` events: `open` starts batch n, `close` finishes it (and may store
 * it at once). Returns what `close` returned, batch by batch.
 */
async function writeInBatches<T>(
  orgcode: string,
  selection: RecordSelection,
  batchSize: number,
  open: (sequence: number) => Promise<BatchFileWriter>,
  close: (writer: BatchFileWriter, sequence: number) => Promise<T>,
): Promise<T[]> {
  const closed: T[] = [];
  let sequence = 1;
  let writer = await open(sequence);
  try {
    for await (const ordered of eventsForExport(orgcode, selection)) {
      const lines = exportLines(ordered.event, selection.export_kind, selection.format, selection.tax_filters);
      if (lines.length === 0) continue;
      if (writer.events === batchSize) {
        closed.push(await close(writer, sequence));
        sequence += 1;
        writer = await open(sequence);
      }
      await writer.add(lines, ordered.sortKey);
    }
    closed.push(await close(writer, sequence));
  } catch (error) {
    await writer.abort().catch(() => undefined);
    throw error;
  }
  return closed;
}

/** Writes the export's initial batches, each stored as soon as its files are written. */
function writeBatches(record: ExportRecord, selection: RecordSelection, claim: WorkClaim, batchSize: number, clock: Clock) {
  return writeInBatches(
    record.orgcode,
    selection,
    batchSize,
    (sequence) =>
      BatchFileWriter.open({
        orgcode: record.orgcode,
        exportId: record.export_id,
        batchId: initialBatchId(record.export_id, sequence),
        selection,
        attempt: claim.attempt,
        now: clock(),
      }),
    async (writer, sequence) => {
      const files = await writer.finish();
      const batch = initialBatch(record, sequence, files, selection, clock());
      await putBuiltBatch(batch, claim);
      return { batch_id: batch.batch_id, files };
    },
  );
}

/** Initial batch ids follow from the export's, so a rebuild rewrites the same batches (with its own files). */
function initialBatchId(exportId: string, sequence: number): string {
  return `${exportId.replace(/^exp_/, 'bat_')}_${String(sequence).padStart(4, '0')}`;
}

function initialBatch(
  record: ExportRecord,
  sequence: number,
  files: BatchFiles,
  selection: RecordSelection,
  now: Date,
): ExportBatch {
  const at = now.toISOString();
  return {
    ...batchFieldsOf(record),
    batch_id: initialBatchId(record.export_id, sequence),
    batch_kind: 'initial',
    sequence,
    status: 'ready',
    source_refs: record.source_refs,
    reason: record.reason,
    request_context: record.request_context,
    evidence: files.evidence,
    file_count: files.evidence.file_count,
    revision: 1,
    created_at: at,
    updated_at: at,
    completed_at: at,
    selection: { ...selection, ...(files.first_key !== undefined && { first_key: files.first_key, last_key: files.last_key }) },
  };
}

/**
 * Builds a batch a call asked for (a repair, or an explicit batch) from its
 * stored selection into files of its own. A repair must reproduce the failed
 * batch's records exactly; as the files are deterministic, equal checksums
 * prove it, and a difference fails the repair instead of passing off other records.
 */
function buildRequestedBatch(orgcode: string, batchId: string, restart: boolean, clock: Clock): Promise<BuildJobOutcome> {
  const spec: ClaimedBuild<ExportBatch> = {
    kind: 'batch',
    key: keys.exportBatch(orgcode, batchId),
    orgcode,
    id: batchId,
    build: async (batch, claim) => {
      await awaitSettledWindow(batch.selection.recorded_before, clock());
      const files = await writeSingleBatch(batch, claim.attempt, clock);
      const mismatch = batch.repair_of_batch_id && (await repairMismatch(batch, files));
      return mismatch
        ? { status: 'failed', evidence: files.evidence, failure_reason: mismatch, failed_at: clock().toISOString() }
        : { status: 'ready', evidence: files.evidence, file_count: files.evidence.file_count, completed_at: clock().toISOString() };
    },
    finish: finishBatchBuild,
  };
  return runClaimedBuild(spec, restart, clock);
}

/** Writes a requested batch: its whole selection into one batch of its own. */
async function writeSingleBatch(batch: ExportBatch, attempt: number, clock: Clock): Promise<BatchFiles> {
  const [files] = await writeInBatches(
    batch.orgcode,
    batch.selection,
    Number.POSITIVE_INFINITY,
    () =>
      BatchFileWriter.open({
        orgcode: batch.orgcode,
        exportId: batch.export_id,
        batchId: batch.batch_id,
        selection: batch.selection,
        attempt,
        now: clock(),
      }),
    (writer) => writer.finish(),
  );
  return files as BatchFiles;
}

async function repairMismatch(repair: ExportBatch, files: BatchFiles): Promise<string | undefined> {
  const original = await findBatch(repair.orgcode, repair.repair_of_batch_id ?? '');
  const expected = original?.evidence?.checksum_sha256;
  if (!expected || expected === files.evidence.checksum_sha256) return undefined;
  return (
    `records_changed: the rebuilt records differ from batch ${repair.repair_of_batch_id} ` +
    `(sha256 ${files.evidence.checksum_sha256}, expected ${expected})`
  );
}
