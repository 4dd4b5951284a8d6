import { createHash } from 'node:crypto';
import type { AccountingEvent } from '../../domain/events/accounting-event';
import { type DayFigures, type DayTotalsGroup, dayTotalsOf } from '../../domain/gl/journal-day-totals';
import { cancellationEventType } from '../../domain/gl/gl-mapping';
import type { GuardedUpdate } from '../atomic-write';
import type { ItemKey } from '../keys';
import { inParallel } from '../in-parallel';
import * as keys from '../keys';
import { queryAll } from '../query-page';
import { type ShardLayout, shardKey, shardKeys, shardLayout, shardOf } from '../shard-layout';
import { shardedStream } from '../sharded-read';

/**
 * The journal's day totals (shared/domain/gl/journal-day-totals.ts): one item
 * per day, group, shard and slot, added to (ADD) in the transaction of every
 * event the ledger records, so a committed event is counted once and an event
 * that failed is not; read back with consistent Queries, one range of days per
 * shard partition (docs/decisions.md: General ledger journal, trial balance).
 */

/** Items a group's totals are spread over within a shard: concurrent events of one group and day meet in a transaction 1/16 as often. */
const slotsPerShard = 16;

const groupParts = (group: DayTotalsGroup) => [group.event_type, group.channel_code ?? '', group.cccode ?? '', group.logical_guid ?? '', group.currency];

/** Where an event's figures are added up: its day totals' item (undefined for a cancellation: the trial balance reverses its order). */
export function dayTotalsTarget(event: AccountingEvent, layout: ShardLayout): { key: ItemKey; group: DayTotalsGroup; figures: DayFigures } | undefined {
  const totals = dayTotalsOf(event);
  if (!totals) return undefined;
  const shard = shardOf(event.event_id, layout);
  const slot = createHash('sha256').update(event.event_id).digest()[0]! % slotsPerShard;
  return { key: { pk: shardKey(keys.glDayTotals(event.orgcode), shard), sk: keys.glDayTotal(totals.group.day, groupParts(totals.group), slot) }, ...totals };
}

/** The item of day totals as the updates leave it: the group, its figures (numbers of minor units) and its record type. */
export function dayTotalsItem(key: ItemKey, group: DayTotalsGroup, figures: DayFigures): Record<string, unknown> {
  return { ...key, ...group, ...Object.fromEntries(Object.entries(figures).map(([name, units]) => [name, Number(units)])), record_type: dayTotalsRecordType };
}

const dayTotalsRecordType = 'gl_day_totals';

/** The update an event's transaction carries for its day totals (none for a cancellation). */
export function dayTotalsUpdates(event: AccountingEvent, layout: ShardLayout): GuardedUpdate[] {
  const target = dayTotalsTarget(event, layout);
  if (!target) return [];
  const names: Record<string, string> = { '#type': 'record_type' };
  const values: Record<string, unknown> = { ':type': dayTotalsRecordType };
  const assignments = ['#type = :type'];
  const added: string[] = [];
  Object.entries(target.group).forEach(([field, value], index) => {
    names[`#g${index}`] = field;
    values[`:g${index}`] = value;
    assignments.push(`#g${index} = :g${index}`);
  });
  Object.entries(target.figures).forEach(([figure, units], index) => {
    names[`#f${index}`] = figure;
    values[`:f${index}`] = Number(units);
    added.push(`#f${index} :f${index}`);
  });
  return [{ update: { key: target.key, expression: `SET ${assignments.join(', ')} ADD ${added.join(', ')}`, names, values } }];
}

const groupFields = ['day', 'event_type', 'channel_code', 'cccode', 'logical_guid', 'currency'] as const;

/** Every day total of the org up to `day` (included), each shard's and slot's apart: the reader adds them up. */
export async function dayTotalsUpTo(orgcode: string, day: string, each: (group: DayTotalsGroup, figures: DayFigures) => void): Promise<void> {
  const partitions = shardKeys(keys.glDayTotals(orgcode), await shardLayout(orgcode));
  await inParallel(partitions, async (partition) => {
    for await (const item of queryAll({
      KeyConditionExpression: 'pk = :pk AND sk <= :to',
      ExpressionAttributeValues: { ':pk': partition, ':to': keys.glDayTotalsUpTo(day) },
    })) {
      const group = { day: '', event_type: '', currency: '' } as DayTotalsGroup;
      const figures: DayFigures = {};
      for (const [name, value] of Object.entries(item)) {
        if ((groupFields as readonly string[]).includes(name)) (group as unknown as Record<string, unknown>)[name] = value;
        else if (name === 'count' || name.startsWith('gross') || name.startsWith('net') || name.startsWith('round') || name.startsWith('tax')) {
          figures[name] = BigInt(value as number);
        }
      }
      each(group, figures);
    }
  }, 4);
}

/** The org's cancellations dated before `before`, oldest first (what the trial balance reverses from their orders). */
export async function* cancellationsBefore(orgcode: string, before: string): AsyncGenerator<AccountingEvent> {
  const events = shardedStream(
    { partition: keys.eventsOfType(orgcode, cancellationEventType), range: { to: before }, oldestFirst: true },
    await shardLayout(orgcode),
    1000,
  );
  for await (const item of events) yield item as AccountingEvent;
}
