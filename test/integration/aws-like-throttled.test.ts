import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import { createExport } from '../../shared/db/exports/export-repository';
import { findDueWork } from '../../shared/db/work-queue';
import * as keys from '../../shared/db/keys';
import type { AwsLikeCounts, AwsLikeOptions } from '../../shared/local/aws-like';
import { defaultAwsLikeOptions } from '../../shared/local/aws-like-options';
import type { BusEvent } from '../../shared/local/event-bus-api';
import { newExport } from '../../shared/domain/exports/export-record';
import { newId } from '../../shared/domain/identifiers';
import { exportWorkerFunctionName } from '../../shared/routes/background-registry';
import { builtExport, eventsOfVerifiedExport, exportOutcomes, injectedDuring } from '../support/aws-like';
import { logMessagesOf } from '../support/expected-logs';
import { eventRequest } from '../support/fixtures/events';
import { exportRequest } from '../support/fixtures/exports';
import { useOrg, useStack } from '../support/harness';
import { asClient, invokeOperator, runScheduled } from '../support/local-api';

/**
 * Issue 24, items 2 and 4 under the AWS-like mode's own faults (no targeted
 * middleware): background work held up and throttled as on AWS, raised around
 * one flow at a time with setRates. Item 2: a build held up by S3 503 SlowDown
 * while a late scheduler sweep reads the export's queue entry from a lagging
 * index as it was before the build claimed it. Item 4: a build whose object
 * writes, then whose batch write, are throttled past every retry. Seeded; each
 * test logs its figures.
 */
const awsLike: Partial<AwsLikeOptions> = {
  seed: 11,
  indexLagMs: 300,
  indexStaleImageRate: 0,
  transactionCancelRate: 0.05,
  transactionThrottleShare: 0.5,
  writeThrottleRate: 0.05,
  writeConflictRate: 0,
  asyncInvokeDelayMs: 200,
  asyncInvokeRepeatRate: 0,
  busDeliveryRepeatRate: 0,
  controlMessageRate: 0,
  objectWriteSlowDownRate: 0,
};
const stack = useStack({ awsLike });
const org = useOrg('AWX', { finance: { owner: true, roles: ['acct_export_admin', 'acct_view'] } });

const { seed: _seed, ...fileRates } = awsLike;
afterEach(() => stack.awsLike.setRates(fileRates));

const record = (eventId: string) =>
  asClient(() =>
    org.post('finance', '/event/record', eventRequest(org.orgcode, { event_id: eventId, occurred_at: '2026-11-20T12:00:00Z', source_refs: [], request_context: org.requestContext('finance') })),
  );

const exportStatus = async (exportId: string) => (await org.post('finance', '/export/get', { export_id: exportId })).body.data.export.status as string;

/** The export as stored, with its work attributes (work_attempts: how many builds claimed it). */
async function storedExport(exportId: string) {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.exportRecord(org.orgcode, exportId), ConsistentRead: true }));
  return Item ?? {};
}

/** Resolves once `holds` does, checking every 5 ms: a step of the flow waits for the one before it, never for a time. */
async function until(holds: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await sleep(5);
  }
}

const injectedSince = (before: AwsLikeCounts, kind: keyof AwsLikeCounts) => stack.awsLike.counts[kind] - before[kind];

describe('the AWS-like mode with background work held up and throttled (issue 24, items 2 and 4)', () => {
  it('item 2: a late sweep reading a stale index entry while a held-up build runs starts no second build: one claim, evidence matching the files, one export.ready', async () => {
    // One replica, so the read the sweep makes is served by the replica this test watches.
    stack.awsLike.setRates({ indexReplicas: 1, transactionCancelRate: 0, asyncInvokeDelayMs: 0 });
    const published: BusEvent[] = [];
    const unsubscribe = stack.api.bus.subscribe((event) => published.push(event));
    try {
      await injectedDuring(stack.awsLike, 'item 2', async () => {
        // An export asked for 10 minutes ago whose own start was lost (Lambda's async queue): its queue entry is due
        // since 8 minutes (the create route queues it 2 minutes out). Its window closed then, so it holds no event
        // recorded now, and its build waits for no settle: what is at stake is its files, its evidence and its event.
        const askedAt = new Date(Date.now() - 10 * 60_000);
        const exportRecord = newExport(
          { from_utc: '2026-11-20T00:00:00Z', to_utc: '2026-11-21T00:00:00Z', format: 'jsonl', export_kind: 'financial_events', reason: 'raced', source_refs: [] },
          { exportId: newId('exp', askedAt), orgcode: org.orgcode, requestContext: org.requestContext('finance'), now: askedAt },
        );
        await createExport(exportRecord, new Date(askedAt.getTime() + 2 * 60_000));
        const exportId = exportRecord.export_id;
        // The replica has the queued entry (a replica applies an item's writes in order: while it lacked the creation, it
        // would show no entry at all); the claim's write then lags far past the few seconds the steps below take.
        await until(async () => (await findDueWork(new Date(), 100)).some((work) => work.export_id === exportId), 'the index lists the queued export');
        // The index shows the entry as it was before the claim; S3 answers the build's object writes SlowDown (a hot prefix).
        stack.awsLike.setRates({ indexLagMs: 600_000, indexStaleImageRate: 1, objectWriteSlowDownRate: 1 });
        const before = { ...stack.awsLike.counts };
        const firstBuild = invokeOperator(exportWorkerFunctionName, { orgcode: org.orgcode, export_id: exportId });
        await until(async () => (await storedExport(exportId)).status === 'running', 'the first build claims the export');
        // The sweep due 5 minutes ago, delivered late (a throttled scheduler's async queue): it reads the index within the lag.
        await runScheduled('export-scheduler', new Date(Date.now() - 5 * 60_000));
        const staleReads = injectedSince(before, 'staleImagesRead');
        stack.awsLike.setRates({ indexLagMs: awsLike.indexLagMs, indexReplicas: defaultAwsLikeOptions.indexReplicas });
        await until(() => injectedSince(before, 'objectWritesSlowedDown') > 0, 'the first build meets SlowDown');
        stack.awsLike.setRates({ objectWriteSlowDownRate: 0 }); // the prefix scales: the SDK's next attempt is answered
        const [first] = await Promise.allSettled([firstBuild]);
        await stack.awsLike.idle(); // whatever the sweep started has run

        const stored = await storedExport(exportId);
        console.log(
          `item 2: the sweep read ${staleReads} stale index entr${staleReads === 1 ? 'y' : 'ies'}; builds that claimed the export: ${String(stored.work_attempts)}`,
        );
        expect(staleReads).toBeGreaterThan(0); // the race took place: the sweep read the entry as due
        expect(stored.work_attempts).toBe(1); // before: the sweep moved the claimed entry back due and a second build claimed it
        expect(first.status).toBe('fulfilled');
        await Promise.all([runScheduled('outbox-publisher'), stack.awsLike.idle(), stack.api.consumers.idle()]);
        const { exportRecord: built, batches } = await builtExport(org.headers.finance, exportId, awsLike.indexLagMs!);
        expect(built.status).toBe('ready');
        expect(await eventsOfVerifiedExport(built, batches)).toEqual([]);
        expect(exportOutcomes(published, exportId).map((event) => event['detail-type'])).toEqual(['export.ready']);
      });
    } finally {
      unsubscribe();
    }
  });

  it('item 4: an export whose object writes, then whose batch write, are throttled past every retry is tried again, never failed, and built once', async () => {
    await injectedDuring(stack.awsLike, 'item 4', async () => {
      for (let index = 0; index < 6; index += 1) await record(`evt_throttled_${index}`);
      await sleep(awsLike.indexLagMs! + 100);
      // Every object write is answered SlowDown, past the SDK's 4 attempts, while the first build runs.
      stack.awsLike.setRates({ objectWriteSlowDownRate: 1 });
      // Each attempt given back logs the transient fault it met, and nothing else is logged.
      const { value: { exportId, statuses }, messages } = await logMessagesOf(async () => {
        const created = await asClient(() => org.post('finance', '/export/create', exportRequest(org.orgcode, { request_context: org.requestContext('finance') })));
        expect(created.status).toBe(200);
        const exportId = created.body.data.export.export_id as string;
        await stack.awsLike.idle(); // its own (delayed) start has run
        const statuses = [await exportStatus(exportId)];

        // The sweep restarts a build given back once its retry time passes (minutes on AWS): here at once.
        const restart = async () => {
          await invokeOperator(exportWorkerFunctionName, { orgcode: org.orgcode, export_id: exportId, restart: true });
          statuses.push(await exportStatus(exportId));
        };
        // The second build's batch write (a transaction) is cancelled for ThrottlingError every time, as on a hot partition.
        stack.awsLike.setRates({ objectWriteSlowDownRate: 0, transactionCancelRate: 1, transactionThrottleShare: 1 });
        if (statuses.at(-1) === 'pending') await restart();
        stack.awsLike.setRates({ transactionCancelRate: awsLike.transactionCancelRate }); // the partition cools down
        while (statuses.at(-1) === 'pending' && statuses.length < 6) await restart();
        return { exportId, statuses };
      });
      expect(messages).toEqual(statuses.filter((status) => status === 'pending').map(() => 'export build met a transient fault; retried later'));

      console.log(`item 4: the export's status after each attempt: ${statuses.join(', ')}`);
      expect(statuses.slice(0, 3)).toEqual(['pending', 'pending', 'ready']); // before: the first attempt failed the export for good
      const { exportRecord, batches } = await builtExport(org.headers.finance, exportId, awsLike.indexLagMs!);
      expect(exportRecord.status).toBe('ready');
      expect(await eventsOfVerifiedExport(exportRecord, batches)).toHaveLength(6);
    });
  });
});
