import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type FinancialDimension, type FinancialRollupRecord, financialDimensions } from '../../domain/rollups/financial-rollup';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import type { Listing } from '../listings';
import { type StartKey, queryPage } from '../query-page';
import { claimRollupRevision, removeRollupRecordsBefore, saveRollupRecord } from './rollup-revisions';

/**
 * Financial rollup records (docs/decisions.md: Financial rollups): one
 * partition per org and day, one record per dimension value, rewritten in
 * place by every run (shared/db/rollups/rollup-revisions.ts).
 */

/** Claims the day's next revision for `runId`: 1 for the first run, then one more per run. */
export function claimRevision(orgcode: string, dt: string, runId: string, now: Date): Promise<number> {
  return claimRollupRevision({ key: keys.financialRollupRun(orgcode, dt), recordType: 'financial_rollup_run', orgcode, dt, runId, now });
}

/**
 * Where a record is listed (shared/db/listings.ts; docs/decisions.md:
 * Acknowledged writes are listed), each a list partition on the table: the
 * org's records by dimension, then day and value, and its dimension value's
 * by day (one record a day per value, so the day alone is unique there).
 * Both follow from what the record is of, so every run writes them at the
 * same keys.
 */
export function financialRollupListings(record: Pick<FinancialRollupRecord, 'orgcode' | 'dt' | 'dimension' | 'dimension_value'>): Listing[] {
  const { orgcode, dt, dimension, dimension_value: value } = record;
  return [
    { partition: keys.financialRollupsOfOrg(orgcode), sortKey: keys.financialRollupOfOrgKey(dimension, dt, value) },
    { partition: keys.financialRollupsOfValue(orgcode, dimension, value), sortKey: dt },
  ];
}

/**
 * Writes the record (its revision the run's claim) and its copies in its
 * lists over an older revision of it, keeping when it was first created.
 * False when a later run wrote it first.
 */
export function saveRecord(record: Omit<FinancialRollupRecord, 'created_at'>): Promise<boolean> {
  const { orgcode, dt, dimension, dimension_value: value } = record;
  return saveRollupRecord(
    keys.financialRollup(orgcode, dt, dimension, value),
    { ...record, record_type: 'financial_rollup' },
    financialRollupListings(record),
  );
}

/** Deletes the day's records older than `revision`, and their copies: the values the run at `revision` no longer has. Returns how many. */
export function removeRecordsBefore(orgcode: string, dt: string, revision: number): Promise<number> {
  return removeRollupRecordsBefore(keys.financialRollupDay(orgcode, dt), 'financial_rollup', revision, (record) =>
    financialRollupListings(withoutStorageAttributes<FinancialRollupRecord>(record)),
  );
}

export async function findFinancialRollup(
  orgcode: string,
  dt: string,
  dimension: FinancialDimension,
  value: string,
): Promise<FinancialRollupRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.financialRollup(orgcode, dt, dimension, value), ConsistentRead: true }),
  );
  return Item && withoutStorageAttributes<FinancialRollupRecord>(Item);
}

export interface FinancialRollupFilter {
  from_dt: string;
  to_dt: string;
  dimension?: FinancialDimension;
  /** Only with `dimension`. */
  dimension_value?: string;
}

/** Where a listing resumes: in which dimension's range, after which item. */
export interface FinancialRollupCursor {
  dimension: FinancialDimension;
  key?: StartKey;
}

const toRecord = (item: Record<string, unknown>) => withoutStorageAttributes<FinancialRollupRecord>(item);

/**
 * A page of the org's records of days in [from_dt, to_dt] (both included),
 * a consistent read of a list partition on the table, so it shows every
 * record a run that was answered wrote (docs/decisions.md: Acknowledged
 * writes are listed). One dimension value: its list, by day. Otherwise the
 * org's list, dimension by dimension (sales, tender, tax, ar_aging; or the one
 * asked for), each by day then value. Every filter is a key condition:
 * nothing read is thrown away.
 */
export async function listFinancialRollups(
  orgcode: string,
  filter: FinancialRollupFilter,
  limit: number,
  cursor?: FinancialRollupCursor,
): Promise<{ records: FinancialRollupRecord[]; next?: FinancialRollupCursor }> {
  const { dimension, dimension_value: value } = filter;
  if (dimension !== undefined && value !== undefined) {
    const page = await queryPage(
      {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.financialRollupsOfValue(orgcode, dimension, value), ':from': filter.from_dt, ':to': filter.to_dt },
      },
      limit,
      cursor?.key,
      toRecord,
    );
    return { records: page.items, next: page.lastKey && { dimension, key: page.lastKey } };
  }

  const dimensions = dimension === undefined ? financialDimensions : [dimension];
  const records: FinancialRollupRecord[] = [];
  let key = cursor?.key;
  for (let index = cursor ? dimensions.indexOf(cursor.dimension) : 0; index < dimensions.length; index += 1) {
    const current = dimensions[index] as FinancialDimension;
    if (records.length === limit) return { records, next: { dimension: current } };
    const range = keys.financialRollupsOfOrgBetween(current, filter.from_dt, filter.to_dt);
    const page = await queryPage(
      {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.financialRollupsOfOrg(orgcode), ':from': range.from, ':to': range.to },
      },
      limit - records.length,
      key,
      toRecord,
    );
    records.push(...page.items);
    if (page.lastKey) return { records, next: { dimension: current, key: page.lastKey } };
    key = undefined;
  }
  return { records };
}
