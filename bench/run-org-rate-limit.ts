import { noteNodeVersionOnce } from '../shared/local/node-version-notice';
import { benchCaller, benchOrgcode, startBenchStack } from './local-stack';
import { measureOrgRateLimit, orgRateLimitSection, orgRateLimitVerdicts } from './org-rate-limit';

/**
 * `npx tsx bench/run-org-rate-limit.ts`: the per-organisation limit section of
 * `npm run bench` alone, on a stack of its own whose limit is the deployed
 * default (BENCH_ORG_RATE_PER_SECOND, default 20, burst twice that). Prints the
 * section's table and targets; writes no results file. Exits non-zero only
 * when the benchmark itself fails.
 */
const perSecond = Number(process.env.BENCH_ORG_RATE_PER_SECOND ?? 20);
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function main(): Promise<void> {
  noteNodeVersionOnce(log);
  const stack = await startBenchStack(0, () => {
    process.env.ORG_RATE_LIMIT_PER_SECOND = String(perSecond);
    process.env.ORG_RATE_LIMIT_BURST = String(perSecond * 2);
  });
  try {
    const callers = {
      overloaded: { shared: await benchCaller(benchOrgcode('RS'), ['acct_view']), environment: await benchCaller(benchOrgcode('RE'), ['acct_view']) },
      unlimited: await benchCaller(benchOrgcode('RU'), ['acct_view']),
    };
    log('per-organisation limit: 8 environments at 5x the limit, shared and per environment, then unlimited calls');
    const report = await measureOrgRateLimit(callers);
    const rows = orgRateLimitVerdicts(report);
    console.log([...orgRateLimitSection(report), 'Targets', ...rows.map((row) => `${row.pass ? 'PASS' : 'MISS'} ${row.target}: ${row.measured} (limit ${row.limit})`)].join('\n'));
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
