import { ListObjectVersionsCommand } from '@aws-sdk/client-s3';
import type { ObjectPage } from '../domain/usage/storage-reconcile-state';
import { bucketName, s3 } from './client';

/** What S3 answers a ListObjectVersions at the most, and what is asked for: fewer pages, each one request. */
const keysPerPage = 1000;

/** Where the next page starts: S3's key and version-id markers, in one opaque token. */
const markerToken = (keyMarker: string, versionIdMarker: string | undefined) =>
  Buffer.from(JSON.stringify([keyMarker, versionIdMarker ?? ''])).toString('base64url');

function markersOf(token: string | undefined): { KeyMarker?: string; VersionIdMarker?: string } {
  if (token === undefined) return {};
  const [keyMarker, versionIdMarker] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as [string, string];
  return { KeyMarker: keyMarker, VersionIdMarker: versionIdMarker || undefined };
}

/**
 * One ListObjectVersions page of the objects under `prefix`, counted as S3
 * bills them: every version's bytes, the noncurrent ones too (a rebuilt
 * export leaves its earlier files as noncurrent versions until the lifecycle
 * rule expires them, lib: ExpireNoncurrentVersions), and the current objects'
 * number (delete markers hold no bytes and are no object), with the
 * noncurrent versions' share of the bytes apart. When `delimited`,
 * the sub-prefixes (common prefixes at the next `/`) instead of the objects
 * inside them. `continuationToken` is the page before's markers.
 */
export async function listObjectsPage(prefix: string, delimited: boolean, continuationToken?: string): Promise<ObjectPage> {
  const page = await s3().send(
    new ListObjectVersionsCommand({
      Bucket: bucketName(),
      Prefix: prefix,
      Delimiter: delimited ? '/' : undefined,
      MaxKeys: keysPerPage,
      ...markersOf(continuationToken),
    }),
  );
  if (page.IsTruncated && page.NextKeyMarker === undefined) throw new Error(`S3 truncated a versions listing of ${prefix} without a key marker`);
  const versions = page.Versions ?? [];
  const bytesOf = (listed: typeof versions) => listed.reduce((sum, version) => sum + (version.Size ?? 0), 0);
  return {
    objects: versions.filter((version) => version.IsLatest).length,
    bytes: bytesOf(versions),
    noncurrentBytes: bytesOf(versions.filter((version) => !version.IsLatest)),
    prefixes: (page.CommonPrefixes ?? []).flatMap((common) => (common.Prefix ? [common.Prefix] : [])),
    nextToken: page.IsTruncated ? markerToken(page.NextKeyMarker ?? '', page.NextVersionIdMarker) : undefined,
  };
}
