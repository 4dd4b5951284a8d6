import crypto from 'node:crypto';
import type S3rver from 's3rver';

/**
 * Two places where s3rver 3.7 answers ListObjectsV2 unlike S3, mended for the
 * local stack only: the service's own code lists exactly as it does against S3.
 */

/** Whether this process's OpenSSL can make a single-DES cipher. */
function singleDesAvailable(): boolean {
  try {
    crypto.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return true;
  } catch {
    return false;
  }
}

type CipherFactory = (algorithm: string, key: crypto.CipherKey, ...rest: unknown[]) => unknown;

function servingSingleDes<Factory>(original: Factory): Factory {
  const make = original as unknown as CipherFactory;
  const serving: CipherFactory = (algorithm, key, ...rest) => {
    if (algorithm !== 'des') return make(algorithm, key, ...rest);
    const single = Buffer.from(key as Uint8Array);
    return make('des-ede3-cbc', Buffer.concat([single, single, single]), ...rest);
  };
  return serving as unknown as Factory;
}

/**
 * s3rver seals the continuation token of a truncated ListObjectsV2 page with
 * single DES (`des`, DES-CBC), which OpenSSL 3 keeps only in its legacy
 * provider: on Node 20 every page but the last would be a 500. Triple DES
 * (EDE) under one key repeated three times is single DES exactly (the decrypt
 * step undoes the first encrypt), and OpenSSL 3 still provides it, so `des`
 * is served by `des-ede3-cbc` with the key tripled: byte for byte the tokens
 * s3rver means to make. Every other algorithm goes to Node untouched, and so
 * does `des` wherever OpenSSL still has it.
 */
export function provideSingleDes(): void {
  if (singleDesAvailable()) return;
  crypto.createCipheriv = servingSingleDes(crypto.createCipheriv);
  crypto.createDecipheriv = servingSingleDes(crypto.createDecipheriv);
}

/** Sorts after every key that starts with the prefix it ends (but one that goes on with U+FFFF). */
const pastEveryKey = '\uffff';

/**
 * s3rver's delimiter listing never looks inside a folder below a common
 * prefix, so it reports a common prefix only when objects lie directly in it:
 * `orgs/ACME/` would hide `exports/`, whose objects are
 * `orgs/ACME/exports/<id>/<file>`. Delimiter listings of this store are
 * answered from its flat listing instead, the way S3 answers them: keys in
 * order, each common prefix once (its keys skipped in one step), a page
 * truncated after `maxKeys` objects and before anything that follows them, so
 * the continuation token (made from the last object's key) resumes right
 * there and no common prefix appears on two pages.
 */
export function listCommonPrefixesAtAnyDepth(store: S3rver.S3rverStore): void {
  const flat = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    const { delimiter, prefix = '', maxKeys = Infinity } = options;
    if (!delimiter) return flat(bucket, options);
    const listing: S3rver.ObjectListing = { objects: [], commonPrefixes: [], isTruncated: false };
    let startAfter = options.startAfter ?? '';
    for (;;) {
      const [next] = (await flat(bucket, { ...options, delimiter: undefined, startAfter, maxKeys: 1 })).objects;
      if (!next) return listing;
      if (listing.objects.length === maxKeys) return { ...listing, isTruncated: true };
      const cut = next.key.indexOf(delimiter, prefix.length);
      const common = cut === -1 ? undefined : next.key.slice(0, cut + delimiter.length);
      if (common === undefined) listing.objects.push(next);
      else if (listing.commonPrefixes.at(-1) !== common) {
        listing.commonPrefixes.push(common);
        startAfter = common + pastEveryKey;
        continue;
      }
      startAfter = next.key;
    }
  };
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const element = (name: string, value: string | number | boolean | undefined) => (value === undefined ? '' : `<${name}>${xml(String(value))}</${name}>`);

/**
 * s3rver answers ListObjectVersions (GET /<bucket>?versions) with
 * MethodNotAllowed, and it keeps no versions: a put replaces an object's file.
 * This answers it as S3 does for a bucket whose objects each have one version
 * (S3 names such a version `null`): every current object as the latest
 * version, no noncurrent version and no delete marker, paged by KeyMarker
 * (the version-id marker has one value per key), with common prefixes at the
 * delimiter from the listing mended above. The local stack can therefore run
 * the service's versions listing, but never show it a noncurrent version.
 */
export function answerListObjectVersions(server: S3rver): void {
  server.middleware.unshift(async (ctx, next) => {
    const bucket = /^\/([^/?]+)\/?$/.exec(ctx.path)?.[1];
    if (ctx.method !== 'GET' || !bucket || !('versions' in ctx.query)) return next();
    const query = (name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : undefined);
    const prefix = query('prefix') ?? '';
    const delimiter = query('delimiter');
    const maxKeys = Math.min(Number(query('max-keys') ?? 1000), 1000);
    const keyMarker = query('key-marker');
    const listing = await server.store.listObjects(decodeURIComponent(bucket), { prefix, delimiter, startAfter: keyMarker, maxKeys });
    const last = [...listing.objects.map((object) => object.key), ...listing.commonPrefixes].sort().at(-1);
    const versions = listing.objects.map(
      (object) =>
        `<Version>${element('Key', object.key)}<VersionId>null</VersionId><IsLatest>true</IsLatest>` +
        `${element('LastModified', object.lastModifiedDate.toISOString())}${element('ETag', object.metadata.etag)}` +
        `${element('Size', object.size)}<StorageClass>STANDARD</StorageClass></Version>`,
    );
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?><ListVersionsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      `${element('Name', bucket)}${element('Prefix', prefix)}${element('KeyMarker', keyMarker ?? '')}<VersionIdMarker></VersionIdMarker>` +
      (listing.isTruncated ? `${element('NextKeyMarker', last)}<NextVersionIdMarker>null</NextVersionIdMarker>` : '') +
      `${element('MaxKeys', maxKeys)}${element('Delimiter', delimiter)}${element('IsTruncated', listing.isTruncated)}` +
      versions.join('') +
      listing.commonPrefixes.map((common) => `<CommonPrefixes>${element('Prefix', common)}</CommonPrefixes>`).join('') +
      '</ListVersionsResult>';
  });
}
