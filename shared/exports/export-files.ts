import type { Evidence, RecordSelection } from '../domain/exports/export-record';
import { fileHeader } from '../domain/exports/export-lines';
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

const contentTypes = { jsonl: 'application/x-ndjson', csv: 'text/csv; charset=utf-8; header=present' } as const;

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
}

/**
 * Writes one batch: its records file, streamed to S3 line by line, then the
 * manifest listing the file with its size, record count and SHA-256. Lines are
 * written in the events' time order, so the same records always give the same bytes.
 */
export class BatchFileWriter {
  private recordCount = 0;
  private eventCount = 0;
  private firstKey?: string;
  private lastKey?: string;

  private constructor(
    private readonly target: BatchTarget,
    private readonly prefix: string,
    private readonly records: ReturnType<typeof openObjectWriter>,
  ) {}

  static async open(target: BatchTarget): Promise<BatchFileWriter> {
    const { format } = target.selection;
    const batchPrefix = `${exportPrefix(target.orgcode, target.exportId)}/batches/${encodeURIComponent(target.batchId)}`;
    const prefix = `${batchPrefix}/${attemptFolder(target.attempt)}`;
    const records = openObjectWriter({ key: `${prefix}/records.${format}`, contentType: contentTypes[format] });
    const writer = new BatchFileWriter(target, prefix, records);
    const header = fileHeader(target.selection.export_kind, format);
    if (header) await records.write(header);
    return writer;
  }

  /** Events added so far. */
  get events(): number {
    return this.eventCount;
  }

  /** Appends one event's lines; `sortKey` is the event's place in the time order. */
  async add(lines: string[], sortKey: string): Promise<void> {
    await this.records.write(lines.join(''));
    this.recordCount += lines.length;
    this.eventCount += 1;
    this.firstKey ??= sortKey;
    this.lastKey = sortKey;
  }

  async finish(): Promise<BatchFiles> {
    const file = await this.records.finish();
    const manifest = await writeManifest(`${this.prefix}/manifest.json`, {
      manifest_version: 1,
      orgcode: this.target.orgcode,
      export_id: this.target.exportId,
      batch_id: this.target.batchId,
      ...describeSelection(this.target.selection),
      files: [fileEntry(file, this.recordCount)],
      record_count: this.recordCount,
      file_count: 1,
      created_at: this.target.now.toISOString(),
    });
    return {
      evidence: {
        manifest_ref: objectRef(manifest.key),
        file_refs: [objectRef(file.key)],
        checksum_sha256: file.checksum_sha256,
        record_count: this.recordCount,
        file_count: 1,
        manifest_checksum_sha256: manifest.checksum_sha256,
      },
      ...(this.firstKey !== undefined && { first_key: this.firstKey, last_key: this.lastKey }),
      event_count: this.eventCount,
    };
  }

  abort(): Promise<void> {
    return this.records.abort();
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
  const manifest = await writeManifest(`${exportPrefix(orgcode, exportId)}/${attemptFolder(attempt)}/manifest.json`, {
    manifest_version: 1,
    orgcode,
    export_id: exportId,
    ...describeSelection(selection),
    batches: batches.map(({ batch_id, files }) => ({ batch_id, ...files.evidence })),
    record_count: recordCount,
    file_count: fileRefs.length,
    created_at: now.toISOString(),
  });
  return {
    manifest_ref: objectRef(manifest.key),
    file_refs: fileRefs,
    checksum_sha256: manifest.checksum_sha256,
    record_count: recordCount,
    file_count: fileRefs.length,
    manifest_checksum_sha256: manifest.checksum_sha256,
  };
}
