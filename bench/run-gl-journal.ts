import { projectRoot } from '../shared/local/project-root';
import { journalSettings, measureJournalSection } from './gl-journal/gl-journal-section';
import { benchOrgcode } from './harness/local-stack';
import { rawDocumentClient } from './latency/route-calls';
import { runSectionAlone } from './harness/run-section';

/**
 * `npx tsx bench/run-gl-journal.ts`: the GL journal section of `npm run bench`
 * alone: BENCH_GL_EVENTS events (default 100,000), the journal export against
 * the ledger export of the same window, and the trial balance against reading
 * every event, BENCH_GL_ROUNDS rounds a side (default 5).
 */
runSectionAlone((_stack, log) =>
  measureJournalSection({ root: projectRoot(), client: rawDocumentClient(), tableName: process.env.TABLE_NAME!, orgcode: benchOrgcode('BGL'), ...journalSettings(), log }),
);
