import { measureVirtualOrgRateLimit, virtualOrgRateLimitSection, virtualOrgRateLimitVerdicts } from './rate-limit/org-rate-limit-virtual';

/**
 * `npx tsx bench/run-org-rate-limit-virtual.ts`: the per-organisation limit's
 * rows on a virtual clock (bench/rate-limit/org-rate-limit-virtual.ts), at the
 * deployed default (BENCH_ORG_RATE_PER_SECOND, default 20, burst twice that),
 * BENCH_ORG_RATE_SECONDS a row (default 60), BENCH_ORG_RATE_ROUND_TRIP_MS a
 * request's round trip (default 10). No stack: seconds, not minutes.
 */
const perSecond = Number(process.env.BENCH_ORG_RATE_PER_SECOND ?? 20);
const seconds = Number(process.env.BENCH_ORG_RATE_SECONDS ?? 60);
const roundTripMs = Number(process.env.BENCH_ORG_RATE_ROUND_TRIP_MS ?? 10);

measureVirtualOrgRateLimit({ perSecond, burst: perSecond * 2 }, { seconds, roundTripMs }).then(
  (report) => {
    const verdicts = virtualOrgRateLimitVerdicts(report);
    console.log([...virtualOrgRateLimitSection(report), 'Targets', ...verdicts.map((row) => `${row.pass ? 'PASS' : 'MISS'} ${row.target}: ${row.measured} (limit ${row.limit})`)].join('\n'));
  },
  (error: unknown) => {
    console.error('bench failed:', error);
    process.exit(1);
  },
);
