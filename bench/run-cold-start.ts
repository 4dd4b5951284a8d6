import { projectRoot } from '../shared/local/project-root';
import { coldStartSection, coldStartVerdicts, measureColdStart } from './cold-start/cold-start';
import { runSectionAlone } from './harness/run-section';

/**
 * `npx tsx bench/run-cold-start.ts`: the cold-start section of `npm run bench`
 * alone: every function's bytes and import time against its baseline, over
 * BENCH_ROUNDS pairs (default 21).
 */
const pairs = Number(process.env.BENCH_ROUNDS ?? 21);

runSectionAlone(async (_stack, log) => {
  const report = await measureColdStart(projectRoot(), pairs, log);
  return { lines: coldStartSection(report), verdicts: coldStartVerdicts(report) };
});
