import { setTimeout as sleep } from 'node:timers/promises';
import { addDays } from '../../shared/domain/rollups/rollup-days';
import { eventRequest } from './fixtures/events';
import { exportRequest } from './fixtures/exports';
import { storageUsageRequest } from './fixtures/storage-usage';
import { createOrg } from './harness';
import { UsageBook } from './usage-book';

/**
 * What a usage rollup test does with a day: an organisation's calls of every
 * kind over HTTP, booked as they are answered (test/support/usage-book.ts),
 * under the cost centres below, so the test can compute the rollup it expects
 * on its own.
 */

export const costCentreA = 'USGA-0001-AAAA';
export const costCentreB = 'USGB-0002-BBBB';
/** The cost centre the tests read rollups as: their reads are metered too. */
export const readerCostCentre = 'READ-0003-RRRR';

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Today (UTC), once no call of this file can fall on tomorrow: close to midnight, it waits for the next day. */
export async function aSteadyDay(): Promise<string> {
  const untilMidnight = Date.parse(`${addDays(todayUtc(), 1)}T00:00:00Z`) - Date.now();
  if (untilMidnight < 5 * 60_000) await sleep(untilMidnight + 1_000);
  return todayUtc();
}

export interface MeteredOrg {
  orgcode: string;
  book: UsageBook;
  /** An acct_view reader, its reads attributed to the reader cost centre. */
  reader: Record<string, string>;
}

export const wholeDay = (day: string) => ({ from_utc: `${day}T00:00:00.000Z`, to_utc: `${addDays(day, 1)}T00:00:00.000Z` });

/**
 * An organisation's day: under cost centre A an event recorded and read (once
 * missing), two storage measurements (one of another service) and an export
 * delivered; under B a list, a malformed call and a keyed record replayed;
 * without a cost centre a read and two storage measurements, one counting on
 * the day before.
 */
export async function aMeteredDay(prefix: string, day: string): Promise<MeteredOrg> {
  const org = await createOrg(prefix, { owner: { owner: true, actor: 'tester' }, reader: { roles: ['acct_view'] } });
  const { orgcode } = org;
  const owner = org.headers.owner;
  const reader = { ...org.headers.reader, 'x-cccode': readerCostCentre };
  const book = new UsageBook(orgcode);
  const as = (cccode: string) => ({ ...owner, 'x-cccode': cccode });
  const requestContext = org.requestContext();
  const anEvent = eventRequest(orgcode, { occurred_at: '2024-06-10T10:00:00Z', amount: { currency: 'USD', amount: 12.5 }, reason: 'sale', request_context: requestContext });
  const storeUsage = async (headers: Record<string, string>, usage: Record<string, unknown>, counted: { cccode?: string; day: string }) => {
    const body = storageUsageRequest(orgcode, usage, { reason: 'measured', source_refs: [{ kind: 'storage_meter', id: 'm-1' }], request_context: requestContext });
    expect((await book.call('/storage/usage/record', body, headers, { records: 1 })).status).toBe(200);
    book.storedUsage({ service: String(usage.service), bytes: Number(usage.bytes), object_count: usage.object_count as number | undefined, ...counted });
  };

  const recorded = await book.call('/event/record', anEvent, as(costCentreA), { records: 1 });
  expect(recorded.status).toBe(200);
  const eventId = recorded.body.data.event.event_id;
  expect((await book.call('/event/get', { event_id: eventId }, as(costCentreA))).status).toBe(200);
  expect((await book.call('/event/get', { event_id: 'evt_missing' }, as(costCentreA))).status).toBe(404);
  await storeUsage(
    as(costCentreA),
    { resource_type: 'object_store', resource_ref: 'orgs/media/', service: 'media', bytes: 1000.4, object_count: 3, window: wholeDay(day) },
    { cccode: costCentreA, day },
  );
  await storeUsage(
    as(costCentreA),
    { resource_type: 'object_store', resource_ref: 'orgs/exports/', service: 'accounting', bytes: 2048, object_count: 5, measured_at: `${day}T00:00:01Z` },
    { cccode: costCentreA, day },
  );
  await deliverAnExport(book, as(costCentreA), requestContext);

  expect((await book.call('/event/list', { limit: 2 }, as(costCentreB))).status).toBe(200);
  expect((await book.call('/event/get', { event_id: eventId, unknown_field: 1 }, as(costCentreB))).status).toBe(400);
  const keyed = { ...anEvent, source_refs: [{ kind: 'order', id: 'ord_2' }], idempotency_key: 'usage-once' };
  expect((await book.call('/event/record', keyed, as(costCentreB), { records: 1 })).status).toBe(200);
  expect((await book.call('/event/record', keyed, as(costCentreB))).status).toBe(200);

  expect((await book.call('/event/get', { event_id: eventId }, owner)).status).toBe(200);
  await storeUsage(
    owner,
    { resource_type: 'table_store', resource_ref: 'accounting-table', service: 'accounting', bytes: 512, item_count: 10, window: wholeDay(addDays(day, -1)) },
    { day: addDays(day, -1) },
  );
  await storeUsage(
    owner,
    { resource_type: 'object_store', resource_ref: 'orgs/inbox/', service: 'accounting', bytes: 100, object_count: 1, measured_at: `${day}T00:00:02Z` },
    { day },
  );
  return { orgcode, book, reader };
}

/** Exports the org's day of events, waits until the batch is built and reports it sent: one delivery. */
async function deliverAnExport(book: UsageBook, headers: Record<string, string>, requestContext: Record<string, unknown>) {
  const change = { reason: 'ledger to the ERP', source_refs: [], request_context: requestContext };
  const created = await book.call('/export/create', exportRequest(book.orgcode, { from_utc: '2024-06-10T00:00:00Z', to_utc: '2024-06-11T00:00:00Z', ...change }), headers, { records: 1 });
  expect(created.status).toBe(200);
  const exportId = created.body.data.export.export_id;
  const deadline = Date.now() + 120_000;
  let status: string;
  do {
    if (Date.now() > deadline) throw new Error(`export ${exportId} was not built in time`);
    status = (await book.call('/export/get', { export_id: exportId }, headers)).body.data.export.status;
    if (status !== 'ready') await sleep(100);
  } while (status !== 'ready' && status !== 'failed');
  expect(status).toBe('ready');
  const [batch] = (await book.call('/export/batch/list', { export_id: exportId }, headers)).body.data.batches;
  const body = { batch_id: batch.batch_id, status: 'sent', expected_revision: batch.revision, ...change };
  expect((await book.call('/export/batch/status/set', body, headers)).status).toBe(200);
  book.delivered(headers['x-cccode']);
}
