import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { post } from './local-api';

/** Polls a get route until `done` holds for the record under `key`, as a client of the spec would. */
export async function pollUntil(
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string>,
  key: string,
  done: (record: any) => boolean,
  timeoutMs = 120_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await post(path, body, headers);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.text}`);
    const record = response.body.data[key];
    if (done(record)) return record;
    if (Date.now() > deadline) throw new Error(`${path} did not finish in time: ${JSON.stringify(record)}`);
    await sleep(100);
  }
}

let client: S3Client | undefined;

/** Reads an `s3://bucket/key` ref from the local S3 server, as an ERP with bucket access would. */
export async function readObject(ref: string): Promise<Buffer> {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(ref);
  if (!match) throw new Error(`Not an s3:// ref: ${ref}`);
  client ??= new S3Client({ forcePathStyle: true });
  const { Body } = await client.send(new GetObjectCommand({ Bucket: match[1], Key: match[2] }));
  return Buffer.from(await (Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A strict RFC 4180 reader: rows of fields, CRLF record ends, quoted fields with doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}
