import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from './client';

/**
 * Invocation payloads kept in the export bucket for a redrive, outside every
 * organisation's prefix (`orgs/`), so no export or storage reconcile sees
 * them; the bucket's lifecycle expires them once the dead-letter queue would
 * have dropped their pointer (lib/data-store.ts).
 */
export const storedPayloadPrefix = 'system/failed-log-batches/';

/** Where a stored payload is, and how large it is. */
export interface StoredPayload {
  key: string;
  bytes: number;
}

/**
 * Stores `payload` as JSON under its SHA-256, so every copy of the same
 * payload (Lambda's repeated deliveries, a second failure) lands on one object.
 */
export async function storePayload(payload: unknown): Promise<StoredPayload> {
  const body = JSON.stringify(payload);
  const key = `${storedPayloadPrefix}${createHash('sha256').update(body).digest('hex')}.json`;
  await s3().send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: body, ContentType: 'application/json' }));
  return { key, bytes: Buffer.byteLength(body) };
}

/** The payload stored under `key`, parsed. */
export async function loadPayload(key: string): Promise<unknown> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
  const text = await object.Body?.transformToString('utf8');
  return JSON.parse(text ?? 'null');
}
