import { dynamo } from '../shared/db/client';
import { CommandLog } from './harness/command-log';
import { rawDocumentClient } from './latency/route-calls';
import { runSectionAlone } from './harness/run-section';
import { measureShardRamp, shardRampSectionLines, shardRampSectionVerdicts } from './shard-ramp/shard-ramp-report';

/**
 * `npx tsx bench/run-shard-ramp.ts`: the shard ramp section of `npm run bench`
 * alone (bench/shard-ramp/shard-ramp.ts): one organisation ramped from 10 to 1,000 orders
 * a second and held, its shards raised by the watch alone. An order's writes
 * are those of a retail day of BENCH_RAMP_PROFILE_ORDERS orders (default 200);
 * then a small organisation's calls with and without the watch
 * (BENCH_SMALL_ORG_CALLS a side, default 200).
 */
const profileOrders = Number(process.env.BENCH_RAMP_PROFILE_ORDERS ?? 200);
const smallOrgCalls = Number(process.env.BENCH_SMALL_ORG_CALLS ?? 200);
const shared = new CommandLog('shard-ramp');

runSectionAlone(
  async (_stack, log) => {
    const section = await measureShardRamp({
      profileOrders,
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
