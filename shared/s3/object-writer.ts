import { createHash } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { bucketName, s3 } from './client';

const mebibyte = 1024 * 1024;

/** S3 rejects a smaller part unless it is the last one. */
export const minPartSizeBytes = 5 * mebibyte;
export const defaultPartSizeBytes = 8 * mebibyte;
/** S3's limit on a part's size. */
const maxPartSizeBytes = 5 * 1024 * mebibyte;
/** S3's limit on parts per upload: about 78 GiB at the default part size. */
const maxParts = 10_000;

export interface ObjectWriterOptions {
  /** Object key in the export bucket. */
  key: string;
  contentType: string;
  /** Bytes buffered before a part is uploaded; 5 MiB to 5 GiB, default 8 MiB. */
  partSizeBytes?: number;
}

/** What was stored: the reported checksum is of the exact bytes S3 holds. */
export interface WrittenObject {
  key: string;
  bytes: number;
  /** Lowercase hex SHA-256 of the object's bytes. */
  checksum_sha256: string;
}

/**
 * Streams text into one S3 object with memory bounded by about one part,
 * whatever the object's size. Calls must not overlap: await each one.
 *
 * Once a write or finish fails, the writer has already aborted the multipart
 * upload (best effort) and rejects every later call. An abort that S3 refuses
 * leaves parts behind; the bucket's lifecycle rule for incomplete multipart
 * uploads is what finally removes them.
 */
export interface ObjectWriter {
  /** Appends the UTF-8 bytes of `text`; resolves once any part it filled is uploaded. */
  write(text: string): Promise<void>;
  /** Stores the object (one PutObject when it fits one part, else completes the upload). */
  finish(): Promise<WrittenObject>;
  /** Discards what was written: no object is created. Rejects if S3 refuses to abort the upload. */
  abort(): Promise<void>;
}

export function openObjectWriter(options: ObjectWriterOptions): ObjectWriter {
  const partSizeBytes = options.partSizeBytes ?? defaultPartSizeBytes;
  if (!Number.isInteger(partSizeBytes) || partSizeBytes < minPartSizeBytes || partSizeBytes > maxPartSizeBytes) {
    throw new RangeError(`partSizeBytes must be an integer from ${minPartSizeBytes} to ${maxPartSizeBytes}`);
  }
  return new StreamingObjectWriter(bucketName(), options.key, options.contentType, partSizeBytes);
}

type WriterState = 'open' | 'busy' | 'finished' | 'aborted' | 'failed';

class StreamingObjectWriter implements ObjectWriter {
  private state: WriterState = 'open';
  private readonly objectHash = createHash('sha256');
  private bytesWritten = 0;
  /** Written bytes not yet uploaded; more than one part's worth only inside `write`. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Set once the object needs more than one part. */
  private uploadId: string | undefined;
  private readonly parts: CompletedPart[] = [];

  constructor(
    private readonly bucket: string,
    private readonly key: string,
    private readonly contentType: string,
    private readonly partSizeBytes: number,
  ) {}

  write(text: string): Promise<void> {
    return this.run('write', async () => {
      const bytes = Buffer.from(text, 'utf8');
      this.objectHash.update(bytes);
      this.bytesWritten += bytes.length;
      this.pending.push(bytes);
      this.pendingBytes += bytes.length;
      // Strictly more than a part: an object of exactly one part stays a single PutObject.
      while (this.pendingBytes > this.partSizeBytes) {
        await this.uploadPart(this.takeBytes(this.partSizeBytes));
      }
    });
  }

  finish(): Promise<WrittenObject> {
    return this.run('finish', async () => {
      const rest = this.takeBytes(this.pendingBytes);
      const checksum = this.objectHash.digest();
      if (this.uploadId === undefined) {
        await s3().send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: this.key,
            Body: rest,
            ContentLength: rest.length,
            ContentType: this.contentType,
            // S3 verifies the whole object against the checksum this writer reports.
            ChecksumSHA256: checksum.toString('base64'),
          }),
        );
      } else {
        if (rest.length > 0) await this.uploadPart(rest);
        await s3().send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: this.key,
            UploadId: this.uploadId,
            MultipartUpload: { Parts: this.parts },
          }),
        );
      }
      this.state = 'finished';
      return { key: this.key, bytes: this.bytesWritten, checksum_sha256: checksum.toString('hex') };
    });
  }

  async abort(): Promise<void> {
    if (this.state === 'busy') throw new Error(`abort of s3://${this.bucket}/${this.key} overlaps another call`);
    if (this.state === 'finished') throw new Error(`s3://${this.bucket}/${this.key} is already stored`);
    this.state = 'aborted';
    this.pending = [];
    this.pendingBytes = 0;
    await this.abortUpload();
  }

  /** Runs one call: rejects overlapping or late calls, and aborts the upload when the call fails. */
  private async run<T>(call: string, body: () => Promise<T>): Promise<T> {
    if (this.state !== 'open') {
      throw new Error(`${call} on s3://${this.bucket}/${this.key}: the writer is ${this.state}`);
    }
    this.state = 'busy';
    try {
      const result = await body();
      if (this.state === 'busy') this.state = 'open';
      return result;
    } catch (error) {
      this.state = 'failed';
      this.pending = [];
      this.pendingBytes = 0;
      // The original failure is what the caller needs; leftovers of a refused abort expire by lifecycle rule.
      await this.abortUpload().catch(() => undefined);
      throw error;
    }
  }

  /** Removes and returns the first `count` pending bytes as one buffer. */
  private takeBytes(count: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    const taken = all.subarray(0, count);
    const rest = all.subarray(count);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
    return taken;
  }

  private async uploadPart(body: Buffer): Promise<void> {
    const partNumber = this.parts.length + 1;
    if (partNumber > maxParts) {
      throw new Error(`s3://${this.bucket}/${this.key} needs more than ${maxParts} parts: use a larger partSizeBytes`);
    }
    this.uploadId ??= await this.createUpload();
    const checksum = createHash('sha256').update(body).digest('base64');
    const { ETag } = await s3().send(
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: this.key,
        UploadId: this.uploadId,
        PartNumber: partNumber,
        Body: body,
        ContentLength: body.length,
        ChecksumSHA256: checksum,
      }),
    );
    this.parts.push({ PartNumber: partNumber, ETag, ChecksumSHA256: checksum });
  }

  private async createUpload(): Promise<string> {
    const { UploadId } = await s3().send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.key,
        ContentType: this.contentType,
        ChecksumAlgorithm: 'SHA256',
      }),
    );
    if (!UploadId) throw new Error(`S3 returned no UploadId for s3://${this.bucket}/${this.key}`);
    return UploadId;
  }

  private async abortUpload(): Promise<void> {
    const uploadId = this.uploadId;
    if (uploadId === undefined) return;
    this.uploadId = undefined;
    await s3().send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: uploadId }));
  }
}
