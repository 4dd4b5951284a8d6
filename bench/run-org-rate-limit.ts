import { awsLikeVariable } from '../shared/local/aws-like-options';
import { benchCaller, benchOrgcode } from './harness/local-stack';
import { measureOrgRateLimit, orgRateLimitLoads, orgRateLimitSection, orgRateLimitVerdicts } from './rate-limit/org-rate-limit';
import { runSectionAlone } from './harness/run-section';

/**
 * `npx tsx bench/run-org-rate-limit.ts` (also the last part of `npm run bench`):
 * the per-organisation limit section on a stack of its own in the AWS-like
 * mode (its defaults: the partition throughput of AWS, 1,000 WCU/s per
 * partition key, and its faults), whose limit is the deployed default
 * (BENCH_ORG_RATE_PER_SECOND, default 20, burst twice that), BENCH_ORG_RATE_SECONDS
 * a row (default 30: an environment's first take and claim are once in its
 * life, which on AWS is minutes to hours, where a row of 10 s is four calls an
 * environment at 1x over 50).
 */
const perSecond = Number(process.env.BENCH_ORG_RATE_PER_SECOND ?? 20);
const seconds = Number(process.env.BENCH_ORG_RATE_SECONDS ?? 30);

runSectionAlone(
  async (stack, log) => {
    const awsLike = stack.api.awsLike;
    if (!awsLike) throw new Error(`the AWS-like mode is off: ${awsLikeVariable} was not read`);
    const callers = {
      overloaded: await Promise.all(orgRateLimitLoads.map(() => benchCaller(benchOrgcode('RS'), ['acct_view']))),
      unlimited: await benchCaller(benchOrgcode('RU'), ['acct_view']),
    };
    const report = await measureOrgRateLimit(awsLike, callers, { seconds, log });
    return { lines: orgRateLimitSection(report), verdicts: orgRateLimitVerdicts(report) };
  },
  () => {
    process.env.ORG_RATE_LIMIT_PER_SECOND = String(perSecond);
    process.env.ORG_RATE_LIMIT_BURST = String(perSecond * 2);
    process.env[awsLikeVariable] = process.env[awsLikeVariable] || '1';
  },
);
