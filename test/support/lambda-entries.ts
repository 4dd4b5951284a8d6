import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Every Lambda entry file under functions/, and what bundling them reaches:
 * the project's files bundled (`inputs`) and every import path they name,
 * packages included (`imports`). Packages are left external, so a package
 * shows up by the path that names it. Tests use it to prove that a module
 * (the OpenAPI generator, the SQS client) stays out of every function bundle.
 */
export async function lambdaEntryReach(): Promise<{ entries: string[]; inputs: string[]; imports: string[] }> {
  const entries = readdirSync('functions', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join('functions', file));
  const { metafile } = await build({
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'out',
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return {
    entries,
    inputs: Object.keys(metafile.inputs),
    imports: Object.values(metafile.inputs).flatMap((input) => input.imports.map((imported) => imported.path)),
  };
}
