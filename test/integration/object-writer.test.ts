import { createHash, randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from '../../shared/s3/client';
import { defaultPartSizeBytes, minPartSizeBytes, openObjectWriter } from '../../shared/s3/object-writer';

const mebibyte = 1024 * 1024;

function aKey(name: string): string {
  return `orgs/TEST-OBJWRITER/${randomUUID()}/${name}`;
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Lines with two-, three- and four-byte UTF-8 characters, so part boundaries fall inside characters. */
function someText(approximateBytes: number): string[] {
  const chunks: string[] = [];
  let bytes = 0;
  for (let line = 0; bytes < approximateBytes; line += 1) {
    const chunk = `{"line":${line},"text":"café € 𝄞 \\"quoted\\", comma"}\n`.repeat(500);
    chunks.push(chunk);
    bytes += Buffer.byteLength(chunk);
  }
  return chunks;
}

async function readObject(key: string): Promise<{ bytes: Uint8Array; contentType: string | undefined }> {
  const response = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
  if (!response.Body) throw new Error(`no body for ${key}`);
  return { bytes: await response.Body.transformToByteArray(), contentType: response.ContentType };
}

async function objectExists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound') return false;
    throw error;
  }
}

/** Names of the S3 commands sent while `body` runs; `fail` may throw in place of sending one. */
async function recordingCommands<T>(
  body: () => Promise<T>,
  fail: (commandName: string, sent: string[]) => void = () => undefined,
): Promise<{ sent: string[]; result: Promise<T> }> {
  const sent: string[] = [];
  const name = `record-${randomUUID()}`;
  s3().middlewareStack.add(
    (next, context) => async (args) => {
      const commandName = String(context.commandName);
      fail(commandName, sent);
      sent.push(commandName);
      return next(args);
    },
    { step: 'initialize', name },
  );
  const result = body();
  // Settle before removing the middleware, but hand the outcome back unobserved.
  await result.catch(() => undefined);
  s3().middlewareStack.remove(name);
  return { sent, result };
}

describe('openObjectWriter', () => {
  it('stores an empty object with one PutObject', async () => {
    const key = aKey('empty.jsonl');
    const writer = openObjectWriter({ key, contentType: 'application/x-ndjson' });

    const { sent, result } = await recordingCommands(() => writer.finish());
    const written = await result;

    expect(sent).toEqual(['PutObjectCommand']);
    expect(written).toEqual({ key, bytes: 0, checksum_sha256: sha256Hex(new Uint8Array()) });
    const stored = await readObject(key);
    expect(stored.bytes.length).toBe(0);
    expect(stored.contentType).toBe('application/x-ndjson');
  });

  it('stores a small object with one PutObject, reporting its exact bytes and sha256', async () => {
    const key = aKey('small.csv');
    const text = ['event_id,reason\r\n', 'evt_1,"café, € ""quoted"""\r\n', 'evt_2,𝄞\r\n'];
    const writer = openObjectWriter({ key, contentType: 'text/csv; charset=utf-8' });

    const { sent, result } = await recordingCommands(async () => {
      for (const chunk of text) await writer.write(chunk);
      return writer.finish();
    });
    const written = await result;

    const expected = Buffer.from(text.join(''), 'utf8');
    expect(sent).toEqual(['PutObjectCommand']);
    expect(written).toEqual({ key, bytes: expected.length, checksum_sha256: sha256Hex(expected) });
    const stored = await readObject(key);
    expect(Buffer.from(stored.bytes).equals(expected)).toBe(true);
    expect(sha256Hex(stored.bytes)).toBe(written.checksum_sha256);
    expect(stored.contentType).toBe('text/csv; charset=utf-8');
  });

  it('stores an object of exactly one part with one PutObject', async () => {
    const key = aKey('one-part.txt');
    const text = 'x'.repeat(minPartSizeBytes);
    const writer = openObjectWriter({ key, contentType: 'text/plain', partSizeBytes: minPartSizeBytes });

    const { sent, result } = await recordingCommands(async () => {
      await writer.write(text);
      return writer.finish();
    });
    const written = await result;

    expect(sent).toEqual(['PutObjectCommand']);
    expect(written.bytes).toBe(minPartSizeBytes);
    expect(sha256Hex((await readObject(key)).bytes)).toBe(written.checksum_sha256);
  });

  it('streams a 17 MiB object as a three-part multipart upload at the default part size', async () => {
    const key = aKey('large.jsonl');
    const chunks = someText(17 * mebibyte);
    const expected = Buffer.from(chunks.join(''), 'utf8');
    const writer = openObjectWriter({ key, contentType: 'application/x-ndjson' });

    const { sent, result } = await recordingCommands(async () => {
      for (const chunk of chunks) await writer.write(chunk);
      return writer.finish();
    });
    const written = await result;

    expect(defaultPartSizeBytes).toBe(8 * mebibyte);
    expect(sent).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(written).toEqual({ key, bytes: expected.length, checksum_sha256: sha256Hex(expected) });
    const stored = await readObject(key);
    expect(stored.bytes.length).toBe(expected.length);
    expect(Buffer.from(stored.bytes).equals(expected)).toBe(true);
    expect(sha256Hex(stored.bytes)).toBe(written.checksum_sha256);
  });

  it('splits one write larger than several parts into full parts', async () => {
    const key = aKey('one-big-write.txt');
    const text = 'é'.repeat(6 * mebibyte); // 12 MiB of two-byte characters
    const writer = openObjectWriter({ key, contentType: 'text/plain', partSizeBytes: minPartSizeBytes });

    const { sent, result } = await recordingCommands(async () => {
      await writer.write(text);
      return writer.finish();
    });
    const written = await result;

    expect(sent.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    const stored = await readObject(key);
    expect(Buffer.from(stored.bytes).toString('utf8')).toBe(text);
    expect(written).toMatchObject({ bytes: 12 * mebibyte, checksum_sha256: sha256Hex(stored.bytes) });
  });

  it('leaves no object when aborted before any part was uploaded', async () => {
    const key = aKey('aborted-small.jsonl');
    const writer = openObjectWriter({ key, contentType: 'application/x-ndjson' });
    await writer.write('{"a":1}\n');

    const { sent, result } = await recordingCommands(() => writer.abort());
    await result;

    expect(sent).toEqual([]);
    expect(await objectExists(key)).toBe(false);
    await expect(writer.write('more')).rejects.toThrow('the writer is aborted');
    await expect(writer.finish()).rejects.toThrow('the writer is aborted');
  });

  it('leaves no object when aborted mid-upload, sending AbortMultipartUpload', async () => {
    const key = aKey('aborted-large.jsonl');
    const writer = openObjectWriter({ key, contentType: 'application/x-ndjson', partSizeBytes: minPartSizeBytes });
    for (const chunk of someText(6 * mebibyte)) await writer.write(chunk);

    const { sent, result } = await recordingCommands(() => writer.abort());

    expect(sent).toEqual(['AbortMultipartUploadCommand']);
    // s3rver 3.7 has no AbortMultipartUpload route: it answers 405 MethodNotAllowed, which abort() reports.
    await expect(result).rejects.toMatchObject({ name: 'MethodNotAllowed' });
    expect(await objectExists(key)).toBe(false);
  });

  it('aborts the upload and rethrows the original error when a part upload fails', async () => {
    const key = aKey('failed.jsonl');
    const writer = openObjectWriter({ key, contentType: 'application/x-ndjson', partSizeBytes: minPartSizeBytes });
    const injected = new Error('injected UploadPart failure');

    const { sent, result } = await recordingCommands(
      async () => {
        for (const chunk of someText(12 * mebibyte)) await writer.write(chunk);
        return writer.finish();
      },
      (commandName, sentSoFar) => {
        const partsSent = sentSoFar.filter((name) => name === 'UploadPartCommand').length;
        if (commandName === 'UploadPartCommand' && partsSent === 1) throw injected;
      },
    );

    await expect(result).rejects.toBe(injected);
    expect(sent).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'AbortMultipartUploadCommand']);
    expect(await objectExists(key)).toBe(false);
    await expect(writer.finish()).rejects.toThrow('the writer is failed');
  });

  it('rejects a part size below the S3 minimum', () => {
    expect(() =>
      openObjectWriter({ key: aKey('never.txt'), contentType: 'text/plain', partSizeBytes: minPartSizeBytes - 1 }),
    ).toThrow(RangeError);
  });
});
