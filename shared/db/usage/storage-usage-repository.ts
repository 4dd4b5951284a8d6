import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError } from '../../domain/errors';
import { type StorageUsageRecord, usageInstant } from '../../domain/usage/storage-usage';
import { markDay } from '../rollups/active-day-repository';
import { type GuardedPut, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import { type Page, type StartKey, queryPage } from '../query-page';

/**
 * The two items a record is stored as (docs/decisions.md: Storage usage): the
 * record under its id, and its listing copy in the org's usage partition,
 * whose gsi1 and gsi2 keys make a service and a cost centre key conditions.
 * A record without a cost centre stays out of gsi2.
 */
export function storageUsageItems(usage: StorageUsageRecord): { record: Record<string, unknown>; listing: Record<string, unknown> } {
  const listedAt = timeOrderedKey(usageInstant(usage), usage.usage_id);
  return {
    record: { ...keys.storageUsage(usage.orgcode, usage.usage_id), record_type: 'storage_usage', ...usage },
    listing: {
      pk: keys.storageUsages(usage.orgcode),
      sk: listedAt,
      record_type: 'storage_usage_listing',
      gsi1pk: keys.storageUsagesOfService(usage.orgcode, usage.service),
      gsi1sk: listedAt,
      ...(usage.cccode !== undefined && {
        gsi2pk: keys.storageUsagesOfCostCentre(usage.orgcode, usage.cccode),
        gsi2sk: listedAt,
      }),
      ...usage,
    },
  };
}

/**
 * Stores a record and its listing copy, and the idempotency record when given,
 * in one transaction, once the day it counts on is marked metered (the usage
 * rollup of that day reads it). The idempotency record goes first so that
 * losing a same-key race is told apart from a duplicate id.
 */
export async function recordStorageUsage(usage: StorageUsageRecord, idempotencyRecord?: GuardedPut): Promise<void> {
  const { record, listing } = storageUsageItems(usage);
  await markDay('metered', usage.orgcode, usageInstant(usage));
  await writeAtomically([
    ...(idempotencyRecord ? [idempotencyRecord] : []),
    {
      item: record,
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('usage_id', usage.usage_id),
    },
    { item: listing },
  ]);
}

/**
 * Stores a storage reconcile's record (docs/decisions.md: Storage reconcile)
 * as recordStorageUsage does, but without the duplicate-id guard: its id is
 * derived from what it measures, so a re-run puts the same two items again,
 * overwriting them (the listing copy's key is the same too: the same window
 * start and id).
 */
export async function saveReconciledStorageUsage(usage: StorageUsageRecord): Promise<void> {
  const { record, listing } = storageUsageItems(usage);
  await markDay('metered', usage.orgcode, usageInstant(usage));
  await writeAtomically([{ item: record }, { item: listing }]);
}

/**
 * Records are immutable, so any copy found is current: an eventually
 * consistent read answers, and only a miss, which may be a record written a
 * moment ago, is confirmed by a consistent read.
 */
export async function findStorageUsage(orgcode: string, usageId: string): Promise<StorageUsageRecord | undefined> {
  for (const consistent of [false, true]) {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.storageUsage(orgcode, usageId), ConsistentRead: consistent }),
    );
    if (Item) return withoutStorageAttributes<StorageUsageRecord>(Item);
  }
  return undefined;
}

export interface StorageUsageFilter {
  resource_type?: string;
  service?: string;
  cccode?: string;
  logical_guid?: string;
  channel_code?: string;
  from_utc?: string;
  to_utc?: string;
}

/** Filters compared on the items a query reads, when they are not its partition. */
const attributeFilters = ['resource_type', 'service', 'cccode', 'logical_guid', 'channel_code'] as const;

/**
 * The query over the listing copies in the order they are listed at: a cost
 * centre's partition (gsi2) when one is asked for, else a service's (gsi1),
 * else the org's; the other filters are compared on the items read. from_utc
 * is inclusive and to_utc exclusive (a sort key `<to_utc>#id` sorts after
 * `<to_utc>`).
 */
function storageUsageQuery(orgcode: string, filter: StorageUsageFilter) {
  const partition =
    filter.cccode !== undefined
      ? { index: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk', value: keys.storageUsagesOfCostCentre(orgcode, filter.cccode), keyed: 'cccode' }
      : filter.service !== undefined
        ? { index: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk', value: keys.storageUsagesOfService(orgcode, filter.service), keyed: 'service' }
        : { index: undefined, pk: 'pk', sk: 'sk', value: keys.storageUsages(orgcode), keyed: undefined };
  const names: Record<string, string> = { '#pk': partition.pk };
  const values: Record<string, unknown> = { ':pk': partition.value };

  let keyCondition = '#pk = :pk';
  if (filter.from_utc !== undefined || filter.to_utc !== undefined) names['#sk'] = partition.sk;
  if (filter.from_utc !== undefined && filter.to_utc !== undefined) {
    keyCondition += ' AND #sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': filter.from_utc, ':to': filter.to_utc });
  } else if (filter.from_utc !== undefined) {
    keyCondition += ' AND #sk >= :from';
    values[':from'] = filter.from_utc;
  } else if (filter.to_utc !== undefined) {
    keyCondition += ' AND #sk < :to';
    values[':to'] = filter.to_utc;
  }

  const conditions: string[] = [];
  for (const field of attributeFilters) {
    const value = filter[field];
    if (value === undefined || field === partition.keyed) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    conditions.push(`#${field} = :${field}`);
  }

  return {
    IndexName: partition.index,
    KeyConditionExpression: keyCondition,
    FilterExpression: conditions.length ? conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

export function listStorageUsage(
  orgcode: string,
  filter: StorageUsageFilter,
  limit: number,
  startKey?: StartKey,
): Promise<Page<StorageUsageRecord>> {
  return queryPage(storageUsageQuery(orgcode, filter), limit, startKey, (item) =>
    withoutStorageAttributes<StorageUsageRecord>(item),
  );
}
