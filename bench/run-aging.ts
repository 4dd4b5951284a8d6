import { measureAgingReport } from './aging/aging-report';
import { checkSeedBuilders } from './latency/invoice-seed';
import { benchOrgcode } from './harness/local-stack';
import { agingSection, agingVerdicts } from './report';
import { rawDocumentClient } from './latency/route-calls';
import { runSectionAlone } from './harness/run-section';

/**
 * `npx tsx bench/run-aging.ts`: the aging report section of `npm run bench`
 * alone: the seed builders' check, then the section over BENCH_AR_INVOICES open
 * invoices (default 50,000) with the bench's limit of 256 rows a call.
 */
const invoices = Number(process.env.BENCH_AR_INVOICES ?? 50_000);
const limit = 256;

runSectionAlone(async (stack, log) => {
  const seeder = rawDocumentClient();
  const tableName = process.env.TABLE_NAME!;
  await checkSeedBuilders(seeder, tableName, benchOrgcode('BV'));
  log(`aging report over ${invoices} open invoices: seeding, then paging through it`);
  const aging = await measureAgingReport({ client: seeder, tableName, baseUrl: stack.api.baseUrl, orgcode: benchOrgcode('BA'), invoices, limit, log });
  return { lines: agingSection(aging), verdicts: agingVerdicts(aging) };
});
