import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { ObjectPage } from '../domain/usage/storage-reconcile-state';
import { bucketName, s3 } from './client';

/** What S3 answers a ListObjectsV2 at the most, and what is asked for: fewer pages, each one request. */
const keysPerPage = 1000;

/**
 * One ListObjectsV2 page of the objects under `prefix`, counted: their number
 * and bytes, and, when `delimited`, the sub-prefixes (common prefixes at the
 * next `/`) instead of the objects inside them. `continuationToken` is S3's
 * own, from the page before.
 */
export async function listObjectsPage(prefix: string, delimited: boolean, continuationToken?: string): Promise<ObjectPage> {
  const page = await s3().send(
    new ListObjectsV2Command({
      Bucket: bucketName(),
      Prefix: prefix,
      Delimiter: delimited ? '/' : undefined,
      ContinuationToken: continuationToken,
      MaxKeys: keysPerPage,
    }),
  );
  if (page.IsTruncated && !page.NextContinuationToken) throw new Error(`S3 truncated a listing of ${prefix} without a continuation token`);
  const objects = page.Contents ?? [];
  return {
    objects: objects.length,
    bytes: objects.reduce((sum, object) => sum + (object.Size ?? 0), 0),
    prefixes: (page.CommonPrefixes ?? []).flatMap((common) => (common.Prefix ? [common.Prefix] : [])),
    nextToken: page.IsTruncated ? page.NextContinuationToken : undefined,
  };
}
