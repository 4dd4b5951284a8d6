import { randomInt } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type UsageTotals, noCostCentre, usageCounters } from '../domain/rollups/usage-rollup';
import type { ItemUpdate } from './atomic-write';
import { dynamo, tableName } from './client';
import * as keys from './keys';

/**
 * Partitions each day's meters of an org are spread over (docs/decisions.md:
 * Usage meters). Every write picks one at random, so a busy org's calls never
 * all update one item; a reader sums the shards.
 */
export const meterShards = 8;

/** What a meter counts: the spec's UsageTotals, so the usage rollup sums them as they are. */
export const meterCounters = usageCounters;
export type MeterTotals = UsageTotals;

export interface MeterScope {
  orgcode: string;
  /** Cost centre the usage is attributed to; absent is metered as '-'. */
  cccode?: string;
  /** The route or job that produced the usage, e.g. `/event/get` or `export_batch`. */
  surface: string;
  /** Any ISO instant of the UTC day metered. */
  day: string;
}

/** What one API call adds besides itself: its body bytes each way, whether it failed, whether it created a record. */
export type CallUsage = Pick<MeterTotals, 'records' | 'bandwidth_in_bytes' | 'bandwidth_out_bytes' | 'errors'>;

function meterUpdate(scope: MeterScope, added: Partial<MeterTotals>): ItemUpdate {
  const day = scope.day.slice(0, 10);
  const counters = meterCounters.filter((name) => added[name] !== undefined);
  return {
    key: keys.usageMeter(scope.orgcode, day, randomInt(meterShards), scope.cccode, scope.surface),
    expression:
      'SET orgcode = :org, #day = :day, cccode = :cccode, surface = :surface, record_type = :type ' +
      `ADD ${counters.map((name) => `${name} :${name}`).join(', ')}`,
    names: { '#day': 'day' },
    values: {
      ':org': scope.orgcode,
      ':day': day,
      ':cccode': scope.cccode ?? noCostCentre,
      ':surface': scope.surface,
      ':type': 'usage_meter',
      ...Object.fromEntries(counters.map((name) => [`:${name}`, added[name]])),
    },
  };
}

/** Counts one delivery (an export batch marked sent) on the day's meter, for the usage rollup to read. */
export function deliveryMeterUpdate(scope: MeterScope): ItemUpdate {
  return meterUpdate(scope, { deliveries: 1 });
}

/** Counts one API call and what it carried on the day's meter of its route. */
export function callMeterUpdate(scope: MeterScope, usage: CallUsage): ItemUpdate {
  return meterUpdate(scope, { api_calls: 1, ...usage });
}

/**
 * One UpdateItem: the counters are added atomically, so concurrent calls never
 * lose an increment. Sent as is, not through writeAtomically, so a read route's
 * bundle carries no transaction code for it.
 */
export async function meterCall(scope: MeterScope, usage: CallUsage): Promise<void> {
  const update = callMeterUpdate(scope, usage);
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: update.key,
      UpdateExpression: update.expression,
      ExpressionAttributeNames: update.names,
      ExpressionAttributeValues: update.values,
    }),
  );
}

/** A day's usage of one cost centre on one surface, summed over the shards. */
export interface DayMeter {
  cccode: string;
  surface: string;
  totals: MeterTotals;
}

async function shardItems(orgcode: string, day: string, shard: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.usageMeterPartition(orgcode, day, shard) },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * Every meter of an org on a UTC day (`YYYY-MM-DD`), one per cost centre and
 * surface, its shards summed: a Query per shard, never a Scan. Ordered by
 * cost centre, then surface. What the usage rollup turns into its records.
 */
export async function readDayMeters(orgcode: string, day: string): Promise<DayMeter[]> {
  const shards = await Promise.all(Array.from({ length: meterShards }, (_, shard) => shardItems(orgcode, day, shard)));
  const meters = new Map<string, DayMeter>();
  for (const item of shards.flat()) {
    const cccode = String(item.cccode);
    const surface = String(item.surface);
    const id = JSON.stringify([cccode, surface]);
    let meter = meters.get(id);
    if (!meter) {
      meter = { cccode, surface, totals: Object.fromEntries(meterCounters.map((name) => [name, 0])) as MeterTotals };
      meters.set(id, meter);
    }
    for (const name of meterCounters) meter.totals[name] += Number(item[name] ?? 0);
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...meters.values()].sort((a, b) => order(a.cccode, b.cccode) || order(a.surface, b.surface));
}
