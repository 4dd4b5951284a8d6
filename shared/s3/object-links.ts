import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from './client';

/**
 * Reading export files, and handing them to whoever has no AWS credentials:
 * an S3 presigned GET URL carries the signature of the role that made it, so
 * an ERP connector downloads with a plain HTTP GET until it expires ("Download
 * and upload objects with presigned URLs", Amazon S3 User Guide). A URL signed
 * with temporary credentials (a Lambda role's) expires with them, whatever
 * expiry it names (same page: "Who can create a presigned URL"), so a link's
 * expiry is the earlier of the two.
 */

/** The object under `key`, whole. */
export async function readObject(key: string): Promise<Buffer> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
}

export interface DownloadLink {
  url: string;
  expires_at: string;
}

/** A presigned GET of `key`, valid for `seconds` from `now` at the most (less when the signing credentials expire sooner). */
export async function downloadLink(key: string, now: Date, seconds: number): Promise<DownloadLink> {
  const client = s3();
  const credentials = await client.config.credentials();
  const credentialsLeft = credentials.expiration ? Math.floor((credentials.expiration.getTime() - now.getTime()) / 1000) : seconds;
  const expiresIn = Math.max(1, Math.min(seconds, credentialsLeft));
  const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucketName(), Key: key }), { expiresIn, signingDate: now });
  return { url, expires_at: new Date(now.getTime() + expiresIn * 1000).toISOString() };
}
