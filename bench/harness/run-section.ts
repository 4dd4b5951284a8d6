import { noteNodeVersionOnce } from '../../shared/local/node-version-notice';
import { type BenchStack, startBenchStack } from './local-stack';
import type { TargetVerdict } from './verdict';

export type BenchLog = (line: string) => void;

/** One section of `npm run bench` run alone: its table's lines and its targets' verdicts. */
export interface SectionRun {
  lines: string[];
  verdicts: TargetVerdict[];
}

/**
 * Runs one bench section alone (`npx tsx bench/run-<section>.ts`) on a stack of
 * its own, with `seedEvents` events seeded (none unless asked): `onEnvironment`
 * may set the section's environment before the stack starts. Prints the section's table and targets,
 * writes no results file, and exits non-zero only when the benchmark itself fails.
 */
export function runSectionAlone(
  measure: (stack: BenchStack, log: BenchLog) => Promise<SectionRun>,
  onEnvironment: () => void = () => undefined,
  seedEvents = 0,
): void {
  const log: BenchLog = (line) => process.stderr.write(`[bench] ${line}\n`);
  const run = async () => {
    noteNodeVersionOnce(log);
    const stack = await startBenchStack(seedEvents, onEnvironment);
    try {
      const { lines, verdicts } = await measure(stack, log);
      console.log([...lines, 'Targets', ...verdicts.map((row) => `${row.pass ? 'PASS' : 'MISS'} ${row.target}: ${row.measured} (limit ${row.limit})`)].join('\n'));
    } finally {
      await stack.stop();
    }
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('bench failed:', error);
      process.exit(1);
    },
  );
}
