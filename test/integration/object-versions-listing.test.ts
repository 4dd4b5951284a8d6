import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { ObjectPage } from '../../shared/domain/usage/storage-reconcile-state';
import { listObjectsPage } from '../../shared/s3/object-listing';
import { bucketName, s3 } from '../../shared/s3/client';
import { freshId } from '../support/harness';

/**
 * The storage reconcile's listing (ListObjectVersions, shared/s3/object-listing.ts)
 * against s3rver, whose ListObjectVersions the local stack answers
 * (shared/local/s3rver-fixes.ts: every object as its one, latest version), and
 * a noncurrent version, which s3rver cannot keep, added to an answer by a
 * client middleware (mocked).
 */
const prefix = `orgs/${freshId('VER').toUpperCase()}/exports/`;
const objects = 1_003;

async function listAll(under: string, delimited: boolean): Promise<ObjectPage[]> {
  const pages: ObjectPage[] = [];
  let token: string | undefined;
  do {
    const page = await listObjectsPage(under, delimited, token);
    pages.push(page);
    token = page.nextToken;
  } while (token !== undefined);
  return pages;
}

beforeAll(async () => {
  for (let start = 0; start < objects; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, objects - start) }, (_, offset) => {
        const index = start + offset;
        const key = `${prefix}${index % 2 === 0 ? 'a' : 'b'}/${String(index).padStart(5, '0')}.jsonl`;
        return s3().send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: 'x'.repeat(1 + (index % 7)) }));
      }),
    );
  }
}, 60_000);

const expectedBytes = Array.from({ length: objects }, (_, index) => 1 + (index % 7)).reduce((sum, size) => sum + size, 0);

it('pages every version past 1,000 with the key and version-id markers, and counts each object once', async () => {
  const pages = await listAll(prefix, false);
  expect(pages.map((page) => page.objects)).toEqual([1_000, 3]);
  expect(pages.reduce((sum, page) => sum + page.bytes, 0)).toBe(expectedBytes);
});

it('answers the sub-prefixes of a delimited versions listing', async () => {
  const pages = await listAll(prefix, true);
  expect(pages.flatMap((page) => page.prefixes)).toEqual([`${prefix}a/`, `${prefix}b/`]);
  expect(pages.reduce((sum, page) => sum + page.objects, 0)).toBe(0);
});

it('counts a noncurrent version\'s bytes, as S3 bills them, and apart, but not as an object (a noncurrent version added to the answer, mocked)', async () => {
  const name = 'addNoncurrentVersion';
  s3().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'ListObjectVersionsCommand') {
        const output = result.output as { Versions?: Array<Record<string, unknown>> };
        output.Versions = [...(output.Versions ?? []), { Key: `${prefix}a/00000.jsonl`, VersionId: 'v-earlier', IsLatest: false, Size: 500 }];
      }
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    const [page] = await listAll(`${prefix}a/00000`, false);
    expect(page).toMatchObject({ objects: 1, bytes: 1 + 500, noncurrentBytes: 500 });
  } finally {
    s3().middlewareStack.remove(name);
  }
});
