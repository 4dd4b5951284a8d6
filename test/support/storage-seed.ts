import { PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import { eventRecordPuts } from '../../shared/db/events/event-repository';
import { unsharded } from '../../shared/db/shard-layout';
import { inParallel } from '../../shared/db/in-parallel';
import * as keys from '../../shared/db/keys';
import { meterShards } from '../../shared/db/usage/usage-meter-repository';
import { buildEvent } from '../../shared/domain/events/accounting-event';
import { itemSize } from '../../shared/domain/usage/item-size';
import { bucketName, s3 } from '../../shared/s3/client';

/**
 * An organisation's stored data for the storage reconcile, written straight
 * into the bucket and the table (PutObject in parallel, BatchWriteItem), with
 * what each prefix and cost centre holds worked out as it is written.
 */

/** What a prefix (objects) or a cost centre (items) holds. */
export interface Holding {
  count: number;
  bytes: number;
}

export const seedCostCentres = ['AAAA-0000-0001', 'BBBB-0000-0002', undefined] as const;
const surfaces = ['/event/get', '/event/list'];

/** Meter items of a day: one per shard and surface. */
export const metersPerDay = meterShards * surfaces.length;

function hold(holdings: Record<string, Holding>, key: string, bytes: number): void {
  const holding = (holdings[key] ??= { count: 0, bytes: 0 });
  holding.count += 1;
  holding.bytes += bytes;
}

/** Object `index` of an organisation's seed: two directly under its prefix, then in turn under `exports/` (a level deeper, as export files are) and `attachments/`. */
function seededObject(root: string, index: number) {
  const bytes = 1 + ((index * 37) % 2000);
  if (index < 2) return { prefix: root, key: `${root}readme-${index}.txt`, bytes };
  if (index % 2 === 0) return { prefix: `${root}exports/`, key: `${root}exports/exp_${index % 40}/part-${index}.jsonl`, bytes };
  return { prefix: `${root}attachments/`, key: `${root}attachments/${index}.bin`, bytes };
}

/** `count` objects under `orgs/<org>/`, of 1 to 2,000 bytes; what each prefix then holds is added to `prefixes`. */
export async function seedObjects(orgcode: string, count: number, prefixes: Record<string, Holding> = {}): Promise<Record<string, Holding>> {
  const objects = Array.from({ length: count }, (_, index) => seededObject(`orgs/${orgcode}/`, index));
  await inParallel(
    objects,
    ({ key, bytes }) => s3().send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: Buffer.alloc(bytes, 'x') })),
    32,
  );
  for (const object of objects) hold(prefixes, object.prefix, object.bytes);
  return prefixes;
}

async function putItems(items: Record<string, unknown>[]): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) => items.slice(index * 25, index * 25 + 25));
  await inParallel(chunks, async (chunk) => {
    let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  });
}

function meterItem(orgcode: string, day: string, shard: number, surface: string, cccode: string) {
  return {
    ...keys.usageMeter(orgcode, day, shard, cccode, surface),
    orgcode,
    day,
    cccode,
    surface,
    record_type: 'usage_meter',
    api_calls: 3 + shard,
    bandwidth_in_bytes: 1024,
  };
}

/**
 * `count` table items: events each with the items stored with it (its copies
 * in the ledger's lists, its one lineage link; their cost centres in turn),
 * and the usage meters of `day` (the meters of the day after are written too,
 * but not counted: a reconcile of `day` does not read them). `count -
 * metersPerDay` must be a whole number of events' items.
 */
export async function seedItems(orgcode: string, count: number, day: string, costCentres: Record<string, Holding> = {}): Promise<Record<string, Holding>> {
  const requestContext = { orgcode, actor: 'seed', context_source: 'system' as const };
  const counted: Record<string, unknown>[] = [];
  for (let index = 0; counted.length < count - metersPerDay; index += 1) {
    const event = buildEvent(
      {
        event_type: 'order.placed',
        occurred_at: new Date(Date.parse(`${day}T00:00:00.000Z`) + index * 1000).toISOString(),
        cccode: seedCostCentres[index % seedCostCentres.length],
        amount: { currency: 'USD', amount: 10 + (index % 97) },
        reason: `Seeded order ${index}`,
        source_refs: [{ kind: 'order', id: `ord_${index}` }],
        request_context: requestContext,
      },
      { orgcode, requestContext, now: new Date() },
    );
    counted.push(...eventRecordPuts(event, unsharded).map((put) => put.item));
  }
  if (counted.length !== count - metersPerDay) throw new Error(`${count} items are not ${metersPerDay} meters and whole events`);
  for (let shard = 0; shard < meterShards; shard += 1) {
    surfaces.forEach((surface, index) => counted.push(meterItem(orgcode, day, shard, surface, index === 0 ? '-' : 'AAAA-0000-0001')));
  }
  const dayAfter = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  const uncounted = Array.from({ length: meterShards }, (_, shard) => meterItem(orgcode, dayAfter, shard, surfaces[0]!, '-'));
  await putItems([...counted, ...uncounted]);
  for (const item of counted) hold(costCentres, typeof item.cccode === 'string' ? item.cccode : '-', itemSize(item));
  return costCentres;
}
