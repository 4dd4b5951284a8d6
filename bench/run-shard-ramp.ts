import { dynamo } from '../shared/db/client';
import { CommandLog } from './harness/command-log';
import { rawDocumentClient } from './latency/route-calls';
import { runSectionAlone } from './harness/run-section';
import { measureShardRamp, shardRampEnvironments, shardRampSectionLines, shardRampSectionVerdicts } from './shard-ramp/shard-ramp-report';

/**
 * `npx tsx bench/run-shard-ramp.ts`: the shard ramp section of `npm run bench`
 * alone (bench/shard-ramp/shard-ramp.ts): one organisation ramped from 10 to
 * 1,000 orders a second and held, over each count of BENCH_RAMP_ENVIRONMENTS
 * (default 40,200,1000), then one stepped from 50 to 1,000 within a minute over
 * BENCH_STEP_ENVIRONMENTS (default 500), their shards raised by the watches
 * alone. An order's writes are those of a retail day of
 * BENCH_RAMP_PROFILE_ORDERS orders (default 200); then a small organisation's
 * calls with and without the watch (BENCH_SMALL_ORG_CALLS a side, default 200).
 */
const profileOrders = Number(process.env.BENCH_RAMP_PROFILE_ORDERS ?? 200);
const smallOrgCalls = Number(process.env.BENCH_SMALL_ORG_CALLS ?? 200);
const shared = new CommandLog('shard-ramp');

runSectionAlone(
  async (_stack, log) => {
    const section = await measureShardRamp({
      profileOrders,
      ...shardRampEnvironments(),
      smallOrgCalls,
      log: shared,
      shared: dynamo(),
      reader: rawDocumentClient(),
      tableName: process.env.TABLE_NAME!,
      progress: log,
    });
    return { lines: shardRampSectionLines(section), verdicts: shardRampSectionVerdicts(section) };
  },
  () => shared.attach(dynamo()),
);
