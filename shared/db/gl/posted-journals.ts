import type { ExportBatch } from '../../domain/exports/export-batch';
import type { ExportRecord } from '../../domain/exports/export-record';
import { toBatch } from '../exports/export-batch-item';
import * as keys from '../keys';
import { queryAll } from '../query-page';

/**
 * The batches of every `gl_journal` export created before `exportId` whose
 * window overlaps [from_utc, to_utc), whatever their status: what a journal
 * reads of the ERP's history (those marked `sent`, and those a batch it
 * repairs saw sent). Read from the org's exports (one partition, every export
 * it ever made, filtered: a few hundred items a year of daily journals) and
 * each overlapping journal's batch list, consistently: a batch marked sent a
 * moment ago is what the ERP holds.
 */
export async function earlierJournalBatches(orgcode: string, exportId: string, window: { from_utc: string; to_utc: string }): Promise<ExportBatch[]> {
  const journals: string[] = [];
  for await (const item of queryAll({
    KeyConditionExpression: 'pk = :pk AND sk < :before',
    FilterExpression: '#kind = :journal AND #from < :to AND #to > :from',
    ExpressionAttributeNames: { '#kind': 'export_kind', '#from': 'from_utc', '#to': 'to_utc' },
    ExpressionAttributeValues: {
      ':pk': keys.exportPartition(orgcode),
      ':before': keys.exportRecord(orgcode, exportId).sk,
      ':journal': 'gl_journal',
      ':from': window.from_utc,
      ':to': window.to_utc,
    },
    ProjectionExpression: 'export_id',
  })) {
    journals.push(String((item as Pick<ExportRecord, 'export_id'>).export_id));
  }
  const batches: ExportBatch[] = [];
  for (const journal of journals) {
    for await (const item of queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.batchesOfExport(orgcode, journal) } })) {
      batches.push(toBatch(item));
    }
  }
  return batches;
}
