import { dynamo } from '../shared/db/client';
import { listConsistencyLines, listConsistencySettings, listConsistencyVerdicts, measureListConsistency } from './list-consistency/list-consistency';
import { runSectionAlone } from './harness/run-section';

/**
 * `npx tsx bench/run-list-consistency.ts`: the list consistency section of `npm run bench` alone (issue 37's targets;
 * bench/list-consistency/list-consistency.ts), f43b873's write calls included, run from an extract of that commit.
 */
runSectionAlone(async (_stack, log) => {
  const section = await measureListConsistency({ shared: dynamo(), settings: listConsistencySettings(), log });
  return { lines: listConsistencyLines(section), verdicts: listConsistencyVerdicts(section) };
});
