import { setTimeout as sleep } from 'node:timers/promises';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { dynamo } from '../../shared/db/client';
import { createRequestedBatch } from '../../shared/db/exports/export-batch-repository';
import { findExport } from '../../shared/db/exports/export-repository';
import { findDueWork } from '../../shared/db/work-queue';
import { runExportScheduler } from '../../shared/exports/export-scheduler';
import { runBuildJob } from '../../shared/exports/export-worker';
import { type ExportBatch, batchFieldsOf } from '../../shared/domain/exports/export-batch';
import { exportSelection } from '../../shared/domain/exports/export-record';
import type { BusEvent } from '../../shared/local/event-bus-api';
import { answeredTogether, failFirstS3Sends, slowDown } from '../support/client-faults';
import { logMessagesOf } from '../support/expected-logs';
import { pollUntil, readObject, sha256 } from '../support/exports';
import { eventRequest } from '../support/fixtures/events';
import { storedExport } from '../support/fixtures/exports';
import { freshId, untilListed, useOrg, useStack } from '../support/harness';

/**
 * On AWS a worker invocation can be delayed (throttling, Lambda's async queue)
 * past the deadline of its claim while it runs, a scheduler sweep can read a
 * lagging index or overlap another, and S3 or DynamoDB can throttle past the
 * SDK's retries. DynamoDB Local and s3rver do none of that; the timings and
 * faults here are made with client middlewares (mocked) and clocks.
 */
const stack = useStack();
const org = useOrg('FEN', { admin: { roles: ['acct_export_admin', 'acct_view'] } });

const injected: Array<() => void> = [];
afterEach(() => injected.splice(0).forEach((remove) => remove()));

/** An export stored as the create route stores it, queued due at `dueAt`, without starting its worker. */
const queuedExport = async (dueAt = new Date('2100-01-01T00:00:00Z')) => (await storedExport(org.requestContext('finance'), dueAt)).export_id;

/** The export.ready / export.failed events of `exportId` published while `run` runs (and shortly after). */
async function outcomesOf(exportId: string, run: () => Promise<unknown>): Promise<BusEvent[]> {
  const seen: BusEvent[] = [];
  const unsubscribe = stack.api.bus.subscribe((event) => {
    if ((event.detail as { export_id?: string }).export_id === exportId) seen.push(event);
  });
  try {
    await run();
    await sleep(300);
  } finally {
    unsubscribe();
  }
  return seen;
}

/** Holds the first Query of the org's events until `release()`: the first build is delayed past the second's claim. */
function holdFirstEventRead() {
  let release: () => void = () => undefined;
  let reached: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (reached = resolve));
  let first = true;
  const name = 'hold-first-event-read';
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'QueryCommand' && first && JSON.stringify(args.input).includes(`ORG#${org.orgcode}#EVENTS`)) {
        first = false;
        reached();
        await released;
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  injected.push(() => dynamo().middlewareStack.remove(name));
  return { held, release };
}

async function expectEvidenceMatchesFiles(exportId: string) {
  const built = (await org.post('admin', '/export/get', { export_id: exportId })).body.data.export;
  expect(built.status).toBe('ready');
  expect(sha256(await readObject(built.evidence.manifest_ref))).toBe(built.evidence.checksum_sha256);
  const batches = await org.listAll('admin', '/export/batch/list', { export_id: exportId }, 'batches');
  for (const batch of batches) expect(sha256(await readObject(batch.evidence.file_refs[0]))).toBe(batch.evidence.checksum_sha256);
  return built;
}

describe('one build per export, fenced with its claim', () => {
  it('lets a build delayed past a later claim write nothing of record: the evidence matches the files and export.ready is published once', async () => {
    await org.post('admin', '/event/record', eventRequest(org.orgcode));
    const exportId = await queuedExport();
    const { held, release } = holdFirstEventRead();

    const { value: outcomes, messages } = await logMessagesOf(() =>
      outcomesOf(exportId, async () => {
        const delayed = runBuildJob({ orgcode: org.orgcode, export_id: exportId });
        await held;
        // The second worker runs 17 minutes later: the first one's 16-minute claim has lapsed.
        await runBuildJob({ orgcode: org.orgcode, export_id: exportId }, () => new Date(Date.now() + 17 * 60_000));
        release();
        await delayed;
      }),
    );

    const built = await expectEvidenceMatchesFiles(exportId);
    expect(built.evidence.manifest_ref).toContain('/attempt-2/');
    expect(built.revision).toBe(4); // created 1, claimed 2 and 3, finished by the second build 4
    expect(outcomes.map((event) => event['detail-type'])).toEqual(['export.ready']);
    expect(messages).toEqual(['export build superseded by a later claim; stopped']);
  });

  it('restarts lost work once when two scheduler sweeps read its queue entry together', async () => {
    const exportId = await queuedExport(new Date('2001-01-01T00:00:00Z'));
    const sweptAt = new Date('2001-01-01T00:05:00Z');
    // The work queue's index follows the seeding write on its own time: the two sweeps are to read the entry together, so it is listed first.
    await untilListed(async () => expect((await findDueWork(sweptAt, 25)).map((work) => work.export_id)).toContain(exportId));
    const reads = answeredTogether('QueryCommand', 'SYSTEM#EXPORT_WORK');

    const outcomes = await outcomesOf(exportId, async () => {
      const sweeps = await Promise.all([1, 2].map(() => runExportScheduler(sweptAt)));
      expect(reads.held).toBe(2);
      expect(sweeps.reduce((sum, run) => sum + run.builds_restarted, 0)).toBe(1);
      await pollUntil('/export/get', { export_id: exportId }, org.headers.admin, 'export', (record) => record.status === 'ready');
    });

    expect((await expectEvidenceMatchesFiles(exportId)).revision).toBe(3);
    expect(outcomes).toHaveLength(1);
  });
});

describe('a build meeting transient faults (injected on the S3 client, mocked)', () => {
  it('is retried after an S3 503 SlowDown instead of failing, and the retry builds it', async () => {
    const exportId = await queuedExport();
    failFirstS3Sends(exportId, 1, slowDown);

    const { messages } = await logMessagesOf(() => runBuildJob({ orgcode: org.orgcode, export_id: exportId }));
    const waiting = (await org.post('admin', '/export/get', { export_id: exportId })).body.data.export;
    expect(messages).toEqual(['export build met a transient fault; retried later']);
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting.failure_reason).toBeUndefined();

    const outcomes = await outcomesOf(exportId, () => runBuildJob({ orgcode: org.orgcode, export_id: exportId, restart: true }));
    expect((await expectEvidenceMatchesFiles(exportId)).evidence.manifest_ref).toContain('/attempt-2/');
    expect(outcomes.map((event) => event['detail-type'])).toEqual(['export.ready']);
  });

  it('fails the export, and says so, once five attempts met transient faults', async () => {
    const exportId = await queuedExport();
    failFirstS3Sends(exportId, 1_000, slowDown);

    for (let attempt = 1; attempt < 5; attempt += 1) {
      const { messages } = await logMessagesOf(() => runBuildJob({ orgcode: org.orgcode, export_id: exportId, restart: true }));
      expect(messages).toEqual(['export build met a transient fault; retried later']);
      expect((await findExport(org.orgcode, exportId))?.status).toBe('pending');
    }
    const outcomes = await outcomesOf(exportId, () => runBuildJob({ orgcode: org.orgcode, export_id: exportId, restart: true }));

    const failed = await findExport(org.orgcode, exportId);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: expect.stringMatching(/^build_abandoned: 5 attempts .*SlowDown/) });
    expect(outcomes.map((event) => event['detail-type'])).toEqual(['export.failed']);
  });

  it('fails at once on a permanent fault (S3 AccessDenied)', async () => {
    const exportId = await queuedExport();
    failFirstS3Sends(exportId, 1_000, () => new S3ServiceException({ name: 'AccessDenied', $fault: 'client', message: 'Access Denied', $metadata: { httpStatusCode: 403 } }));

    const { messages } = await logMessagesOf(() => runBuildJob({ orgcode: org.orgcode, export_id: exportId }));

    expect(await findExport(org.orgcode, exportId)).toMatchObject({ status: 'failed', failure_reason: expect.stringMatching(/^internal:/) });
    expect(messages).toEqual(['export build failed']);
  });
});

describe("a batch's copies in its export's list, through rebuilds and build steps", () => {
  const listedBatches = async (exportId: string, status?: string) =>
    (await org.listAll('admin', '/export/batch/list', { export_id: exportId, ...(status && { status }) }, 'batches')) as any[];
  const batchNow = async (batchId: string) => (await org.post('admin', '/export/batch/get', { batch_id: batchId })).body.data.batch;

  it('lists a rebuilt batch once, as the rebuild stored it, after an attempt stored it and then met a transient fault', async () => {
    await org.post('admin', '/event/record', eventRequest(org.orgcode));
    const exportId = await queuedExport();
    // The first attempt stores its batch, then its export manifest meets S3's SlowDown: the claim is given back.
    failFirstS3Sends(`${exportId}/attempt-1/manifest.json`, 1, slowDown);
    expect(await logMessagesOf(() => runBuildJob({ orgcode: org.orgcode, export_id: exportId }))).toEqual({
      value: 'retried',
      messages: ['export build met a transient fault; retried later'],
    });
    const [first] = await listedBatches(exportId);
    expect(first.evidence.manifest_ref).toContain('/attempt-1/');

    // Rebuilt a minute later: the same batch id, its own created_at.
    await runBuildJob({ orgcode: org.orgcode, export_id: exportId, restart: true }, () => new Date(Date.now() + 60_000));
    const listed = await listedBatches(exportId);
    expect(listed).toEqual([await batchNow(first.batch_id)]);
    expect(listed[0].created_at).not.toBe(first.created_at);
    expect(listed[0].evidence.manifest_ref).toContain('/attempt-2/');
  });

  it('lists a requested batch as each step of its build left it: claimed, given back after a transient fault, built', async () => {
    await org.post('admin', '/event/record', eventRequest(org.orgcode));
    const exportId = await queuedExport();
    await runBuildJob({ orgcode: org.orgcode, export_id: exportId });
    const exportRecord = (await findExport(org.orgcode, exportId))!;
    const at = new Date().toISOString();
    const batch: ExportBatch = {
      ...batchFieldsOf(exportRecord),
      batch_id: freshId('bat'),
      batch_kind: 'initial',
      status: 'pending',
      source_refs: [],
      reason: 'again',
      request_context: org.requestContext('finance'),
      file_count: 0,
      revision: 1,
      created_at: at,
      updated_at: at,
      selection: exportSelection(exportRecord),
    };
    // Queued as /export/batch/create queues it, without starting its worker.
    await createRequestedBatch(batch, new Date('2100-01-01T00:00:00Z'), undefined);
    failFirstS3Sends(batch.batch_id, 1, slowDown);

    expect(await logMessagesOf(() => runBuildJob({ orgcode: org.orgcode, batch_id: batch.batch_id }))).toEqual({
      value: 'retried',
      messages: ['batch build met a transient fault; retried later'],
    });
    const givenBack = await batchNow(batch.batch_id);
    expect(givenBack).toMatchObject({ status: 'pending', revision: 3 }); // created 1, claimed 2, given back 3
    expect((await listedBatches(exportId)).find((listed) => listed.batch_id === batch.batch_id)).toEqual(givenBack);

    expect(await runBuildJob({ orgcode: org.orgcode, batch_id: batch.batch_id, restart: true })).toBe('ready');
    const built = await batchNow(batch.batch_id);
    expect(built).toMatchObject({ status: 'ready', revision: 5 }); // claimed again 4, built 5
    expect((await listedBatches(exportId, 'ready')).find((listed) => listed.batch_id === batch.batch_id)).toEqual(built);
  });
});
