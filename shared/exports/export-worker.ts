import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type OutgoingEvent, publishEvents } from '../bus/outgoing-events';
import { serviceConfig } from '../config';
import { dynamo, tableName } from '../db/client';
import { eventsForExport } from '../db/event-repository';
import { finishBatchBuild, findBatch, putBuiltBatch } from '../db/export-batch-repository';
import { finishExportBuild } from '../db/export-repository';
import { withoutStorageAttributes } from '../db/item';
import * as keys from '../db/keys';
import { type ItemKey } from '../db/keys';
import { claimWork, finishWork } from '../db/work-queue';
import { type FinishedBuild, notifyBuildOutcome } from '../inbox/build-outcome-notices';
import { AccountingError } from '../domain/errors';
import { type ExportBatch, batchFieldsOf } from '../domain/exports/export-batch';
import { type ExportRecord, type RecordSelection, exportSelection } from '../domain/exports/export-record';
import { exportLines } from '../domain/exports/export-lines';
import { type BatchFiles, BatchFileWriter, writeExportManifest } from './export-files';
import type { BuildJob } from './build-job';
import { awaitSettledWindow } from './settled-window';

/** The worker's Lambda timeout is 15 minutes; past this deadline its work counts as abandoned. */
const buildDeadlineMs = 16 * 60_000;
/** Until its outcome event is published, finished work is retried this long after. */
const publishRetryMs = 2 * 60_000;
/** A build that crashed this many times is failed rather than retried forever. */
const maxBuildAttempts = 3;

export type Clock = () => Date;

/** Runs one job of the export worker: builds what is queued, then publishes the outcome. */
export async function runBuildJob(job: BuildJob, clock: Clock = () => new Date()): Promise<void> {
  if ('export_id' in job) await buildExport(job.orgcode, job.export_id, clock);
  else await buildRequestedBatch(job.orgcode, job.batch_id, clock);
}

async function buildExport(orgcode: string, exportId: string, clock: Clock): Promise<void> {
  const key = keys.exportRecord(orgcode, exportId);
  const started = clock();
  const claimed = await claimWork(key, orgcode, exportId, started, new Date(started.getTime() + buildDeadlineMs));
  if (!claimed) return publishUnpublishedOutcome(key);

  const record = withoutStorageAttributes<ExportRecord & { work_attempts: number }>(claimed);
  let outcome: Partial<ExportRecord> & { status: 'ready' | 'failed' };
  try {
    if (record.work_attempts > maxBuildAttempts) throw new AbandonedBuildError(record.work_attempts - 1);
    const selection = exportSelection(record);
    await awaitSettledWindow(selection.recorded_before, clock());
    const batches = await writeBatches(record, selection, serviceConfig().exportBatchSize, clock);
    const evidence = await writeExportManifest(orgcode, exportId, selection, batches, clock());
    outcome = {
      status: 'ready',
      evidence,
      batch_count: batches.length,
      file_count: evidence.file_count,
      completed_at: clock().toISOString(),
    };
  } catch (error) {
    outcome = { status: 'failed', failure_reason: failureReason(error, 'export', exportId), failed_at: clock().toISOString() };
  }
  const finished = await finishExportBuild(record, outcome, clock(), new Date(clock().getTime() + publishRetryMs));
  await publishOutcome(key, exportOutcomeEvent(finished), finished);
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
function writeBatches(record: ExportRecord, selection: RecordSelection, batchSize: number, clock: Clock) {
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
        now: clock(),
      }),
    async (writer, sequence) => {
      const files = await writer.finish();
      const batch = initialBatch(record, sequence, files, selection, clock());
      await putBuiltBatch(batch);
      return { batch_id: batch.batch_id, files };
    },
  );
}

/** Initial batch ids follow from the export's, so a rebuild rewrites the same batches. */
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
async function buildRequestedBatch(orgcode: string, batchId: string, clock: Clock): Promise<void> {
  const key = keys.exportBatch(orgcode, batchId);
  const started = clock();
  const claimed = await claimWork(key, orgcode, batchId, started, new Date(started.getTime() + buildDeadlineMs));
  if (!claimed) return publishUnpublishedOutcome(key);

  const batch = withoutStorageAttributes<ExportBatch & { work_attempts: number }>(claimed);
  let outcome: Partial<ExportBatch> & { status: 'ready' | 'failed' };
  try {
    if (batch.work_attempts > maxBuildAttempts) throw new AbandonedBuildError(batch.work_attempts - 1);
    await awaitSettledWindow(batch.selection.recorded_before, clock());
    const files = await writeSingleBatch(batch, clock);
    const mismatch = batch.repair_of_batch_id && (await repairMismatch(batch, files));
    outcome = mismatch
      ? { status: 'failed', evidence: files.evidence, failure_reason: mismatch, failed_at: clock().toISOString() }
      : { status: 'ready', evidence: files.evidence, file_count: files.evidence.file_count, completed_at: clock().toISOString() };
  } catch (error) {
    outcome = { status: 'failed', failure_reason: failureReason(error, 'batch', batchId), failed_at: clock().toISOString() };
  }
  const finished = await finishBatchBuild(batch, outcome, clock(), new Date(clock().getTime() + publishRetryMs));
  await publishOutcome(key, batchOutcomeEvent(finished), finished);
}

/** Writes a requested batch: its whole selection into one batch of its own. */
async function writeSingleBatch(batch: ExportBatch, clock: Clock): Promise<BatchFiles> {
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

class AbandonedBuildError extends Error {
  constructor(attempts: number) {
    super(`build_abandoned: ${attempts} attempts did not finish within the worker's time limit`);
    this.name = 'AbandonedBuildError';
  }
}

/** The reason stored on a failed build: ours in full, an unexpected one without internals (logged in full). */
function failureReason(error: unknown, kind: string, id: string): string {
  if (error instanceof AbandonedBuildError || error instanceof AccountingError) return error.message;
  console.error(JSON.stringify({ level: 'error', message: `${kind} build failed`, id, error: String(error), stack: (error as Error)?.stack }));
  return 'internal: the files could not be written; see the service logs';
}

function exportOutcomeEvent(record: ExportRecord): OutgoingEvent {
  return {
    detailType: record.status === 'ready' ? 'export.ready' : 'export.failed',
    detail: {
      orgcode: record.orgcode,
      export_id: record.export_id,
      status: record.status,
      revision: record.revision,
      occurred_at: record.completed_at ?? record.failed_at ?? record.updated_at,
    },
  };
}

function batchOutcomeEvent(batch: ExportBatch): OutgoingEvent {
  return {
    detailType: batch.status === 'ready' ? 'export.ready' : 'export.failed',
    detail: {
      orgcode: batch.orgcode,
      export_id: batch.export_id,
      batch_id: batch.batch_id,
      status: batch.status,
      revision: batch.revision,
      occurred_at: batch.completed_at ?? batch.failed_at ?? batch.updated_at,
    },
  };
}

/**
 * Tells the build's creator in their inbox and publishes its outcome, then
 * takes it off the work queue (so: each at least once; the inbox item, whose
 * id comes from the build, once).
 */
async function publishOutcome(key: ItemKey, event: OutgoingEvent, build: FinishedBuild): Promise<void> {
  await notifyBuildOutcome(build, new Date(event.detail.occurred_at));
  await publishEvents([event]);
  await finishWork(key);
}

/** A restarted job whose build is finished but whose event is not yet out: publish it now. */
async function publishUnpublishedOutcome(key: ItemKey): Promise<void> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  if (!Item?.gsi3pk || (Item.status !== 'ready' && Item.status !== 'failed')) return;
  const event =
    Item.record_type === 'export'
      ? exportOutcomeEvent(withoutStorageAttributes<ExportRecord>(Item))
      : batchOutcomeEvent(withoutStorageAttributes<ExportBatch>(Item));
  await publishOutcome(key, event, withoutStorageAttributes<FinishedBuild>(Item));
}
