import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { UsageRollupRecord, UsageRollupSubject, UsageScope } from '../../domain/rollups/usage-rollup';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import type { Listing } from '../listings';
import { type Page, type StartKey, queryPage } from '../query-page';
import { claimRollupRevision, removeRollupRecordsBefore, saveRollupRecord } from './rollup-revisions';

/**
 * Usage rollup records (docs/decisions.md: Usage rollups): one partition per
 * org and day, one record per service and scope, rewritten in place by every
 * run (shared/db/rollups/rollup-revisions.ts).
 */

const toRecord = (item: Record<string, unknown>) => withoutStorageAttributes<UsageRollupRecord>(item);

/** Claims the day's next revision for `runId`: 1 for the first run, then one more per run. */
export function claimUsageRollupRevision(orgcode: string, dt: string, runId: string, now: Date): Promise<number> {
  return claimRollupRevision({ key: keys.usageRollupRun(orgcode, dt), recordType: 'usage_rollup_run', orgcode, dt, runId, now });
}

/**
 * Where a record is listed (shared/db/listings.ts; docs/decisions.md:
 * Acknowledged writes are listed), each a list partition on the table: the
 * org's records by day, then service and scope, and its service and scope's
 * by day (one record a day per service and scope, so the day alone is unique
 * there). Both follow from what the record is of, so every run writes them
 * at the same keys.
 */
export function usageRollupListings(record: Pick<UsageRollupRecord, 'orgcode' | 'dt' | 'service' | 'scope' | 'cccode'>): Listing[] {
  const { orgcode, dt, service } = record;
  const scope = keys.usageRollupScope(record);
  return [
    { partition: keys.usageRollupsOfOrg(orgcode), sortKey: keys.usageRollupOfOrgKey(dt, service, scope) },
    { partition: keys.usageRollupsOfScope(orgcode, service, scope), sortKey: dt },
  ];
}

/**
 * Writes the record and its copies in its lists over an older revision of
 * it, keeping when it was first created. False when a later run wrote it first.
 */
export function saveUsageRollup(record: Omit<UsageRollupRecord, 'created_at'>): Promise<boolean> {
  const { orgcode, dt, service } = record;
  return saveRollupRecord(
    keys.usageRollup(orgcode, dt, service, keys.usageRollupScope(record)),
    { ...record, record_type: 'usage_rollup' },
    usageRollupListings(record),
  );
}

/** Deletes the day's records older than `revision`, and their copies: what the run at `revision` no longer has. Returns how many. */
export function removeUsageRollupsBefore(orgcode: string, dt: string, revision: number): Promise<number> {
  return removeRollupRecordsBefore(keys.usageRollupDay(orgcode, dt), 'usage_rollup', revision, (record) =>
    usageRollupListings(toRecord(record)),
  );
}

export async function findUsageRollup(orgcode: string, dt: string, subject: UsageRollupSubject): Promise<UsageRollupRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.usageRollup(orgcode, dt, subject.service, keys.usageRollupScope(subject)),
      ConsistentRead: true,
    }),
  );
  return Item && toRecord(Item);
}

export interface UsageRollupFilter {
  /** Days from `from_dt` through `to_dt`, both included. */
  from_dt: string;
  to_dt: string;
  service?: string;
  scope?: UsageScope;
  /** Only with scope `cccode`. */
  cccode?: string;
}

/**
 * The Query of a listing, of a list partition on the table. One service and
 * one scope (the org's, the usage without a cost centre, or one cost
 * centre's): its own list, by day, every filter a key condition: what a bill
 * reads. Otherwise the org's list, by day, then service and scope, the
 * filters given compared on the items read.
 */
function usageRollupQuery(orgcode: string, filter: UsageRollupFilter) {
  const { service, scope, cccode } = filter;
  if (service !== undefined && scope !== undefined && (scope !== 'cccode' || cccode !== undefined)) {
    return {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.usageRollupsOfScope(orgcode, service, keys.usageRollupScope({ scope, cccode })),
        ':from': filter.from_dt,
        ':to': filter.to_dt,
      },
    };
  }
  const range = keys.usageRollupsOfOrgBetween(filter.from_dt, filter.to_dt);
  const compared = Object.entries({ service, scope, cccode }).filter(([, value]) => value !== undefined);
  return {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: compared.length ? compared.map(([name]) => `#${name} = :${name}`).join(' AND ') : undefined,
    ExpressionAttributeNames: compared.length ? Object.fromEntries(compared.map(([name]) => [`#${name}`, name])) : undefined,
    ExpressionAttributeValues: {
      ':pk': keys.usageRollupsOfOrg(orgcode),
      ':from': range.from,
      ':to': range.to,
      ...Object.fromEntries(compared.map(([name, value]) => [`:${name}`, value])),
    },
  };
}

/**
 * A page of the org's records of days in [from_dt, to_dt], read consistently,
 * so it shows every record a run that was answered wrote (docs/decisions.md:
 * Acknowledged writes are listed); a page read through a filter may hold
 * fewer than `limit` and still go on.
 */
export function listUsageRollups(
  orgcode: string,
  filter: UsageRollupFilter,
  limit: number,
  startKey?: StartKey,
): Promise<Page<UsageRollupRecord>> {
  return queryPage(usageRollupQuery(orgcode, filter), limit, startKey, toRecord);
}
