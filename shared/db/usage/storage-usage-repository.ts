import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError } from '../../domain/errors';
import { type StorageUsageRecord, usageInstant } from '../../domain/usage/storage-usage';
import { markDay } from '../active-days';
import { type GuardedPut, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import { type Listing, listingPuts } from '../listings';
import { type Page, type StartKey, queryPage } from '../query-page';

/** The record as stored under its own id (docs/decisions.md: Storage usage): get by id, the duplicate-id guard. */
function storageUsageItem(usage: StorageUsageRecord): Record<string, unknown> {
  return { ...keys.storageUsage(usage.orgcode, usage.usage_id), record_type: 'storage_usage', ...usage };
}

/**
 * Where a record is listed (shared/db/listings.ts; docs/decisions.md:
 * Acknowledged writes are listed), each a list partition on the table, by the
 * instant it counts at, then id: the org's usage, its service's, and its cost
 * centre's (only a record with a cost centre). A record is immutable, so its
 * copies are written once, with it.
 */
export function storageUsageListings(usage: StorageUsageRecord): Listing[] {
  const sortKey = timeOrderedKey(usageInstant(usage), usage.usage_id);
  return [
    { partition: keys.storageUsages(usage.orgcode), sortKey },
    { partition: keys.storageUsagesOfService(usage.orgcode, usage.service), sortKey },
    ...(usage.cccode !== undefined ? [{ partition: keys.storageUsagesOfCostCentre(usage.orgcode, usage.cccode), sortKey }] : []),
  ];
}

/**
 * Stores a record and its copies in its lists, and the idempotency record
 * when given, in one transaction (at most 5 actions), once the day it counts
 * on is marked metered (the usage rollup of that day reads it). The
 * idempotency record goes first so that losing a same-key race is told apart
 * from a duplicate id.
 */
export async function recordStorageUsage(usage: StorageUsageRecord, idempotencyRecord?: GuardedPut): Promise<void> {
  const record = storageUsageItem(usage);
  await markDay('metered', usage.orgcode, usageInstant(usage));
  await writeAtomically([
    ...(idempotencyRecord ? [idempotencyRecord] : []),
    {
      item: record,
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('usage_id', usage.usage_id),
    },
    ...listingPuts(record, storageUsageListings(usage)),
  ]);
}

/**
 * Stores a storage reconcile's record (docs/decisions.md: Storage reconcile)
 * as recordStorageUsage does, but without the duplicate-id guard: its id is
 * derived from what it measures, so a re-run puts the same items again,
 * overwriting them (its copies' keys are the same too: the same window
 * start, service, cost centre and id).
 */
export async function saveReconciledStorageUsage(usage: StorageUsageRecord): Promise<void> {
  const record = storageUsageItem(usage);
  await markDay('metered', usage.orgcode, usageInstant(usage));
  await writeAtomically([{ item: record }, ...listingPuts(record, storageUsageListings(usage))]);
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
 * The query of a list partition on the table, in the order it lists: a cost
 * centre's when one is asked for, else a service's, else the org's; the
 * other filters are compared on the items read. from_utc is inclusive and
 * to_utc exclusive (a sort key `<to_utc>#id` sorts after `<to_utc>`).
 */
function storageUsageQuery(orgcode: string, filter: StorageUsageFilter) {
  const list =
    filter.cccode !== undefined
      ? { partition: keys.storageUsagesOfCostCentre(orgcode, filter.cccode), keyed: 'cccode' }
      : filter.service !== undefined
        ? { partition: keys.storageUsagesOfService(orgcode, filter.service), keyed: 'service' }
        : { partition: keys.storageUsages(orgcode), keyed: undefined };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': list.partition };

  let keyCondition = 'pk = :pk';
  if (filter.from_utc !== undefined && filter.to_utc !== undefined) {
    keyCondition += ' AND sk BETWEEN :from AND :to';
    Object.assign(values, { ':from': filter.from_utc, ':to': filter.to_utc });
  } else if (filter.from_utc !== undefined) {
    keyCondition += ' AND sk >= :from';
    values[':from'] = filter.from_utc;
  } else if (filter.to_utc !== undefined) {
    keyCondition += ' AND sk < :to';
    values[':to'] = filter.to_utc;
  }

  const conditions: string[] = [];
  for (const field of attributeFilters) {
    const value = filter[field];
    if (value === undefined || field === list.keyed) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    conditions.push(`#${field} = :${field}`);
  }

  return {
    KeyConditionExpression: keyCondition,
    FilterExpression: conditions.length ? conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: conditions.length ? names : undefined,
    ExpressionAttributeValues: values,
  };
}

/**
 * A page of the org's records, read consistently, so it shows every record
 * answered before it (docs/decisions.md: Acknowledged writes are listed).
 */
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
