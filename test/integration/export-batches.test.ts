import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/db/client';
import { eventRecordPuts } from '../../shared/db/events/event-repository';
import { unsharded } from '../../shared/db/shard-layout';
import { readDayMeters } from '../../shared/db/usage/usage-meter-repository';
import type { AccountingEvent } from '../../shared/domain/events/accounting-event';
import { pollUntil, readObject, sha256 } from '../support/exports';
import { eventRequest } from '../support/fixtures/events';
import { createBuiltExport, exportFinished as finished, exportRequest } from '../support/fixtures/exports';
import { useOrg, useStack } from '../support/harness';

useStack();
const org = useOrg('BAT', { admin: { roles: ['acct_export_admin', 'acct_view'] }, viewer: { roles: ['acct_view'] } });

const requestContext = () => org.requestContext('finance');
const changeFields = () => ({ reason: 'downstream report', source_refs: [{ kind: 'erp_import', id: 'imp-1' }], request_context: requestContext() });

/**
 * Seeds events straight into the table with the repository's own item builder
 * (BatchWriteItem, 25 at a time): recording 25,000 events one HTTP call at a
 * time would spend minutes on what this test does not examine. Through a
 * client of its own, not the service's: under the AWS-like mode the service's
 * client reads every item before writing it and meters its partition, which
 * took the seeding past five minutes. The mode's lag would change nothing
 * here: the seeding ends before the export is asked for, and the worker reads
 * the ledger consistently from its list partitions on the table.
 */
async function seedEvents(count: number, start: Date): Promise<string[]> {
  const seeding = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const recordedAt = new Date(Date.now() - 60_000).toISOString();
  const events: AccountingEvent[] = Array.from({ length: count }, (_, i) => ({
    event_id: `evt_seed_${String(i).padStart(6, '0')}`,
    orgcode: org.orgcode,
    event_type: 'order.placed',
    occurred_at: new Date(start.getTime() + i * 1000).toISOString(),
    amount: { currency: 'USD', amount: 1 + (i % 100) / 100 },
    reason: 'seeded order',
    source_refs: [],
    request_context: { orgcode: org.orgcode, actor: 'seed', context_source: 'system' },
    recorded_at: recordedAt,
  }));
  const items = events.flatMap((event) => eventRecordPuts(event, unsharded).map((put) => put.item));
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  const writeChunk = async (chunk: Record<string, unknown>[]) => {
    let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
    while (pending.length) {
      const { UnprocessedItems } = await seeding.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  };
  for (let i = 0; i < chunks.length; i += 16) await Promise.all(chunks.slice(i, i + 16).map(writeChunk));
  seeding.destroy();
  return events.map((event) => event.event_id);
}

const builtExport = (window: { from_utc: string; to_utc: string }) =>
  createBuiltExport(exportRequest(org.orgcode, { ...window, reason: 'ledger', source_refs: [] }), org.headers.admin, { timeoutMs: 240_000 });

/** An event of 20 November 2026 without amount, recorded by the finance team. */
const anEvent = (overrides: Record<string, unknown>) =>
  eventRequest(org.orgcode, { amount: undefined, source_refs: [], request_context: requestContext(), ...overrides });

const idsIn = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).event_id as string);

describe('a window larger than the batch size', () => {
  it('splits 25,000 events into batches of 10000/10000/5000, each event exactly once, checksums matching the files', async () => {
    const start = new Date('2026-10-01T00:00:00Z');
    const seeded = await seedEvents(25_000, start);
    const { exportRecord, batches } = await builtExport({ from_utc: start.toISOString(), to_utc: '2026-10-02T00:00:00Z' });

    expect(exportRecord).toMatchObject({ status: 'ready', batch_count: 3, file_count: 3 });
    expect(exportRecord.evidence.record_count).toBe(25_000);
    expect(batches.map((batch) => [batch.sequence, batch.evidence.record_count])).toEqual([
      [1, 10_000],
      [2, 10_000],
      [3, 5_000],
    ]);
    const exported: string[] = [];
    for (const batch of batches) {
      const bytes = await readObject(batch.evidence.file_refs[0]);
      expect(sha256(bytes)).toBe(batch.evidence.checksum_sha256);
      const manifest = JSON.parse((await readObject(batch.evidence.manifest_ref)).toString('utf8'));
      expect(manifest.files[0]).toMatchObject({ checksum_sha256: sha256(bytes), bytes: bytes.length });
      exported.push(...idsIn(bytes));
    }
    expect(exported).toEqual(seeded);
  }, 240_000);
});

describe('/export/batch/status/set', () => {
  async function aBatch() {
    await org.post('admin', '/event/record', anEvent({ reason: 'o' }));
    const { batches } = await builtExport({ from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z' });
    return batches[0];
  }
  const setStatus = (batchId: string, status: string, expected_revision?: number, extra: Record<string, unknown> = {}) =>
    org.post('admin', '/export/batch/status/set', { batch_id: batchId, status, expected_revision, ...changeFields(), ...extra });

  it('moves ready → sent → failed, each time bumping the revision and stamping the time', async () => {
    const batch = await aBatch();
    const sent = await setStatus(batch.batch_id, 'sent', 1, { evidence: { notes: 'ERP import 42 accepted' } });
    expect(sent.status).toBe(200);
    expect(sent.body.data.batch).toMatchObject({ status: 'sent', revision: 2, sent_at: expect.any(String), reported_evidence: { notes: 'ERP import 42 accepted' } });
    // The service's own evidence is never overwritten by a caller's.
    expect(sent.body.data.batch.evidence).toEqual(batch.evidence);
    const failed = await setStatus(batch.batch_id, 'failed', 2);
    expect(failed.body.data.batch).toMatchObject({ status: 'failed', revision: 3, failed_at: expect.any(String) });

    // `sent` is a delivery: metered on the day's usage meters of the org, and only there.
    const meters = await readDayMeters(org.orgcode, sent.body.data.batch.sent_at.slice(0, 10));
    expect(meters.filter((meter) => meter.totals.deliveries > 0)).toEqual([
      { cccode: '-', surface: 'export_batch', totals: expect.objectContaining({ deliveries: 1, api_calls: 0 }) },
    ]);
  });

  it('allows ready → failed, and refuses every other move with 409 invalid-state', async () => {
    const batch = await aBatch();
    const toReady = await setStatus(batch.batch_id, 'ready', 1);
    expect(toReady.status).toBe(409);
    expect(toReady.body.error.major.tag).toBe('invalid-state');
    expect((await setStatus(batch.batch_id, 'failed', 1)).status).toBe(200);
    const failedToSent = await setStatus(batch.batch_id, 'sent', 2);
    expect(failedToSent.status).toBe(409);
    expect(failedToSent.body.error).toMatchObject({ error_code: 'accounting.invalid_transition', details: { from: 'failed', to: 'sent' } });
  });

  it('answers 428 without expected_revision and 409 conflict with both revisions when it is stale', async () => {
    const batch = await aBatch();
    const missing = await setStatus(batch.batch_id, 'sent');
    expect(missing.status).toBe(428);
    expect(missing.body.error.major.tag).toBe('expected-revision-required');
    const stale = await setStatus(batch.batch_id, 'sent', 7);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      error_code: 'accounting.conflict_revision',
      retryable: false,
      details: { supplied_revision: 7, current_revision: 1 },
    });
    expect(stale.body.conflict_snapshot).toEqual({ revision: 1 });
    expect((await setStatus('bat_unknown', 'sent', 1)).status).toBe(404);
  });

  it('lets exactly one of concurrent moves at the same revision through', async () => {
    const batch = await aBatch();
    const results = await Promise.all(Array.from({ length: 8 }, () => setStatus(batch.batch_id, 'sent', 1)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(7);
  });
});

describe('/export/batch/repair', () => {
  async function failedBatch() {
    for (const hour of ['09', '10', '11']) {
      const recorded = await org.post(
        'admin',
        '/event/record',
        anEvent({ occurred_at: `2026-11-20T${hour}:00:00Z`, amount: { currency: 'USD', amount: 3.3 }, reason: `order ${hour}` }),
      );
      expect(recorded.status).toBe(200);
    }
    const { exportRecord, batches } = await builtExport({ from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z' });
    const failed = await org.post('admin', '/export/batch/status/set', { batch_id: batches[0].batch_id, status: 'failed', expected_revision: 1, ...changeFields() });
    expect(failed.status).toBe(200);
    return { exportRecord, batch: failed.body.data.batch };
  }

  const repair = (exportId: string, batchId: string, extra: Record<string, unknown> = {}) =>
    org.post('admin', '/export/batch/repair', { export_id: exportId, repair_of_batch_id: batchId, ...changeFields(), ...extra });

  it('rebuilds exactly the same records into new files, even after a back-dated event arrived', async () => {
    const { exportRecord, batch } = await failedBatch();
    // Recorded after the export: inside its window, but not part of it.
    await org.post('admin', '/event/record', anEvent({ occurred_at: '2026-11-20T10:30:00Z', reason: 'late' }));

    const requested = await repair(exportRecord.export_id, batch.batch_id, { evidence: { notes: 'ERP rejected the file' } });
    expect(requested.status).toBe(200);
    expect(requested.body.data.batch).toMatchObject({
      batch_kind: 'repair',
      repair_of_batch_id: batch.batch_id,
      export_id: exportRecord.export_id,
      status: 'pending',
      reported_evidence: { notes: 'ERP rejected the file' },
    });
    const repaired = await pollUntil('/export/batch/get', { batch_id: requested.body.data.batch.batch_id }, org.headers.admin, 'batch', finished);
    expect(repaired.status).toBe('ready');
    expect(repaired.evidence.file_refs).not.toEqual(batch.evidence.file_refs);
    expect(repaired.evidence.manifest_ref).not.toBe(batch.evidence.manifest_ref);

    const original = await readObject(batch.evidence.file_refs[0]);
    const rebuilt = await readObject(repaired.evidence.file_refs[0]);
    expect(rebuilt.equals(original)).toBe(true);
    expect(repaired.evidence).toMatchObject({ checksum_sha256: sha256(rebuilt), record_count: 3 });

    const failedNow = await org.post('admin', '/export/batch/get', { batch_id: batch.batch_id });
    expect(failedNow.body.data.batch.repaired_by_batch_id).toBe(repaired.batch_id);
    // A failed batch is terminal: the list shows it only when asked for (docs/decisions.md: Lists).
    // The worker finished the repair with its copies in the same transaction: the list shows it ready at once.
    const listed = await org.post('admin', '/export/batch/list', { export_id: exportRecord.export_id });
    expect(listed.body.data.batches.map((b: any) => [b.batch_kind, b.status, b.revision])).toEqual([['repair', 'ready', repaired.revision]]);
    const failed = await org.post('admin', '/export/batch/list', { export_id: exportRecord.export_id, status: 'failed' });
    expect(failed.body.data.batches).toEqual([failedNow.body.data.batch]);
  });

  it('refuses to repair a batch that is not failed, or is already repaired, with 409 invalid-state', async () => {
    const { exportRecord, batch } = await failedBatch();
    expect((await repair(exportRecord.export_id, batch.batch_id)).status).toBe(200);
    const twice = await repair(exportRecord.export_id, batch.batch_id);
    expect(twice.status).toBe(409);
    expect(twice.body.error.major.tag).toBe('invalid-state');

    const { batches } = await builtExport({ from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z' });
    const ready = await repair(batches[0].export_id, batches[0].batch_id);
    expect(ready.status).toBe(409);
    expect(ready.body.error.major.tag).toBe('invalid-state');
  });

  it('lets exactly one of concurrent repairs of a failed batch through', async () => {
    const { exportRecord, batch } = await failedBatch();
    const results = await Promise.all(Array.from({ length: 5 }, () => repair(exportRecord.export_id, batch.batch_id)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(4);
  });

  it('answers 404 for a batch of another export', async () => {
    const { batch } = await failedBatch();
    const { exportRecord: other } = await builtExport({ from_utc: '2026-11-01T00:00:00Z', to_utc: '2026-11-02T00:00:00Z' });
    expect((await repair(other.export_id, batch.batch_id)).status).toBe(404);
  });
});

describe('/export/batch/create', () => {
  it('builds an explicit initial batch of the export again, with a client batch_id, and refuses that id twice', async () => {
    await org.post('admin', '/event/record', anEvent({ reason: 'o' }));
    const { exportRecord, batches } = await builtExport({ from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z' });
    const body = { export_id: exportRecord.export_id, batch_id: 'redelivery-1', reason: 'again', source_refs: [], request_context: requestContext() };
    const created = await org.post('admin', '/export/batch/create', body);
    expect(created.status).toBe(200);
    expect(created.body.data.batch).toMatchObject({ batch_id: 'redelivery-1', batch_kind: 'initial', status: 'pending' });
    const built = await pollUntil('/export/batch/get', { batch_id: 'redelivery-1' }, org.headers.admin, 'batch', finished);
    expect(built.evidence.checksum_sha256).toBe(batches[0].evidence.checksum_sha256);

    const duplicate = await org.post('admin', '/export/batch/create', body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.error_code).toBe('accounting.duplicate_id');
    const unknownExport = await org.post('admin', '/export/batch/create', { ...body, batch_id: 'x', export_id: 'exp_unknown' });
    expect(unknownExport.status).toBe(404);
    const repairWithoutTarget = await org.post('admin', '/export/batch/create', { ...body, batch_id: 'y', batch_kind: 'repair' });
    expect(repairWithoutTarget.status).toBe(400);
  });
});

describe('/export/batch/list', () => {
  const batchIds = async (filter: Record<string, unknown>) =>
    (await org.post('viewer', '/export/batch/list', { limit: 256, ...filter })).body.data.batches.map((b: any) => [b.batch_id, b.status, b.revision]);

  it('lists a batch written a moment ago, read by another caller at once (consistent read of the table)', async () => {
    await org.post('admin', '/event/record', anEvent({ reason: 'o' }));
    const { exportRecord } = await builtExport({ from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z' });
    const schedule = await org.post('admin', '/export/schedule/create', {
      status: 'suspended',
      cadence: { type: 'interval', interval_minutes: 60, timezone: 'UTC' },
      ...changeFields(),
    });
    expect(schedule.status).toBe(200);
    const scheduleId = schedule.body.data.schedule.schedule_id;

    const created = await org.post('admin', '/export/batch/create', { export_id: exportRecord.export_id, schedule_id: scheduleId, ...changeFields() });
    expect(created.status).toBe(200);
    const batchId = created.body.data.batch.batch_id;
    // Pending, or already taken by the worker: listed either way, by its export and by its schedule.
    for (const filter of [{ export_id: exportRecord.export_id }, { schedule_id: scheduleId }, {}]) {
      expect((await batchIds(filter)).map(([id]: string[]) => id)).toContain(batchId);
    }

    const built = await pollUntil('/export/batch/get', { batch_id: batchId }, org.headers.admin, 'batch', finished);
    const sent = await org.post('admin', '/export/batch/status/set', { batch_id: batchId, status: 'sent', expected_revision: built.revision, ...changeFields() });
    expect(sent.status).toBe(200);
    const entry = [batchId, 'sent', sent.body.data.batch.revision];
    expect(await batchIds({ export_id: exportRecord.export_id, status: 'sent' })).toEqual([entry]);
    expect(await batchIds({ schedule_id: scheduleId, status: 'sent' })).toEqual([entry]);
    expect((await batchIds({ export_id: exportRecord.export_id })).map(([id]: string[]) => id)).not.toContain(batchId);
  });
});
