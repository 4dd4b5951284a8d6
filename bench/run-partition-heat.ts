import { dynamo } from '../shared/db/client';
import { CommandLog } from './harness/command-log';
import { heatSectionLines, heatSectionVerdicts, measureHeatSection } from './heat/partition-heat-report';
import { rawDocumentClient } from './latency/route-calls';
import { runSectionAlone } from './harness/run-section';

/**
 * `npx tsx bench/run-partition-heat.ts`: the partition heat section of `npm run
 * bench` alone: a retail day of BENCH_HEAT_ORDERS orders (default 400) for an
 * organisation of one shard and for one raised to 32, what each writes and
 * reads per partition key, per order; then a small organisation's reads now
 * vs today's (BENCH_SMALL_ORG_CALLS a side, default 200).
 */
const orders = Number(process.env.BENCH_HEAT_ORDERS ?? 400);
const smallOrgCalls = Number(process.env.BENCH_SMALL_ORG_CALLS ?? 200);
const shared = new CommandLog('partition-heat');

runSectionAlone(
  async (_stack, log) => {
    const section = await measureHeatSection({
      orders,
      smallOrgCalls,
      log: shared,
      shared: dynamo(),
      reader: rawDocumentClient(),
      tableName: process.env.TABLE_NAME!,
      progress: log,
    });
    return { lines: heatSectionLines(section), verdicts: heatSectionVerdicts(section) };
  },
  () => shared.attach(dynamo()),
);
