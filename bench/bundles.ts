import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BuildOptions, type Metafile, build } from 'esbuild';
import { lambdaBundle } from '../lib/lambda-bundle';
import { operatorFunctions } from '../shared/routes/operator-registry';
import { httpRoutes } from '../shared/routes/registry';
import { runNode } from './child-process';
import { median } from './stats';

export const baselineName = 'baseline';

/** One Lambda bundle as the stack would deploy it. */
export interface BuiltBundle {
  name: string;
  kind: 'baseline' | 'http' | 'operator';
  entry: string;
  file: string;
  bytes: number;
  /** Bytes in the output per package (node_modules package name, or `(project)` for our sources), largest first. */
  packages: Array<{ name: string; bytes: number }>;
}

export interface ImportTiming {
  name: string;
  /** Milliseconds of `await import(bundle)` in each fresh node process. */
  samples: number[];
  medianMs: number;
  /** Baseline samples taken in the same rounds, alternating with this bundle's. */
  baselineSamples: number[];
  baselineMedianMs: number;
}

/**
 * `lambdaBundle` is written in the CDK's BundlingOptions vocabulary; esbuild
 * names two of its options differently. Every key is translated explicitly, so
 * an option added there and unknown here stops the benchmark instead of being
 * silently dropped.
 */
export function esbuildOptionsOf(bundle: Record<string, unknown>): BuildOptions {
  const options: BuildOptions = {};
  for (const [key, value] of Object.entries(bundle)) {
    switch (key) {
      case 'minify':
        options.minify = value as boolean;
        break;
      case 'sourceMap':
        options.sourcemap = value as boolean;
        break;
      case 'format':
        options.format = value as BuildOptions['format'];
        break;
      case 'target':
        options.target = value as string;
        break;
      case 'mainFields':
        options.mainFields = [...(value as readonly string[])];
        break;
      case 'banner':
        options.banner = { js: value as string };
        break;
      default:
        throw new Error(`lib/lambda-bundle.ts has option "${key}" that bench/bundles.ts does not translate to esbuild`);
    }
  }
  return options;
}

/** Every registry route, every operator function and the baseline handler, with their entry files. */
export function bundleEntries(root: string): Array<Pick<BuiltBundle, 'name' | 'kind' | 'entry'>> {
  return [
    { name: baselineName, kind: 'baseline', entry: join(root, 'bench', 'baseline-handler.ts') },
    ...httpRoutes.map((route) => ({
      name: route.name,
      kind: 'http' as const,
      entry: join(root, 'functions', 'http', `${route.name}.ts`),
    })),
    ...operatorFunctions.map((fn) => ({
      name: fn.name,
      kind: 'operator' as const,
      entry: join(root, 'functions', 'operator', `${fn.name}.ts`),
    })),
  ];
}

function packageOf(path: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  return match?.[1] ?? '(project)';
}

function packageBreakdown(metafile: Metafile, outfile: string, root: string): BuiltBundle['packages'] {
  const output = metafile.outputs[relative(root, outfile)];
  if (!output) throw new Error(`esbuild metafile has no output ${outfile}`);
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = packageOf(input);
    bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
  }
  return [...bytes].map(([name, total]) => ({ name, bytes: total })).sort((a, b) => b.bytes - a.bytes);
}

/** Builds each entry into `<tmp>/<name>/index.mjs` with the stack's options plus bundle, platform node, no externals. */
export async function buildBundles(root: string): Promise<{ bundles: BuiltBundle[]; dispose(): void }> {
  const outdir = mkdtempSync(join(tmpdir(), 'accounting-bench-'));
  const options = esbuildOptionsOf(lambdaBundle);
  const bundles: BuiltBundle[] = [];
  for (const { name, kind, entry } of bundleEntries(root)) {
    const file = join(outdir, name, 'index.mjs');
    const result = await build({
      ...options,
      entryPoints: [entry],
      outfile: file,
      bundle: true,
      platform: 'node',
      external: [],
      absWorkingDir: root,
      metafile: true,
      logLevel: 'error',
    });
    bundles.push({ name, kind, entry, file, bytes: statSync(file).size, packages: packageBreakdown(result.metafile, file, root) });
  }
  return { bundles, dispose: () => rmSync(outdir, { recursive: true, force: true }) };
}

// Runs in the child: the clock starts after node is up and stops when the module has evaluated.
const importProbe =
  'const url = process.argv[1]; const start = performance.now(); await import(url); ' +
  'process.stdout.write(String(performance.now() - start));';

/** The environment of a probe: no loader, no compile cache, nothing that changes what `import` does. */
function probeEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['NODE_OPTIONS', 'NODE_COMPILE_CACHE', 'NODE_V8_COVERAGE']) delete env[name];
  return env;
}

async function timeImport(file: string, env: NodeJS.ProcessEnv): Promise<number> {
  const { code, stdout, stderr } = await runNode(['--input-type=module', '-e', importProbe, pathToFileURL(file).href], { env });
  const ms = Number(stdout);
  if (code !== 0 || !Number.isFinite(ms)) throw new Error(`import probe of ${file} failed (exit ${code}): ${stderr}`);
  return ms;
}

/**
 * Cold import time of every bundle against the baseline: in each round, every
 * candidate runs next to a fresh baseline run, the order of the pair swapped
 * every round, so drift on a noisy machine hits both sides alike.
 */
export async function timeImports(bundles: BuiltBundle[], rounds: number): Promise<ImportTiming[]> {
  const baseline = bundles.find((bundle) => bundle.name === baselineName);
  if (!baseline) throw new Error('no baseline bundle');
  const env = probeEnvironment();
  const candidates = bundles.filter((bundle) => bundle !== baseline);
  const samples = new Map(candidates.map((bundle) => [bundle.name, { own: [] as number[], baseline: [] as number[] }]));
  await timeImport(baseline.file, env); // warms the file cache
  for (let round = 0; round < rounds; round += 1) {
    for (const candidate of candidates) {
      const slot = samples.get(candidate.name)!;
      if (round % 2 === 0) {
        slot.baseline.push(await timeImport(baseline.file, env));
        slot.own.push(await timeImport(candidate.file, env));
      } else {
        slot.own.push(await timeImport(candidate.file, env));
        slot.baseline.push(await timeImport(baseline.file, env));
      }
    }
  }
  const allBaseline = [...samples.values()].flatMap((slot) => slot.baseline);
  return [
    { name: baseline.name, samples: allBaseline, medianMs: median(allBaseline), baselineSamples: allBaseline, baselineMedianMs: median(allBaseline) },
    ...candidates.map((candidate) => {
      const slot = samples.get(candidate.name)!;
      return {
        name: candidate.name,
        samples: slot.own,
        medianMs: median(slot.own),
        baselineSamples: slot.baseline,
        baselineMedianMs: median(slot.baseline),
      };
    }),
  ];
}
