import { noteNodeVersionOnce } from '../shared/local/node-version-notice';
import { measureAgingReport } from './aging-report';
import { checkSeedBuilders } from './invoice-seed';
import { benchOrgcode, startBenchStack } from './local-stack';
import { agingSection, agingVerdicts } from './report';
import { rawDocumentClient } from './route-calls';

/**
 * `npx tsx bench/run-aging.ts`: the aging report section of `npm run bench`
 * alone, on a stack of its own (DynamoDB Local and the local API, no events
 * seeded): the seed builders' check, then the section over
 * BENCH_AR_INVOICES open invoices (default 50,000) with the bench's limit of
 * 256 rows a call. Prints the section's table and targets; writes no results
 * file. Exits non-zero only when the benchmark itself fails.
 */
const invoices = Number(process.env.BENCH_AR_INVOICES ?? 50_000);
const limit = 256;

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function main(): Promise<void> {
  noteNodeVersionOnce(log);
  const stack = await startBenchStack(0, () => undefined);
  try {
    const seeder = rawDocumentClient();
    const tableName = process.env.TABLE_NAME!;
    await checkSeedBuilders(seeder, tableName, benchOrgcode('BV'));
    log(`aging report over ${invoices} open invoices: seeding, then paging through it`);
    const aging = await measureAgingReport({ client: seeder, tableName, baseUrl: stack.api.baseUrl, orgcode: benchOrgcode('BA'), invoices, limit, log });
    const rows = agingVerdicts(aging);
    console.log([...agingSection(aging), 'Targets', ...rows.map((row) => `${row.pass ? 'PASS' : 'MISS'} ${row.target}: ${row.measured} (limit ${row.limit})`)].join('\n'));
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench failed:', error);
    process.exit(1);
  },
);
