import { createHash } from 'node:crypto';
import type { Evidence, RecordSelection } from '../domain/exports/export-record';
import { type JournalEvidence, JournalTally } from '../domain/gl/journal-totals';
import type { ExportPiece } from './export-content';
import { bucketName } from '../s3/client';
import { type WrittenObject, openObjectWriter } from '../s3/object-writer';

/** Every file of an export lives under its organisation's own prefix. */
export function exportPrefix(orgcode: string, exportId: string): string {
  return `orgs/${orgcode}/exports/${encodeURIComponent(exportId)}`;
}

/**
 * Each build attempt writes files of its own: a stale build, superseded while
 * it ran, can never overwrite the files whose checksums a later build recorded.
 */
const attemptFolder = (attempt: number) => `attempt-${attempt}`;

export function objectRef(key: string): string {
  return `s3://${bucketName()}/${key}`;
}

/** The key of a ref objectRef made. */
export function keyOfRef(ref: string): string {
  const prefix = `s3://${bucketName()}/`;
  if (!ref.startsWith(prefix)) throw new Error(`Not an object of the export bucket: ${ref}`);
  return ref.slice(prefix.length);
}

const contentTypes = { jsonl: 'application/x-ndjson', csv: 'text/csv; charset=utf-8; header=present' } as const;

/** A file of a batch: `records.<format>` for the ledger's kinds (one file a batch), `journal-0001.<format>`, … for a journal. */
function fileName(selection: RecordSelection, index: number): string {
  const extension = selection.format === 'jsonl' ? 'jsonl' : 'csv';
  return selection.journal ? `journal-${String(index).padStart(4, '0')}.${extension}` : `records.${extension}`;
}

/** A batch's files once written: its evidence and the slice of the window it holds. */
export interface BatchFiles {
  evidence: Evidence & Required<Pick<Evidence, 'manifest_ref' | 'file_refs' | 'checksum_sha256' | 'record_count' | 'file_count'>>;
  /** Sort keys of the batch's first and last event; absent when it holds none. */
  first_key?: string;
  last_key?: string;
  event_count: number;
}

export interface BatchTarget {
  orgcode: string;
  exportId: string;
  batchId: string;
  selection: RecordSelection;
  /** The build's claim on the work (work_attempts): its files' folder. */
  attempt: number;
  now: Date;
  /** What opens every file (a CSV header row, or nothing). */
  header: string;
}

/** One file being written, with what it holds so far. */
interface OpenFile {
  writer: ReturnType<typeof openObjectWriter>;
  records: number;
  journalLines: number;
  journal?: JournalTally;
}

/**
 * Writes one batch: its records, streamed to S3 piece by piece, in files of at
 * most the selection's journal lines (`max_lines_per_file`; a piece is never
 * split, so a journal entry never is, and each file balances), then the
 * manifest listing each file with its size, record count, SHA-256 and, for a
 * journal, its totals. Pieces are written in the events' time order, so the
 * same records always give the same bytes. The batch's checksum is of its
 * records, its files' bytes in order: for a batch of one file, that file's.
 */
export class BatchFileWriter {
  private readonly written: Array<{ file: WrittenObject; records: number; journal?: JournalEvidence }> = [];
  private readonly recordsHash = createHash('sha256');
  private readonly journal?: JournalTally;
  private readonly maxJournalLines: number;
  private current: OpenFile;
  private recordCount = 0;
  private eventCount = 0;
  private firstKey?: string;
  private lastKey?: string;

  private constructor(
    private readonly target: BatchTarget,
    private readonly prefix: string,
  ) {
    this.journal = target.selection.journal && new JournalTally();
    this.maxJournalLines = target.selection.journal?.max_lines_per_file ?? Number.POSITIVE_INFINITY;
    this.current = this.openFile();
  }

  static async open(target: BatchTarget): Promise<BatchFileWriter> {
    const batchPrefix = `${exportPrefix(target.orgcode, target.exportId)}/batches/${encodeURIComponent(target.batchId)}`;
    const writer = new BatchFileWriter(target, `${batchPrefix}/${attemptFolder(target.attempt)}`);
    await writer.write(target.header);
    return writer;
  }

  /** Events added so far. */
  get events(): number {
    return this.eventCount;
  }

  /** Appends one event's pieces; `sortKey` is the event's place in the time order. */
  async add(pieces: readonly ExportPiece[], sortKey: string): Promise<void> {
    for (const piece of pieces) {
      if (this.current.journalLines > 0 && this.current.journalLines + piece.journalLines > this.maxJournalLines) await this.nextFile();
      await this.write(piece.text);
      this.current.records += piece.records;
      this.current.journalLines += piece.journalLines;
      this.recordCount += piece.records;
      if (piece.entry) {
        this.current.journal?.add(piece.entry);
        this.journal?.add(piece.entry);
      }
    }
    this.eventCount += 1;
    this.firstKey ??= sortKey;
    this.lastKey = sortKey;
  }

  async finish(): Promise<BatchFiles> {
    await this.closeFile();
    const journal = this.journal?.evidence();
    const files = this.written.map(({ file, records, journal: totals }) => ({ ...fileEntry(file, records), ...(totals && { journal: totals }) }));
    const checksum = this.recordsHash.digest('hex');
    const manifest = await writeManifest(`${this.prefix}/manifest.json`, {
      manifest_version: 1,
      orgcode: this.target.orgcode,
      export_id: this.target.exportId,
      batch_id: this.target.batchId,
      ...describeSelection(this.target.selection),
      files,
      record_count: this.recordCount,
      file_count: files.length,
      checksum_sha256: checksum,
      ...(journal && { journal }),
      created_at: this.target.now.toISOString(),
    });
    return {
      evidence: {
        manifest_ref: objectRef(manifest.key),
        file_refs: files.map((file) => file.ref),
        checksum_sha256: checksum,
        record_count: this.recordCount,
        file_count: files.length,
        manifest_checksum_sha256: manifest.checksum_sha256,
        ...(journal && { journal }),
      },
      ...(this.firstKey !== undefined && { first_key: this.firstKey, last_key: this.lastKey }),
      event_count: this.eventCount,
    };
  }

  abort(): Promise<void> {
    return this.current.writer.abort();
  }

  private openFile(): OpenFile {
    const { format } = this.target.selection;
    const key = `${this.prefix}/${fileName(this.target.selection, this.written.length + 1)}`;
    return {
      writer: openObjectWriter({ key, contentType: format === 'jsonl' ? contentTypes.jsonl : contentTypes.csv }),
      records: 0,
      journalLines: 0,
      ...(this.target.selection.journal && { journal: new JournalTally() }),
    };
  }

  private async write(text: string): Promise<void> {
    if (!text) return;
    this.recordsHash.update(text, 'utf8');
    await this.current.writer.write(text);
  }

  private async closeFile(): Promise<void> {
    const file = await this.current.writer.finish();
    this.written.push({ file, records: this.current.records, ...(this.current.journal && { journal: this.current.journal.evidence() }) });
  }

  private async nextFile(): Promise<void> {
    await this.closeFile();
    this.current = this.openFile();
    await this.write(this.target.header);
  }
}

function describeSelection(selection: RecordSelection) {
  const { first_key: _first, last_key: _last, ...described } = selection;
  return described;
}

function fileEntry(file: WrittenObject, recordCount: number) {
  return { ref: objectRef(file.key), bytes: file.bytes, record_count: recordCount, checksum_sha256: file.checksum_sha256 };
}

async function writeManifest(key: string, manifest: Record<string, unknown>): Promise<WrittenObject> {
  const writer = openObjectWriter({ key, contentType: 'application/json' });
  await writer.write(`${JSON.stringify(manifest, null, 2)}\n`);
  return writer.finish();
}

/** The export's own manifest: every batch with its files and checksums; the export's evidence points at it. */
export async function writeExportManifest(
  orgcode: string,
  exportId: string,
  selection: RecordSelection,
  batches: { batch_id: string; files: BatchFiles }[],
  attempt: number,
  now: Date,
): Promise<Evidence> {
  const recordCount = batches.reduce((sum, batch) => sum + batch.files.evidence.record_count, 0);
  const fileRefs = batches.flatMap((batch) => batch.files.evidence.file_refs);
  const journal = selection.journal && new JournalTally();
  for (const batch of batches) if (batch.files.evidence.journal) journal?.merge(batch.files.evidence.journal);
  const journalEvidence = journal?.evidence();
  const manifest = await writeManifest(`${exportPrefix(orgcode, exportId)}/${attemptFolder(attempt)}/manifest.json`, {
    manifest_version: 1,
    orgcode,
    export_id: exportId,
    ...describeSelection(selection),
    batches: batches.map(({ batch_id, files }) => ({ batch_id, ...files.evidence })),
    record_count: recordCount,
    file_count: fileRefs.length,
    ...(journalEvidence && { journal: journalEvidence }),
    created_at: now.toISOString(),
  });
  return {
    manifest_ref: objectRef(manifest.key),
    file_refs: fileRefs,
    checksum_sha256: manifest.checksum_sha256,
    record_count: recordCount,
    file_count: fileRefs.length,
    manifest_checksum_sha256: manifest.checksum_sha256,
    ...(journalEvidence && { journal: journalEvidence }),
  };
}
