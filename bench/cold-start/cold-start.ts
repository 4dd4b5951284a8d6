import { pathToFileURL } from 'node:url';
import { type BuiltBundle, baselineName, baselineOf, buildBundles } from './bundles';
import { runNode } from '../harness/child-process';
import type { TargetVerdict } from '../harness/verdict';
import { median } from '../harness/stats';
import { kb, ms, table } from '../harness/table';

/**
 * The cold-start budget (issue 23; docs/decisions.md: Performance). Bytes: a
 * function carries at most `bytesBeyondBaseline` beyond its baseline, the
 * document client alone plus the other AWS clients (with the commands of them)
 * it holds. Import: the median of the per-pair ratios of its import over its
 * baseline's, each pair in fresh processes, within `importRatio` of its kind.
 */
export const coldStartBudget = {
  bytesBeyondBaseline: 96_000,
  importRatio: { http: 1.2, other: 1.3 },
  /** Fewer pairs make the median of ratios too coarse to hold a function to 1.20x on a shared machine. */
  minPairs: 21,
} as const;

export interface ColdStartRow {
  bundle: BuiltBundle;
  baseline: BuiltBundle;
  /** Milliseconds of `await import(bundle)` per pair, and of its baseline's in the same pair. */
  ownMs: number[];
  baselineMs: number[];
  /** The median of own/baseline over the pairs: the budget's measure. */
  importRatio: number;
  /** The same for the CPU time the import took (user + system, every thread): what other processes on the machine do not inflate. */
  ownCpuMs: number[];
  baselineCpuMs: number[];
  cpuRatio: number;
}

export interface ColdStartReport {
  pairs: number;
  /** The baseline bundle alone: the document client. */
  baseline: BuiltBundle;
  rows: ColdStartRow[];
}

// Runs in the child: the clocks start after node is up and stop when the module has evaluated.
const importProbe =
  'const url = process.argv[1]; const cpu = process.cpuUsage(); const start = performance.now(); await import(url); ' +
  'const wall = performance.now() - start; const { user, system } = process.cpuUsage(cpu); ' +
  'process.stdout.write(JSON.stringify([wall, (user + system) / 1000]));';

/** The environment of a probe: no loader, no compile cache, nothing that changes what `import` does. */
function probeEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['NODE_OPTIONS', 'NODE_COMPILE_CACHE', 'NODE_V8_COVERAGE']) delete env[name];
  return env;
}

/** Wall and CPU milliseconds of one import in a fresh process. */
async function timeImport(file: string, env: NodeJS.ProcessEnv): Promise<[number, number]> {
  const { code, stdout, stderr } = await runNode(['--input-type=module', '-e', importProbe, pathToFileURL(file).href], { env });
  const [wall, cpu] = code === 0 ? (JSON.parse(stdout) as [number, number]) : [Number.NaN, Number.NaN];
  if (!Number.isFinite(wall) || !Number.isFinite(cpu)) throw new Error(`import probe of ${file} failed (exit ${code}): ${stderr}`);
  return [wall, cpu];
}

/**
 * Builds every function and its baseline, then times their imports: each round
 * pairs every function with a fresh run of its own baseline, the order in the
 * pair swapped every round, so drift on a noisy machine hits both sides alike;
 * a function's ratio is the median of its pairs' ratios.
 */
export async function measureColdStart(root: string, pairs: number, log: (line: string) => void): Promise<ColdStartReport> {
  if (pairs < coldStartBudget.minPairs) throw new Error(`the cold-start budget needs at least ${coldStartBudget.minPairs} pairs, not ${pairs}`);
  log('building every function and its baselines');
  const built = await buildBundles(root);
  try {
    const env = probeEnvironment();
    const rows = built.functions.map((bundle) => ({
      bundle,
      baseline: built.baselines.get(baselineOf(bundle.clients))!,
      ownMs: [] as number[],
      baselineMs: [] as number[],
      ownCpuMs: [] as number[],
      baselineCpuMs: [] as number[],
    }));
    const record = (into: number[], cpuInto: number[], [wall, cpu]: [number, number]) => {
      into.push(wall);
      cpuInto.push(cpu);
    };
    for (const baseline of built.baselines.values()) await timeImport(baseline.file, env); // warms the file cache
    log(`timing ${rows.length} functions' imports against their baselines, ${pairs} pairs each`);
    for (let round = 0; round < pairs; round += 1) {
      for (const row of rows) {
        if (round % 2 === 0) {
          record(row.baselineMs, row.baselineCpuMs, await timeImport(row.baseline.file, env));
          record(row.ownMs, row.ownCpuMs, await timeImport(row.bundle.file, env));
        } else {
          record(row.ownMs, row.ownCpuMs, await timeImport(row.bundle.file, env));
          record(row.baselineMs, row.baselineCpuMs, await timeImport(row.baseline.file, env));
        }
      }
    }
    return {
      pairs,
      baseline: built.baselines.get(baselineName)!,
      rows: rows.map((row) => ({
        ...row,
        importRatio: median(row.ownMs.map((own, pair) => own / row.baselineMs[pair]!)),
        cpuRatio: median(row.ownCpuMs.map((own, pair) => own / row.baselineCpuMs[pair]!)),
      })),
    };
  } finally {
    built.dispose();
  }
}

const importLimitOf = (row: ColdStartRow) => (row.bundle.kind === 'http' ? coldStartBudget.importRatio.http : coldStartBudget.importRatio.other);
const bytesBeyond = (row: ColdStartRow) => row.bundle.bytes - row.baseline.bytes;

export function coldStartVerdicts(report: ColdStartReport): TargetVerdict[] {
  return report.rows.flatMap((row) => {
    const against = row.baseline.name === baselineName ? 'baseline' : 'its baseline';
    return [
      {
        target: `${row.bundle.name} bytes beyond ${against}`,
        measured: String(bytesBeyond(row)),
        limit: `<= ${coldStartBudget.bytesBeyondBaseline}`,
        pass: bytesBeyond(row) <= coldStartBudget.bytesBeyondBaseline,
      },
      {
        target: `${row.bundle.name} import vs ${against} (median of ${report.pairs} pairs)`,
        measured: `${row.importRatio.toFixed(2)}x`,
        limit: `<= ${importLimitOf(row).toFixed(2)}x`,
        pass: row.importRatio <= importLimitOf(row),
      },
    ];
  });
}

/** What a bundle holds beyond its baseline, by package, largest first. */
function growthOverBaseline(row: ColdStartRow): string {
  const base = new Map(row.baseline.packages.map((entry) => [entry.name, entry.bytes]));
  return row.bundle.packages
    .map((entry) => ({ name: entry.name, delta: entry.bytes - (base.get(entry.name) ?? 0) }))
    .filter((entry) => Math.abs(entry.delta) >= 500)
    .sort((a, b) => b.delta - a.delta)
    .slice(0, 3)
    .map((entry) => `${entry.name} ${entry.delta > 0 ? '+' : ''}${kb(entry.delta)}`)
    .join(', ');
}

export function coldStartSection(report: ColdStartReport): string[] {
  const { baseline } = report;
  const baselines = [...new Set(report.rows.map((row) => row.baseline))];
  return [
    `Cold start: every function bundled by esbuild with lib/lambda-bundle.ts + bundle, platform node, no externals, against its baseline: ` +
      `the document client alone (bench/cold-start/baseline-handler.ts, ${baseline.bytes} bytes), with any other AWS client the function holds added, created at module scope with the commands of it the function holds. ` +
      `Budget: at most ${coldStartBudget.bytesBeyondBaseline} bytes beyond the baseline; import = median over ${report.pairs} pairs of (function import / baseline import), ` +
      `each a fresh node process, the order in the pair swapped every round, <= ${coldStartBudget.importRatio.http}x for an HTTP route and <= ${coldStartBudget.importRatio.other}x for any other function. ` +
      'CPU ratio = the same median for the CPU time of the imports (user + system), which the machine\'s other load does not inflate: where it and the import ratio disagree, the machine was busy.',
    table(
      ['function', 'kind', 'bytes', 'baseline bytes', 'beyond', 'import ms', 'baseline ms', 'import ratio', 'limit', 'CPU ratio', 'beyond baseline (bytes in output)'],
      report.rows.map((row) => [
        row.bundle.name,
        row.bundle.kind,
        row.bundle.bytes,
        row.baseline.bytes,
        bytesBeyond(row),
        ms(median(row.ownMs)),
        ms(median(row.baselineMs)),
        row.importRatio.toFixed(2),
        importLimitOf(row).toFixed(2),
        row.cpuRatio.toFixed(2),
        growthOverBaseline(row),
      ]),
    ),
    'Baselines:',
    ...baselines.map((entry) => `  ${entry.name}: ${entry.bytes} bytes`),
  ];
}
