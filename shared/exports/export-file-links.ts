import { createHash } from 'node:crypto';
import { findBatch } from '../db/exports/export-batch-repository';
import { findExport } from '../db/exports/export-repository';
import { inParallel } from '../db/in-parallel';
import { InvalidStateError, NotFoundError } from '../domain/errors';
import type { Evidence } from '../domain/exports/export-record';
import { type DownloadLink, downloadLink, readObject } from '../s3/object-links';
import { keyOfRef } from './export-files';

/**
 * The files of an export or of one batch, each with a link an ERP fetches
 * without AWS credentials (docs/decisions.md: Exports, files by link), and the
 * manifest they are checked against: for every kind of export. What each file
 * is (its size and SHA-256) is read from the manifests the build wrote, so a
 * connector checks every download against the same proof the evidence names.
 */

/** How long a link lasts at the most: long enough to fetch a batch's files, short enough that a leaked link soon dies. */
export const linkSeconds = 15 * 60;

export interface LinkedFile extends DownloadLink {
  file_ref: string;
  bytes: number;
  checksum_sha256: string;
}

interface ManifestFile {
  ref: string;
  bytes: number;
  checksum_sha256: string;
}

export async function exportFileLinks(
  orgcode: string,
  which: { export_id?: string; batch_id?: string },
  now: Date,
): Promise<{ export_id: string; batch_id?: string; files: LinkedFile[]; manifest: LinkedFile }> {
  const record = which.batch_id ? await findBatch(orgcode, which.batch_id) : await findExport(orgcode, which.export_id ?? '');
  if (!record || (which.export_id && record.export_id !== which.export_id)) {
    throw new NotFoundError(which.batch_id ? `No export batch ${which.batch_id}` : `No export ${which.export_id}`);
  }
  const { evidence } = record;
  if (!evidence?.manifest_ref) {
    throw new InvalidStateError(`It has no files yet: it is ${record.status}`, { status: record.status }, 'no_files');
  }
  const manifestBytes = await readObject(keyOfRef(evidence.manifest_ref));
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as { files?: ManifestFile[]; batches?: Evidence[] };
  const files = manifest.files ?? (await batchFiles(manifest.batches ?? []));
  const link = async (file: ManifestFile): Promise<LinkedFile> => ({
    file_ref: file.ref,
    ...(await downloadLink(keyOfRef(file.ref), now, linkSeconds)),
    bytes: file.bytes,
    checksum_sha256: file.checksum_sha256,
  });
  const linked: LinkedFile[] = [];
  for (const file of files) linked.push(await link(file));
  return {
    export_id: record.export_id,
    ...('batch_id' in record && { batch_id: record.batch_id }),
    files: linked,
    manifest: await link({
      ref: evidence.manifest_ref,
      bytes: manifestBytes.length,
      checksum_sha256: createHash('sha256').update(manifestBytes).digest('hex'),
    }),
  };
}

/** An export's files: each batch's, as its own manifest lists them, in batch order. */
async function batchFiles(batches: readonly Evidence[]): Promise<ManifestFile[]> {
  const listed: ManifestFile[][] = Array.from({ length: batches.length }, () => []);
  await inParallel(
    batches.map((batch, index) => ({ batch, index })),
    async ({ batch, index }) => {
      if (!batch.manifest_ref) return;
      const manifest = JSON.parse((await readObject(keyOfRef(batch.manifest_ref))).toString('utf8')) as { files: ManifestFile[] };
      listed[index] = manifest.files;
    },
    8,
  );
  return listed.flat();
}
