import { setTimeout as sleep } from 'node:timers/promises';
import type { AwsLikeOptions } from '../../shared/local/aws-like';
import { exportWorkerFunctionName } from '../../shared/routes/background-registry';
import { asClient, builtExport, eventsOfVerifiedExport, injectedDuring } from '../support/aws-like';
import { eventRequest } from '../support/fixtures/events';
import { exportRequest } from '../support/fixtures/exports';
import { useOrg, useStack } from '../support/harness';
import { invokeOperator } from '../support/local-api';

/**
 * Issue 24, item 4 under the AWS-like mode's own faults (no targeted
 * middleware): while an export's build runs, every transaction is cancelled
 * for ThrottlingError (setRates), as on a hot partition, so the build's batch
 * write outlives every retry (the SDK retries none; transientWriteRetry gives
 * up after 6 attempts); then the rates fall back. Single writes stay at the
 * file's rate so the claim can be given back. Before the fix the export
 * worker failed such a build for good; now it gives its claim back and the
 * next attempt, restarted as the sweep would, builds it. Seeded; the test logs
 * its figures.
 */
const awsLike: Partial<AwsLikeOptions> = {
  seed: 11,
  indexLagMs: 300,
  transactionCancelRate: 0.05,
  transactionThrottleShare: 0.5,
  writeThrottleRate: 0.05,
  writeConflictRate: 0,
  asyncInvokeDelayMs: 200,
  asyncInvokeRepeatRate: 0,
  busDeliveryRepeatRate: 0,
  controlMessageRate: 0,
};
const stack = useStack({ awsLike });
const org = useOrg('AWX', { finance: { owner: true, roles: ['acct_export_admin', 'acct_view'] } });

const record = (eventId: string) =>
  asClient(() =>
    org.post('finance', '/event/record', eventRequest(org.orgcode, { event_id: eventId, occurred_at: '2026-11-20T12:00:00Z', source_refs: [], request_context: org.requestContext('finance') })),
  );

const exportStatus = async (exportId: string) => (await org.post('finance', '/export/get', { export_id: exportId })).body.data.export.status as string;

describe('the AWS-like mode with writes throttled past the SDK\'s attempts (issue 24, item 4)', () => {
  it('item 4: an export whose batch write is throttled past every retry is tried again, never failed, and built once', async () => {
    await injectedDuring(stack.awsLike, 'item 4', async () => {
      for (let index = 0; index < 6; index += 1) await record(`evt_throttled_${index}`);
      await sleep(awsLike.indexLagMs! + 100);
      // The create is one PutItem (no idempotency key); the build stores its batches in a transaction.
      stack.awsLike.setRates({ transactionCancelRate: 1, transactionThrottleShare: 1 });
      const created = await asClient(() => org.post('finance', '/export/create', exportRequest(org.orgcode, { request_context: org.requestContext('finance') })));
      expect(created.status).toBe(200);
      const exportId = created.body.data.export.export_id as string;
      await stack.awsLike.idle(); // its own (delayed) start has run
      stack.awsLike.setRates({ transactionCancelRate: awsLike.transactionCancelRate, transactionThrottleShare: awsLike.transactionThrottleShare }); // the partition cools down

      // The sweep restarts a build given back once its retry time passes (minutes on AWS): here at once.
      const statuses = [await exportStatus(exportId)];
      while (statuses.at(-1) === 'pending' && statuses.length < 6) {
        await invokeOperator(exportWorkerFunctionName, { orgcode: org.orgcode, export_id: exportId, restart: true });
        statuses.push(await exportStatus(exportId));
      }
      console.log(`item 4: the export's status after each attempt: ${statuses.join(', ')}`);
      expect(statuses).not.toContain('failed');
      expect(statuses.length).toBeGreaterThan(1); // a build met a transient fault and was given back
      const { exportRecord, batches } = await builtExport(org.headers.finance, exportId, awsLike.indexLagMs!);
      expect(exportRecord.status).toBe('ready');
      expect(await eventsOfVerifiedExport(exportRecord, batches)).toHaveLength(6);
    });
  });
});
