import { serviceConfig } from '../config';
import { claimBatchBuild, finishBatchBuild, putBuiltBatch, releaseBatchClaim } from '../db/exports/batch-build-repository';
import { findBatch } from '../db/exports/export-batch-repository';
import { finishExportBuild } from '../db/exports/export-repository';
import * as keys from '../db/keys';
import { StaleClaimError, type WorkClaim, claimWork, releaseClaim } from '../db/work-queue';
import { type ExportBatch, batchFieldsOf } from '../domain/exports/export-batch';
import { type ExportRecord, type RecordSelection, exportSelection } from '../domain/exports/export-record';
import { type BatchFiles, BatchFileWriter, writeExportManifest } from './export-files';
import type { BuildJob } from './build-job';
import { type ExportContent, exportContent } from './export-content';
import { type BuildJobOutcome, type ClaimedBuild, type Clock, runClaimedBuild } from './claimed-build';
import { awaitSettledWindow } from './settled-window';

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

function buildExport(orgcode: string, exportId: string, restart: boolean, clock: Clock): Promise<BuildJobOutcome> {
  const key = keys.exportRecord(orgcode, exportId);
  const spec: ClaimedBuild<ExportRecord> = {
    kind: 'export',
    key,
    id: exportId,
    claim: (now, deadline) => claimWork(key, orgcode, exportId, now, deadline),
    build: async (record, claim) => {
      const selection = exportSelection(record);
      await awaitSettledWindow(selection.recorded_before, clock());
      // Each batch is stored with its copies in its lists in a transaction of its own, awaited before the next
      // batch and before the export is finished: an export that reads ready has every batch listed
      // (docs/decisions.md: Acknowledged writes are listed).
      const written = await writeBatches(record, selection, claim, serviceConfig().exportBatchSize, clock);
      if (written.refusal) return { status: 'failed', failure_reason: written.refusal, failed_at: clock().toISOString() };
      const batches = await storeBatches(written.batches, claim);
      const evidence = await writeExportManifest(orgcode, exportId, selection, batches, claim.attempt, clock());
      return { status: 'ready', evidence, batch_count: batches.length, file_count: evidence.file_count, completed_at: clock().toISOString() };
    },
    release: (claim, _record, now, dueAt) => releaseClaim(claim, orgcode, exportId, now, dueAt),
    finish: finishExportBuild,
  };
  return runClaimedBuild(spec, restart, clock);
}

/**
 * Writes a selection's events in time order (shared/exports/export-content.ts)
 * into batches of at most `batchSize` events: `open` starts batch n, `close`
 * finishes it (and may store it at once). Returns what `close` returned, batch
 * by batch, and why the export cannot be delivered, if it cannot.
 */
async function writeInBatches<T>(
  orgcode: string,
  exportId: string,
  selection: RecordSelection,
  batchSize: number,
  open: (sequence: number, content: ExportContent) => Promise<BatchFileWriter>,
  close: (writer: BatchFileWriter, sequence: number, content: ExportContent) => Promise<T>,
): Promise<{ closed: T[]; refusal?: string }> {
  const content = await exportContent(orgcode, exportId, selection);
  const closed: T[] = [];
  let sequence = 1;
  let writer = await open(sequence, content);
  try {
    for await (const { sortKey, pieces } of content.events()) {
      if (pieces.length === 0) continue;
      if (writer.events === batchSize) {
        closed.push(await close(writer, sequence, content));
        sequence += 1;
        writer = await open(sequence, content);
      }
      await writer.add(pieces, sortKey);
    }
    closed.push(await close(writer, sequence, content));
  } catch (error) {
    await writer.abort().catch(() => undefined);
    throw error;
  }
  const refusal = content.refusal();
  return { closed, ...(refusal && { refusal }) };
}

interface WrittenBatch {
  batch: ExportBatch;
  files: BatchFiles;
  /** Stored as soon as its files were written (else once every batch is written). */
  stored: boolean;
}

/**
 * Writes the export's initial batches. Each batch of the ledger's kinds is
 * stored as soon as its files are written; a journal's are stored only once
 * every event is read, since one event no rule maps fails the whole export,
 * and a failed export must hold no batch an ERP could take for ready.
 */
async function writeBatches(record: ExportRecord, selection: RecordSelection, claim: WorkClaim, batchSize: number, clock: Clock) {
  const storeAtOnce = !selection.journal;
  const { closed, refusal } = await writeInBatches(
    record.orgcode,
    record.export_id,
    selection,
    batchSize,
    (sequence, content) =>
      BatchFileWriter.open({
        orgcode: record.orgcode,
        exportId: record.export_id,
        batchId: initialBatchId(record.export_id, sequence),
        selection: content.selection,
        attempt: claim.attempt,
        now: clock(),
        header: content.header,
      }),
    async (writer, sequence, content): Promise<WrittenBatch> => {
      const files = await writer.finish();
      const batch = initialBatch(record, sequence, files, content.selection, clock());
      if (storeAtOnce) await putBuiltBatch(batch, claim);
      return { batch, files, stored: storeAtOnce };
    },
  );
  return { batches: closed, ...(refusal && { refusal }) };
}

/** Stores the batches not stored yet, in order; returns each batch's id and files for the export's manifest. */
async function storeBatches(batches: readonly WrittenBatch[], claim: WorkClaim) {
  for (const { batch, stored } of batches) if (!stored) await putBuiltBatch(batch, claim);
  return batches.map(({ batch, files }) => ({ batch_id: batch.batch_id, files }));
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
    id: batchId,
    claim: (now, deadline) => claimBatchBuild(orgcode, batchId, now, deadline),
    build: async (batch, claim) => {
      await awaitSettledWindow(batch.selection.recorded_before, clock());
      const { files, refusal } = await writeSingleBatch(batch, claim.attempt, clock);
      if (refusal) return { status: 'failed', failure_reason: refusal, failed_at: clock().toISOString() };
      const mismatch = batch.repair_of_batch_id && (await repairMismatch(batch, files));
      return mismatch
        ? { status: 'failed', evidence: files.evidence, failure_reason: mismatch, failed_at: clock().toISOString() }
        : { status: 'ready', evidence: files.evidence, file_count: files.evidence.file_count, completed_at: clock().toISOString() };
    },
    release: releaseBatchClaim,
    finish: finishBatchBuild,
  };
  return runClaimedBuild(spec, restart, clock);
}

/** Writes a requested batch: its whole selection into one batch of its own. */
async function writeSingleBatch(batch: ExportBatch, attempt: number, clock: Clock): Promise<{ files: BatchFiles; refusal?: string }> {
  const { closed, refusal } = await writeInBatches(
    batch.orgcode,
    batch.export_id,
    batch.selection,
    Number.POSITIVE_INFINITY,
    (_sequence, content) =>
      BatchFileWriter.open({
        orgcode: batch.orgcode,
        exportId: batch.export_id,
        batchId: batch.batch_id,
        selection: content.selection,
        attempt,
        now: clock(),
        header: content.header,
      }),
    (writer) => writer.finish(),
  );
  return { files: closed[0] as BatchFiles, ...(refusal && { refusal }) };
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
