import { benchCaller, benchOrgcode } from './local-stack';
import { measureOrgRateLimit, orgRateLimitSection, orgRateLimitVerdicts } from './org-rate-limit';
import { runSectionAlone } from './run-section';

/**
 * `npx tsx bench/run-org-rate-limit.ts`: the per-organisation limit section of
 * `npm run bench` alone, on a stack whose limit is the deployed default
 * (BENCH_ORG_RATE_PER_SECOND, default 20, burst twice that).
 */
const perSecond = Number(process.env.BENCH_ORG_RATE_PER_SECOND ?? 20);

runSectionAlone(
  async (_stack, log) => {
    const callers = {
      overloaded: { shared: await benchCaller(benchOrgcode('RS'), ['acct_view']), environment: await benchCaller(benchOrgcode('RE'), ['acct_view']) },
      unlimited: await benchCaller(benchOrgcode('RU'), ['acct_view']),
    };
    log('per-organisation limit: 8 environments at 5x the limit, shared and per environment, then unlimited calls');
    const report = await measureOrgRateLimit(callers);
    return { lines: orgRateLimitSection(report), verdicts: orgRateLimitVerdicts(report) };
  },
  () => {
    process.env.ORG_RATE_LIMIT_PER_SECOND = String(perSecond);
    process.env.ORG_RATE_LIMIT_BURST = String(perSecond * 2);
  },
);
