import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CommandLog } from '../harness/command-log';
import { benchCaller, benchOrgcode } from '../harness/local-stack';
import { measurePartitionHeat } from '../heat/partition-heat-report';
import type { TargetVerdict } from '../harness/verdict';
import { type KeyShare, type RampReport, runShardRamp } from './shard-ramp';
import { type RampPlan, rampPlan, stepPlan } from './shard-ramp-plans';
import { orderModel } from './shard-ramp-model';
import { type WatchCost, measureWatchCost, watchCostLines, watchCostVerdicts } from './shard-watch-cost';

/**
 * The shard ramp section of `npm run bench` (`npx tsx bench/run-shard-ramp.ts`
 * alone): a retail day of `profileOrders` orders through the real code paths
 * for an organisation of one shard gives an order's writes and reads; then
 * fresh organisations are loaded with them (bench/shard-ramp/shard-ramp.ts):
 * the ramp from 10 to 1,000 orders a second over each count of
 * `rampEnvironments`, and the step from 50 to 1,000 within a minute over
 * `stepEnvironments`; last, what the watch costs a small organisation's calls
 * (bench/shard-ramp/shard-watch-cost.ts).
 */

export interface ShardRampSection {
  ramps: RampReport[];
  step: RampReport | undefined;
  cost: WatchCost;
}

/** Throttled write attempts, of every write sent, the ramp stays within. */
const maxThrottledShare = 0.001;
/** The hottest key's share of its limit once the peak has held: DynamoDB's 1,000 WCU/s with a 2x margin. */
const maxHottestShare = 0.5;

/**
 * The environments the ramp runs over, each count a run (`BENCH_RAMP_ENVIRONMENTS`, default 40,200,1000), and the
 * step's (`BENCH_STEP_ENVIRONMENTS`, default 500; 0 leaves the step out): what `npm run bench` and the section alone read.
 */
export function shardRampEnvironments(): { rampEnvironments: number[]; stepEnvironments: number } {
  const rampEnvironments = (process.env.BENCH_RAMP_ENVIRONMENTS ?? '40,200,1000').split(',').map(Number);
  const stepEnvironments = Number(process.env.BENCH_STEP_ENVIRONMENTS ?? 500);
  if (!rampEnvironments.every((count) => Number.isInteger(count) && count > 0) || !(Number.isInteger(stepEnvironments) && stepEnvironments >= 0)) {
    throw new Error('BENCH_RAMP_ENVIRONMENTS is a list of whole numbers above 0 and BENCH_STEP_ENVIRONMENTS a whole number');
  }
  return { rampEnvironments, stepEnvironments };
}

export async function measureShardRamp(options: {
  profileOrders: number;
  rampEnvironments: readonly number[];
  /** The step's environments; 0 leaves it out. */
  stepEnvironments: number;
  smallOrgCalls: number;
  log: CommandLog;
  shared: DynamoDBDocumentClient;
  reader: DynamoDBDocumentClient;
  tableName: string;
  progress: (line: string) => void;
}): Promise<ShardRampSection> {
  const { progress, profileOrders, smallOrgCalls, rampEnvironments, stepEnvironments, ...day } = options;
  progress(`shard ramp: an order's writes from a retail day of ${profileOrders} orders at one shard`);
  const profile = await measurePartitionHeat({ ...day, label: 'ramp profile', shards: 1, orgcode: benchOrgcode('BRP'), orders: profileOrders });
  const run = async (plan: RampPlan) => {
    const orgcode = benchOrgcode('BRR');
    progress(`shard ramp: ${plan.shape}, over ${plan.environments} environments, on the virtual clock`);
    return runShardRamp(orderModel(profile.partitions, encodeURIComponent(orgcode)), orgcode, plan, progress);
  };
  const ramps: RampReport[] = [];
  for (const environments of rampEnvironments) ramps.push(await run(rampPlan(environments)));
  const step = stepEnvironments > 0 ? await run(stepPlan(stepEnvironments)) : undefined;
  progress(`shard watch: a small organisation's /event/record with and without it, ${smallOrgCalls} calls a side`);
  const caller = await benchCaller(benchOrgcode('BRS'), ['acct_export_admin']);
  const cost = await measureWatchCost({ caller, client: options.shared, calls: smallOrgCalls, warmup: 20 });
  return { ramps, step, cost };
}

const clock = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const keyOf = (share: KeyShare) => `${share.where} ${share.key.replace(/^ORG#[^#]+#/, 'ORG#<org>#')}`;

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === rows[0]!.length - 1 ? cell : cell.padStart(widths[column]!))).join('  ');
  return [line(header), ...rows.map(line)];
}

export const shardRampSectionLines = (section: ShardRampSection): string[] => [
  ...section.ramps.flatMap((ramp) => [...shardRampLines(ramp), '']),
  ...(section.step ? [...shardRampLines(section.step), ...stepLines(section.step), ''] : []),
  ...watchCostLines(section.cost),
];

export const shardRampSectionVerdicts = (section: ShardRampSection): TargetVerdict[] => [...section.ramps.flatMap(shardRampVerdicts), ...watchCostVerdicts(section.cost)];

const count = (value: number) => Math.round(value).toLocaleString('en-US');

function shardRampLines(report: RampReport): string[] {
  const { plan, totals } = report;
  const rows = report.rows.map((row) => [
    `${clock(row.fromSecond)}-${clock(row.toSecond)}`,
    row.ordersPerSecond.toFixed(0),
    count(row.orders),
    count(row.writes),
    count(row.throttledWrites),
    count(row.failedWrites),
    count(row.reports),
    String(row.writeShards),
    percent(row.hottest.meanShare),
    percent(row.hottest.peakSecondShare),
    keyOf(row.hottest),
  ]);
  const raises = report.raises.map((raise) => {
    const second = (Date.parse(raise.at) - report.startedAt) / 1000;
    return [
      clock(second),
      plan.ordersPerSecond(second).toFixed(0),
      `${raise.from_shards} -> ${raise.to_shards}`,
      clock((Date.parse(raise.effective_at) - report.startedAt) / 1000),
      raise.trigger,
      raise.reason,
    ];
  });
  return [
    `Shard ramp over ${plan.environments} environments: one organisation ${plan.shape}, no operator step; virtual clock ` +
      `(${(report.elapsedMs / 1000).toFixed(0)} s of this machine for ${plan.seconds / 60} min), each order writing what the real code wrote per order from ` +
      `an environment drawn at random, each environment with a shard watch of its own, against the AWS-like mode's ${report.limits.write} WCU/s and ` +
      `${report.limits.read} RCU/s a partition key; the organisation's layout, watches' counters and raises the real ones on DynamoDB Local`,
    ...table(['minutes', 'orders/s', 'orders', 'writes', 'throttled', 'failed', 'watch reports', 'shards', 'hottest key', 'its peak second', 'which'], rows),
    '',
    `Raises (by the watches, on the virtual clock; ${plan.environments} environments)`,
    ...(raises.length ? table(['at', 'orders/s', 'shards', 'written to from', 'trigger', 'why'], raises) : ['none']),
    '',
    `Totals: ${count(totals.orders)} orders, ${count(totals.writes)} writes, ${count(totals.throttledWrites)} throttled attempts (${percent(totals.throttledWrites / totals.writes)}), ` +
      `${count(totals.failedWrites)} writes answered as failures, ${totals.throttledReads} reads throttled, ${count(totals.reports)} watch reports ` +
      `(${(totals.reports / (plan.seconds)).toFixed(1)} a second on the organisation's counter key); ` +
      `hottest key over the last minute: ${keyOf(report.finalHottest)} at ${percent(report.finalHottest.meanShare)} of its limit (its peak second ${percent(report.finalHottest.peakSecondShare)})`,
  ];
}

/** The step's figures: the throttled share and how long after the step's start the last write was throttled. */
function stepLines(report: RampReport): string[] {
  const { totals, plan } = report;
  const throttledFor = report.lastThrottledSecond === undefined ? undefined : report.lastThrottledSecond + 1 - (plan.changeAt ?? 0);
  return [
    `Step over ${plan.environments} environments: ${percent(totals.throttledWrites / totals.writes)} of write attempts throttled, ` +
      `${count(totals.failedWrites)} writes answered as failures (${percent(totals.failedWrites / totals.writes)}); ` +
      (throttledFor === undefined ? 'no write throttled.' : `the last throttled ${(throttledFor / 60).toFixed(1)} min after the step began.`),
  ];
}

function shardRampVerdicts(report: RampReport): TargetVerdict[] {
  const { totals, finalHottest, plan } = report;
  const over = `over ${plan.environments} environments`;
  const throttledShare = totals.throttledWrites / totals.writes;
  return [
    { target: `shard ramp ${over}: writes answered as a failure`, measured: String(Math.round(totals.failedWrites)), limit: '0', pass: totals.failedWrites === 0 },
    {
      target: `shard ramp ${over}: throttled write attempts, of all writes`,
      measured: percent(throttledShare),
      limit: `<= ${percent(maxThrottledShare)}`,
      pass: throttledShare <= maxThrottledShare,
    },
    {
      target: `shard ramp ${over}: hottest key's share of its limit in the hold's last minute`,
      measured: `${percent(finalHottest.meanShare)} (${keyOf(finalHottest)})`,
      limit: `<= ${percent(maxHottestShare)}`,
      pass: finalHottest.meanShare <= maxHottestShare,
    },
    {
      target: `shard ramp ${over}: raises not by the watch`,
      measured: String(report.raises.filter((raise) => raise.trigger !== 'automatic').length),
      limit: '0',
      pass: report.raises.length > 0 && report.raises.every((raise) => raise.trigger === 'automatic'),
    },
  ];
}
