import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DuplicateIdError } from '../../domain/errors';
import { type ExportRecord, type ExportStatus, type ExportSummary, exportSummaryOf } from '../../domain/exports/export-record';
import { type GuardedPut, type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { type Page, type StartKey, queryPage } from '../query-page';
import { statusFilter } from '../status-filter';
import { type WorkClaim, recordBuildOutcome, workAttributes, workEntry } from '../work-queue';

function withoutWorkAttributes<T>(item: Record<string, unknown>): T {
  const record = withoutStorageAttributes<Record<string, unknown>>(item);
  for (const attribute of workAttributes) delete record[attribute];
  return record as T;
}

/** A new export, queued for its build: the sweep restarts it if no worker takes it by `workDueAt`. */
export function exportPut(record: ExportRecord, workDueAt: Date): GuardedPut {
  return {
    item: {
      ...keys.exportRecord(record.orgcode, record.export_id),
      record_type: 'export',
      ...record,
      ...workEntry(record.orgcode, record.export_id, workDueAt),
    },
    condition: { expression: 'attribute_not_exists(pk)' },
    onConditionFailed: () => new DuplicateIdError('export_id', record.export_id),
  };
}

/** Stores a new export (and the idempotency record of the call, when given) in one transaction. */
export async function createExport(record: ExportRecord, workDueAt: Date, idempotencyRecord?: GuardedWrite) {
  await writeAtomically([...(idempotencyRecord ? [idempotencyRecord] : []), exportPut(record, workDueAt)]);
}

/** Consistent read (spec list rule 5: a get by identifier is the consistent read). */
export async function findExport(orgcode: string, exportId: string): Promise<ExportRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.exportRecord(orgcode, exportId), ConsistentRead: true }),
  );
  return Item && withoutWorkAttributes<ExportRecord>(Item);
}

export interface ExportListFilter {
  statuses: readonly ExportStatus[];
  from_utc?: string;
  to_utc?: string;
}

/**
 * The org's exports oldest first, of the given statuses, whose window overlaps
 * [from_utc, to_utc), as a list shows them: their partition on the table, read
 * consistently, so every export created or moved before the call is shown as
 * it is (docs/decisions.md: Acknowledged writes are listed).
 */
export function listExports(
  orgcode: string,
  filter: ExportListFilter,
  limit: number,
  startKey?: StartKey,
): Promise<Page<ExportSummary>> {
  const byStatus = statusFilter(filter.statuses);
  const names: Record<string, string> = { ...byStatus.names };
  const values: Record<string, unknown> = { ':pk': keys.exportPartition(orgcode), ...byStatus.values };
  const conditions = [byStatus.expression];
  if (filter.from_utc) {
    names['#to'] = 'to_utc';
    values[':from'] = filter.from_utc;
    conditions.push('#to > :from');
  }
  if (filter.to_utc) {
    names['#from'] = 'from_utc';
    values[':to'] = filter.to_utc;
    conditions.push('#from < :to');
  }
  return queryPage(
    {
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    limit,
    startKey,
    (item) => exportSummaryOf(withoutWorkAttributes<ExportRecord>(item)),
  );
}

/**
 * Records the outcome of a build, only while the export still runs under the
 * build's claim; it stays queued until its outcome event is published.
 */
export async function finishExportBuild(
  claim: WorkClaim,
  record: ExportRecord,
  outcome: Partial<ExportRecord> & { status: 'ready' | 'failed' },
  now: Date,
  publishBy: Date,
): Promise<ExportRecord> {
  const stored = await recordBuildOutcome(claim, record.orgcode, record.export_id, outcome, now, publishBy);
  return withoutWorkAttributes<ExportRecord>(stored);
}
