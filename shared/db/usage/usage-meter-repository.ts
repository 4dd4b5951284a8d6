import { randomInt } from 'node:crypto';
import { type UsageTotals, usageCounters } from '../../domain/usage/usage-totals';
import { noCostCentre } from '../../domain/usage/cost-centre';
import type { CallTotals, LogSource, MeterChunk } from '../../domain/usage/metered-lines';
import { type ItemUpdate, writeAtomically } from '../atomic-write';
import { retryingConflicts } from '../conflict-retry';
import * as keys from '../keys';
import { queryAll } from '../query-page';

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

/**
 * The update adding `added` to a shard of the scope's meter. `storedAt`, when
 * given, is when the input arrived: the meter keeps the latest, so the usage
 * rollup can say how late the day's last input was.
 */
function meterUpdate(scope: MeterScope, added: Partial<MeterTotals>, storedAt?: Date): ItemUpdate {
  const day = scope.day.slice(0, 10);
  const counters = meterCounters.filter((name) => added[name] !== undefined);
  return {
    key: keys.usageMeter(scope.orgcode, day, randomInt(meterShards), scope.cccode, scope.surface),
    expression:
      `SET orgcode = :org, #day = :day, cccode = :cccode, surface = :surface, record_type = :type${storedAt ? ', last_input_at = :stored' : ''} ` +
      `ADD ${counters.map((name) => `${name} :${name}`).join(', ')}`,
    names: { '#day': 'day' },
    values: {
      ':org': scope.orgcode,
      ':day': day,
      ':cccode': scope.cccode ?? noCostCentre,
      ':surface': scope.surface,
      ':type': 'usage_meter',
      ...(storedAt && { ':stored': storedAt.toISOString() }),
      ...Object.fromEntries(counters.map((name) => [`:${name}`, added[name]])),
    },
  };
}

/** Counts one delivery (an export batch marked sent) on the day's meter, for the usage rollup to read. */
export function deliveryMeterUpdate(scope: MeterScope): ItemUpdate {
  return meterUpdate(scope, { deliveries: 1 });
}

/** Adds calls and what they carried to the day's meter of their route, counted at `storedAt`. */
export function callMeterUpdate(scope: MeterScope, totals: CallTotals, storedAt?: Date): ItemUpdate {
  return meterUpdate(scope, totals, storedAt);
}

/**
 * How long a chunk's marker is kept: past the dead-letter queue's 14 days, so
 * a batch redriven from it on its last day still finds the chunks it counted
 * before it failed. Lambda's own retries of a batch end within 6 hours.
 */
const chunkMarkerRetentionSeconds = 15 * 24 * 3600;

/** The chunk's marker was there: it was counted by an earlier delivery of its batch. */
class ChunkAlreadyApplied extends Error {}

/**
 * Adds a chunk's increments to their meters, each on a random shard, in one
 * transaction with the put of the chunk's marker, on the condition that the
 * marker is absent: the increments are counted once, or not at all, however
 * often the batch is delivered. A transaction conflict (another chunk adding
 * to the same shard's meter at that moment) is retried, shards drawn again.
 */
export async function applyMeterChunk(chunk: MeterChunk, source: LogSource, now: Date): Promise<'applied' | 'already applied'> {
  const marker = {
    ...keys.meterChunk(chunk.id),
    record_type: 'usage_meter_chunk',
    log_group: source.logGroup,
    log_stream: source.logStream,
    applied_at: now.toISOString(),
    expires_at_epoch: Math.floor(now.getTime() / 1000) + chunkMarkerRetentionSeconds,
  };
  try {
    return await retryingConflicts(async () => {
      await writeAtomically([
        ...chunk.increments.map((increment) => ({ update: callMeterUpdate(increment.meter, increment.totals, now) })),
        { item: marker, condition: { expression: 'attribute_not_exists(pk)' }, onConditionFailed: () => new ChunkAlreadyApplied() },
      ]);
      return 'applied' as const;
    });
  } catch (error) {
    if (error instanceof ChunkAlreadyApplied) return 'already applied';
    throw error;
  }
}

/** A day's usage of one cost centre on one surface, summed over the shards. */
export interface DayMeter {
  cccode: string;
  surface: string;
  totals: MeterTotals;
  /** When its latest input was counted; absent for meters counted before this was kept. */
  last_input_at?: string;
}

async function shardItems(orgcode: string, day: string, shard: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const shardMeters = queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.usageMeterPartition(orgcode, day, shard) },
    ConsistentRead: true,
  });
  for await (const item of shardMeters) items.push(item);
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
    const inputAt = item.last_input_at;
    if (typeof inputAt === 'string' && (meter.last_input_at === undefined || inputAt > meter.last_input_at)) meter.last_input_at = inputAt;
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...meters.values()].sort((a, b) => order(a.cccode, b.cccode) || order(a.surface, b.surface));
}
