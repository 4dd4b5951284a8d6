import { build } from 'esbuild';
import { join } from 'node:path';
import { projectRoot } from '../../shared/local/project-root';

/** The TypeScript client stays small, as the README states: no dependency, and a minified bundle of about 8 KB. */

describe('the TypeScript client bundle', () => {
  it('is minified under 12 KB, with no package of anyone else in it', async () => {
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

    expect(bundle.outputFiles[0]!.contents.byteLength).toBeLessThan(12 * 1024);
    expect([...packages]).toEqual([]);
  });
});
