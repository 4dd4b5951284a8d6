import { S3Client } from '@aws-sdk/client-s3';
import { serviceConfig } from '../config';
import { fencedClient } from '../invocation-fence';

let client: S3Client | undefined;

/**
 * The S3 client, created once per container on first use (no I/O at import).
 * The endpoint comes from AWS_ENDPOINT_URL_S3 when set (the local s3rver), which
 * also needs path-style addressing.
 */
export function s3(): S3Client {
  client ??= fencedClient(new S3Client({ forcePathStyle: serviceConfig().s3ForcePathStyle, maxAttempts: 4 }));
  return client;
}

/** The export bucket; only functions that write or read objects need BUCKET_NAME. */
export function bucketName(): string {
  const name = serviceConfig().bucketName;
  if (!name) throw new Error('BUCKET_NAME is not set: this function needs the export bucket');
  return name;
}
