import { build } from 'esbuild';
import { join } from 'node:path';
import { projectRoot } from '../../shared/local/project-root';

/** The TypeScript client stays small, as the README states: one dependency (openapi-fetch) and a minified bundle of about 13 KB. */

describe('the TypeScript client bundle', () => {
  it('is minified under 16 KB, its only package openapi-fetch', async () => {
    const bundle = await build({
      entryPoints: [join(projectRoot(), 'clients/typescript/src/index.ts')],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'node',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const packages = new Set(Object.keys(bundle.metafile.inputs).flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? []));

    expect(bundle.outputFiles[0]!.contents.byteLength).toBeLessThan(16 * 1024);
    expect([...packages]).toEqual(['openapi-fetch']);
  });
});
