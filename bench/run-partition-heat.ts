import { dynamo } from '../shared/db/client';
import { CommandLog } from './command-log';
import { benchOrgcode } from './local-stack';
import { measurePartitionHeat, partitionHeatLines, partitionHeatVerdicts } from './partition-heat-report';
import { rawDocumentClient } from './route-calls';
import { runSectionAlone } from './run-section';

/**
 * `npx tsx bench/run-partition-heat.ts`: the partition heat section of `npm run
 * bench` alone: one organisation's retail day of BENCH_HEAT_ORDERS orders
 * (default 400) and what it writes and reads per partition key, per order.
 */
const orders = Number(process.env.BENCH_HEAT_ORDERS ?? 400);
const shared = new CommandLog('partition-heat');

runSectionAlone(
  async (_stack, log) => {
    log(`partition heat: one organisation's retail day of ${orders} orders`);
    const heat = await measurePartitionHeat({
      label: 'today',
      orgcode: benchOrgcode('BH'),
      orders,
      log: shared,
      shared: dynamo(),
      reader: rawDocumentClient(),
      tableName: process.env.TABLE_NAME!,
    });
    return { lines: partitionHeatLines(heat), verdicts: partitionHeatVerdicts(heat) };
  },
  () => shared.attach(dynamo()),
);
