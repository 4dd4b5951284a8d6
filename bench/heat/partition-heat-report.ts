import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { raiseDelayMs, raiseShards } from '../../shared/db/shard-layout';
import { tableDefinition } from '../../shared/db/table-definition';
import type { CommandLog } from '../harness/command-log';
import { benchCaller, benchOrgcode } from '../harness/local-stack';
import { type PartitionHeat, partitionHeat } from './partition-heat';
import { type SmallOrgComparison, measureSmallOrg, smallOrgEvents, smallOrgLines, smallOrgVerdicts } from './partition-heat-small-org';
import type { TargetVerdict } from '../harness/verdict';
import { type RetailDayMix, driveRetailDay, retailDayMix } from './retail-day';

/** DynamoDB's ceiling for one partition key value, a second (table or index): the target keeps half of it free. */
const partitionLimit = { wcu: 1000, rcu: 3000 } as const;
const margin = 2;
const ordersPerSecond = 1000;
/** A time-ordered partition of one organisation takes at most this many new items per order (1,000 orders/s at 1 KB, 2x margin). */
const maxTimeOrderedItemsPerOrder = 0.5;

export interface PartitionHeatResult {
  label: string;
  /** The organisation's shards (docs/decisions.md: Partition heat); 1 writes and reads the keys of before. */
  shards: number;
  mix: RetailDayMix;
  /** Every partition written or read, per order, hottest first. */
  partitions: PartitionHeat[];
}

/** A partition's share of its limit at `ordersPerSecond`: the larger of its write and read shares. */
const loadOf = (heat: PartitionHeat) => Math.max(heat.wcu / partitionLimit.wcu, heat.rcu / partitionLimit.rcu);

/**
 * Drives one fresh organisation's retail day of `orders` orders, its layout
 * raised to `shards` first, and answers the heat per partition, per order.
 */
export async function measurePartitionHeat(options: {
  label: string;
  shards: number;
  orgcode: string;
  orders: number;
  log: CommandLog;
  shared: DynamoDBDocumentClient;
  reader: DynamoDBDocumentClient;
  tableName: string;
}): Promise<PartitionHeatResult> {
  const mix = retailDayMix(options.orders);
  // A raise is written to only raiseDelayMs after it is made, once every process has reloaded the layout. This
  // organisation is fresh: nothing is written and no process holds its layout, so the raise is backdated instead of waited for.
  if (options.shards > 1) await raiseShards(options.orgcode, options.shards, new Date(Date.now() - raiseDelayMs));
  const { commands, after } = await driveRetailDay({ ...options, mix });
  const perOrder = (value: number) => value / mix.orders;
  const partitions = partitionHeat(commands, after)
    .map((heat) => ({
      ...heat,
      // Another organisation's or the platform's own partitions keep their names; this organisation's read as <org>.
      key: heat.key.split(options.orgcode).join('<org>'),
      writes: perOrder(heat.writes),
      wcu: perOrder(heat.wcu),
      rcu: perOrder(heat.rcu),
      items: perOrder(heat.items),
    }))
    .sort((a, b) => loadOf(b) - loadOf(a));
  return { label: options.label, shards: options.shards, mix, partitions };
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
/** The table's indexes (gsi3 alone since lists moved to the table), whose entries the heat derives from the items written. */
const indexNames = tableDefinition.globalSecondaryIndexes.map((index) => index.indexName).join(', ');

/** The ten hottest partition keys, per order and at 1,000 orders a second. */
export function partitionHeatLines(result: PartitionHeatResult): string[] {
  const { mix } = result;
  const header = ['where', 'partition key', 'writes/order', 'WCU/order', 'RCU/order', 'items/order', 'time-ordered', `WCU/s @${ordersPerSecond}`, `RCU/s @${ordersPerSecond}`];
  const rows = result.partitions.slice(0, 10).map((heat) => [
    heat.where,
    heat.key,
    fixed(heat.writes),
    fixed(heat.wcu),
    fixed(heat.rcu),
    fixed(heat.items),
    heat.timeOrdered ? 'yes' : 'no',
    fixed(heat.wcu * ordersPerSecond, 0),
    fixed(heat.rcu * ordersPerSecond, 0),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [
    `Partition heat (${result.label}): one organisation's burst of ${mix.orders} orders on terms by a covered associate, ${mix.orders} card tenders, ` +
      `${mix.recordedEvents} recorded events, ${mix.invoices} invoices set and paid, ${mix.comments} comments, ${mix.storageRecords} storage records; ` +
      `units per order from the command log (list copies are table items, written in their record's transaction; entries of ${indexNames} from the items written), the ten hottest keys`,
    line(header),
    ...rows.map(line),
  ];
}

export function partitionHeatVerdicts(result: PartitionHeatResult): TargetVerdict[] {
  const hottest = (pick: (heat: PartitionHeat) => number, among = result.partitions) =>
    among.reduce<PartitionHeat | undefined>((top, heat) => (!top || pick(heat) > pick(top) ? heat : top), undefined);
  const byWrites = hottest((heat) => heat.wcu);
  const byReads = hottest((heat) => heat.rcu);
  const orgTimeOrdered = result.partitions.filter((heat) => heat.timeOrdered && heat.key.startsWith('ORG#<org>#'));
  const byItems = hottest((heat) => heat.items, orgTimeOrdered);
  const named = (heat: PartitionHeat | undefined) => (heat ? ` (${heat.where} ${heat.key})` : '');
  return [
    {
      target: `partition heat (${result.label}): hottest key's WCU/s at ${ordersPerSecond} orders/s`,
      measured: `${fixed((byWrites?.wcu ?? 0) * ordersPerSecond, 0)}${named(byWrites)}`,
      limit: `${partitionLimit.wcu / margin}`,
      pass: (byWrites?.wcu ?? 0) * ordersPerSecond <= partitionLimit.wcu / margin,
    },
    {
      target: `partition heat (${result.label}): hottest key's RCU/s at ${ordersPerSecond} orders/s`,
      measured: `${fixed((byReads?.rcu ?? 0) * ordersPerSecond, 0)}${named(byReads)}`,
      limit: `${partitionLimit.rcu / margin}`,
      pass: (byReads?.rcu ?? 0) * ordersPerSecond <= partitionLimit.rcu / margin,
    },
    {
      target: `partition heat (${result.label}): new items per order in a time-ordered partition of the organisation`,
      measured: `${fixed(byItems?.items ?? 0)}${named(byItems)}`,
      limit: `${maxTimeOrderedItemsPerOrder}`,
      pass: (byItems?.items ?? 0) <= maxTimeOrderedItemsPerOrder,
    },
  ];
}

/** The shards the watch raises an organisation taking 1,000 orders a second to (docs/decisions.md: Partition heat; bench/shard-ramp/shard-ramp.ts). */
export const peakShards = 32;

/** The partition heat section: the same retail day before (one shard) and after (raised), and what a small organisation pays. */
export interface HeatSection {
  before: PartitionHeatResult;
  after: PartitionHeatResult;
  smallOrg: SmallOrgComparison[];
}

/** Measures the section in one run: two fresh organisations' retail days of `orders` orders, then a small organisation's reads, `smallOrgCalls` a side. */
export async function measureHeatSection(options: {
  orders: number;
  smallOrgCalls: number;
  log: CommandLog;
  shared: DynamoDBDocumentClient;
  reader: DynamoDBDocumentClient;
  tableName: string;
  progress: (line: string) => void;
}): Promise<HeatSection> {
  const { progress, smallOrgCalls, ...day } = options;
  progress(`partition heat before: an organisation of one shard (the keys of before), a retail day of ${options.orders} orders`);
  const before = await measurePartitionHeat({ ...day, label: 'before: one shard', shards: 1, orgcode: benchOrgcode('BH') });
  progress(`partition heat after: an organisation raised to ${peakShards} shards, the same retail day`);
  const after = await measurePartitionHeat({ ...day, label: `after: ${peakShards} shards`, shards: peakShards, orgcode: benchOrgcode('BHS') });
  progress(`small organisation: ${smallOrgEvents} events, its reads now vs unsharded, ${smallOrgCalls} calls a side`);
  const caller = await benchCaller(benchOrgcode('BHM'), ['acct_export_admin']);
  const smallOrg = await measureSmallOrg({ caller, client: options.shared, tableName: options.tableName, calls: smallOrgCalls, warmup: 20 });
  return { before, after, smallOrg };
}

export const heatSectionLines = (section: HeatSection): string[] => [
  ...partitionHeatLines(section.before),
  '',
  ...partitionHeatLines(section.after),
  '',
  ...smallOrgLines(section.smallOrg),
];

/** The targets hold for an organisation raised for its peak; the one-shard day is there to compare with. */
export const heatSectionVerdicts = (section: HeatSection): TargetVerdict[] => [...partitionHeatVerdicts(section.after), ...smallOrgVerdicts(section.smallOrg)];
