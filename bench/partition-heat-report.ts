import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CommandLog } from './command-log';
import { type PartitionHeat, partitionHeat } from './partition-heat';
import type { TargetVerdict } from './report';
import { type RetailDayMix, driveRetailDay, retailDayMix } from './retail-day';

/** DynamoDB's ceiling for one partition key value, a second (table or index): the target keeps half of it free. */
const partitionLimit = { wcu: 1000, rcu: 3000 } as const;
const margin = 2;
const ordersPerSecond = 1000;
/** A time-ordered partition of one organisation takes at most this many new items per order (1,000 orders/s at 1 KB, 2x margin). */
const maxTimeOrderedItemsPerOrder = 0.5;

export interface PartitionHeatResult {
  label: string;
  mix: RetailDayMix;
  /** Every partition written or read, per order, hottest first. */
  partitions: PartitionHeat[];
}

/** A partition's share of its limit at `ordersPerSecond`: the larger of its write and read shares. */
const loadOf = (heat: PartitionHeat) => Math.max(heat.wcu / partitionLimit.wcu, heat.rcu / partitionLimit.rcu);

/** Drives one fresh organisation's retail day of `orders` orders and answers the heat per partition, per order. */
export async function measurePartitionHeat(options: {
  label: string;
  orgcode: string;
  orders: number;
  log: CommandLog;
  shared: DynamoDBDocumentClient;
  reader: DynamoDBDocumentClient;
  tableName: string;
}): Promise<PartitionHeatResult> {
  const mix = retailDayMix(options.orders);
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
  return { label: options.label, mix, partitions };
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);

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
      'units per order from the command log (index entries from the items written), the ten hottest keys',
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
