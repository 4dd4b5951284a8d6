import { dynamo } from '../shared/db/client';
import { listConsistencyLines, listConsistencySettings, listConsistencyVerdicts, measureListConsistency } from './list-consistency/list-consistency';
import { runSectionAlone } from './harness/run-section';

/** `npx tsx bench/run-list-consistency.ts`: the list consistency section of `npm run bench` alone (bench/list-consistency/list-consistency.ts). */
runSectionAlone(async (stack, log) => {
  const section = await measureListConsistency({ shared: dynamo(), baseUrl: stack.api.baseUrl, settings: listConsistencySettings(), log });
  return { lines: listConsistencyLines(section), verdicts: listConsistencyVerdicts(section) };
});
