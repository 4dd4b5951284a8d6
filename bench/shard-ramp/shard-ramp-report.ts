import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CommandLog } from '../harness/command-log';
import { benchCaller, benchOrgcode } from '../harness/local-stack';
import { measurePartitionHeat } from '../heat/partition-heat-report';
import type { TargetVerdict } from '../harness/verdict';
import { type KeyShare, type RampReport, rampPlan, rateAt, runShardRamp } from './shard-ramp';
import { orderModel } from './shard-ramp-model';
import { type WatchCost, measureWatchCost, watchCostLines, watchCostVerdicts } from './shard-watch-cost';

/**
 * The shard ramp section of `npm run bench` (`npx tsx bench/run-shard-ramp.ts`
 * alone): a retail day of `profileOrders` orders through the real code paths
 * for an organisation of one shard gives an order's writes and reads, then
 * another organisation is ramped with them (bench/shard-ramp/shard-ramp.ts); last, what
 * the watch costs a small organisation's calls (bench/shard-ramp/shard-watch-cost.ts).
 */

export interface ShardRampSection {
  ramp: RampReport;
  cost: WatchCost;
}

/** Throttled write attempts, of every write sent, the ramp stays within. */
const maxThrottledShare = 0.001;
/** The hottest key's share of its limit once the peak has held: DynamoDB's 1,000 WCU/s with a 2x margin. */
const maxHottestShare = 0.5;

export async function measureShardRamp(options: {
  profileOrders: number;
  smallOrgCalls: number;
  log: CommandLog;
  shared: DynamoDBDocumentClient;
  reader: DynamoDBDocumentClient;
  tableName: string;
  progress: (line: string) => void;
}): Promise<ShardRampSection> {
  const { progress, profileOrders, smallOrgCalls, ...day } = options;
  progress(`shard ramp: an order's writes from a retail day of ${profileOrders} orders at one shard`);
  const profile = await measurePartitionHeat({ ...day, label: 'ramp profile', shards: 1, orgcode: benchOrgcode('BRP'), orders: profileOrders });
  const orgcode = benchOrgcode('BRR');
  const model = orderModel(profile.partitions, encodeURIComponent(orgcode));
  progress(`shard ramp: ${rampPlan.fromPerSecond} to ${rampPlan.toPerSecond} orders a second over ${rampPlan.rampSeconds / 60} min, held ${rampPlan.holdSeconds / 60} min, on the virtual clock`);
  const ramp = await runShardRamp(model, orgcode, rampPlan, progress);
  progress(`shard watch: a small organisation's /event/record with and without it, ${smallOrgCalls} calls a side`);
  const caller = await benchCaller(benchOrgcode('BRS'), ['acct_export_admin']);
  const cost = await measureWatchCost({ caller, client: options.shared, calls: smallOrgCalls, warmup: 20 });
  return { ramp, cost };
}

const clock = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const keyOf = (share: KeyShare) => `${share.where} ${share.key.replace(/^ORG#[^#]+#/, 'ORG#<org>#')}`;

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === rows[0]!.length - 1 ? cell : cell.padStart(widths[column]!))).join('  ');
  return [line(header), ...rows.map(line)];
}

export const shardRampSectionLines = (section: ShardRampSection): string[] => [...shardRampLines(section.ramp), '', ...watchCostLines(section.cost)];

export const shardRampSectionVerdicts = (section: ShardRampSection): TargetVerdict[] => [...shardRampVerdicts(section.ramp), ...watchCostVerdicts(section.cost)];

function shardRampLines(report: RampReport): string[] {
  const { plan, totals } = report;
  const rows = report.rows.map((row) => [
    `${clock(row.fromSecond)}-${clock(row.toSecond)}`,
    row.ordersPerSecond.toFixed(0),
    String(row.orders),
    String(Math.round(row.writes)),
    String(Math.round(row.throttledWrites)),
    String(Math.round(row.failedWrites)),
    String(row.writeShards),
    percent(row.hottest.meanShare),
    percent(row.hottest.peakSecondShare),
    keyOf(row.hottest),
  ]);
  const raises = report.raises.map((raise) => {
    const second = (Date.parse(raise.at) - report.startedAt) / 1000;
    return [
      clock(second),
      rateAt(plan, second).toFixed(0),
      `${raise.from_shards} -> ${raise.to_shards}`,
      clock((Date.parse(raise.effective_at) - report.startedAt) / 1000),
      raise.trigger,
      raise.reason,
    ];
  });
  return [
    `Shard ramp: one organisation from ${plan.fromPerSecond} to ${plan.toPerSecond} orders a second over ${plan.rampSeconds / 60} min (the same factor every second), ` +
      `held ${plan.holdSeconds / 60} min, no operator step; virtual clock (${(report.elapsedMs / 1000).toFixed(0)} s of this machine for ${(plan.rampSeconds + plan.holdSeconds) / 60} min), ` +
      `each order writing what the real code wrote per order, against the AWS-like mode's ${report.limits.write} WCU/s and ${report.limits.read} RCU/s a partition key; ` +
      'the organisation\'s layout, watch and raises the real ones on DynamoDB Local',
    ...table(['minutes', 'orders/s', 'orders', 'writes', 'throttled', 'failed', 'shards', 'hottest key', 'its peak second', 'which'], rows),
    '',
    'Raises (by the watch, on the virtual clock)',
    ...(raises.length ? table(['at', 'orders/s', 'shards', 'written to from', 'trigger', 'why'], raises) : ['none']),
    '',
    `Totals: ${totals.orders} orders, ${Math.round(totals.writes)} writes, ${Math.round(totals.throttledWrites)} throttled attempts (${percent(totals.throttledWrites / totals.writes)}), ` +
      `${Math.round(totals.failedWrites)} writes answered as failures, ${totals.throttledReads} reads throttled; ` +
      `hottest key over the hold's last minute: ${keyOf(report.finalHottest)} at ${percent(report.finalHottest.meanShare)} of its limit (its peak second ${percent(report.finalHottest.peakSecondShare)})`,
  ];
}

function shardRampVerdicts(report: RampReport): TargetVerdict[] {
  const { totals, finalHottest } = report;
  const throttledShare = totals.throttledWrites / totals.writes;
  return [
    { target: 'shard ramp: writes answered as a failure', measured: String(Math.round(totals.failedWrites)), limit: '0', pass: totals.failedWrites === 0 },
    {
      target: 'shard ramp: throttled write attempts, of all writes',
      measured: percent(throttledShare),
      limit: `<= ${percent(maxThrottledShare)}`,
      pass: throttledShare <= maxThrottledShare,
    },
    {
      target: `shard ramp: hottest key's share of its limit once the peak has held ${report.plan.holdSeconds / 60} min (its last minute)`,
      measured: `${percent(finalHottest.meanShare)} (${keyOf(finalHottest)})`,
      limit: `<= ${percent(maxHottestShare)}`,
      pass: finalHottest.meanShare <= maxHottestShare,
    },
    { target: 'shard ramp: operator steps', measured: String(report.raises.filter((raise) => raise.trigger === 'operator').length), limit: '0', pass: report.raises.every((raise) => raise.trigger === 'automatic') },
  ];
}
