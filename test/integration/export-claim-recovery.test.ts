import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { takeDueEntry, workEntry } from '../../shared/db/work-queue';
import { unclaimedWorkGraceMs } from '../../shared/exports/build-jobs';
import { runExportScheduler } from '../../shared/exports/export-scheduler';
import { runBuildJob } from '../../shared/exports/export-worker';
import { failFirstS3Sends, failFirstSends, slowDown } from '../support/client-faults';
import { logMessagesOf } from '../support/expected-logs';
import { pollUntil } from '../support/exports';
import { storedExport } from '../support/fixtures/exports';
import { untilListed, useOrg, useStack } from '../support/harness';

/**
 * Claims of export work that could stay `running` for good (issue 24): one
 * taken by the release before claims carried their own deadline, and one
 * whose give-back after a transient fault is itself throttled. DynamoDB Local
 * never throttles: the throttling is injected with client middlewares (mocked).
 */
useStack();
const org = useOrg('CLM', { admin: { roles: ['acct_export_admin', 'acct_view'] } });

const minutes = (count: number) => count * 60_000;
const farFuture = new Date('2100-01-01T00:00:00Z');
/** A DynamoDB refusal for throttling, as it reaches the service once the SDK's own retries are spent. */
const throttled = () => new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} });
/** The give-back's UpdateItem: the only fenced write whose first assignment sets the status back. */
const giveBack = '#f0 = :f0, #f1 = :f1, gsi3sk';

const storedItem = async (exportId: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.exportRecord(org.orgcode, exportId), ConsistentRead: true }))).Item!;

/**
 * The export as the release before `work_deadline` left a claim it took at
 * `claimedAt`: running, due on the queue at the claim's 16-minute deadline,
 * and no `work_deadline` (its worker crashed: nothing else will write it).
 */
async function claimedByEarlierRelease(claimedAt: Date): Promise<string> {
  const { export_id: exportId } = await storedExport(org.requestContext('finance'), farFuture);
  const deadline = new Date(claimedAt.getTime() + minutes(16));
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.exportRecord(org.orgcode, exportId),
      UpdateExpression: 'SET #status = :running, gsi3sk = :entry, work_due_at = :deadline, updated_at = :claimed ADD work_attempts :one, revision :one',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':entry': workEntry(org.orgcode, exportId, deadline).gsi3sk,
        ':deadline': deadline.toISOString(),
        ':claimed': claimedAt.toISOString(),
        ':one': 1,
      },
    }),
  );
  return exportId;
}

describe('a build claimed by the release before claims had their own deadline', () => {
  it('is restarted by the sweep once that claim is 16 minutes old, and built', async () => {
    // Claimed long ago: its entry is due before any other suite's, so this sweep restarts it alone.
    const claimedAt = new Date('2000-12-31T23:00:00Z');
    const exportId = await claimedByEarlierRelease(claimedAt);

    // The sweep reads the work queue's index, which follows the seeding write on its own time: as the next minute's run would, sweep again until it lists the claim.
    await untilListed(async () => {
      const sweep = await runExportScheduler(new Date(claimedAt.getTime() + minutes(17)));
      expect(sweep.builds_restarted).toBe(1);
    });

    const built = await pollUntil('/export/get', { export_id: exportId }, org.headers.admin, 'export', (record) => record.status === 'ready', 45_000);
    expect(built.evidence.manifest_ref).toContain('/attempt-2/');
  });

  it("is taken by the job the sweep starts at once, though taking the entry moved the due time it was held by past the job's start", async () => {
    const now = new Date();
    const exportId = await claimedByEarlierRelease(new Date(now.getTime() - minutes(20)));

    const { pk, sk, gsi3sk, work_due_at } = await storedItem(exportId);
    expect(await takeDueEntry({ pk, sk, gsi3sk, work_due_at }, new Date(now.getTime() + unclaimedWorkGraceMs))).toBe(true);
    const outcome = await runBuildJob({ orgcode: org.orgcode, export_id: exportId, restart: true }, () => new Date(now.getTime() + 1_000));

    expect(outcome).toBe('ready');
    expect(await storedItem(exportId)).toMatchObject({ status: 'ready', work_attempts: 2 });
  });

  it('keeps its claim while it is younger than 16 minutes: a restarted job does not take it', async () => {
    const exportId = await claimedByEarlierRelease(new Date(Date.now() - minutes(5)));

    const outcome = await runBuildJob({ orgcode: org.orgcode, export_id: exportId, restart: true });

    // Counted neither as retried nor as failed on the dashboard: it was not this job's to run.
    expect(outcome).toBe('not_run');
    expect(await storedItem(exportId)).toMatchObject({ status: 'running', work_attempts: 1 });
  });
});

describe('a claim given back after a transient fault (the give-back throttled, mocked)', () => {
  it('is given back through three throttled attempts: the export is pending again, and the retry builds it', async () => {
    const { export_id: exportId } = await storedExport(org.requestContext('finance'), farFuture);
    failFirstS3Sends(exportId, 1, slowDown);
    const release = failFirstSends('UpdateItemCommand', giveBack, 3, throttled);

    const { value: outcome, messages } = await logMessagesOf(() => runBuildJob({ orgcode: org.orgcode, export_id: exportId }));

    expect(outcome).toBe('retried');
    expect(messages).toEqual(['export build met a transient fault; retried later']);
    expect(release.sent).toBe(4);
    expect(await storedItem(exportId)).toMatchObject({ status: 'pending', work_attempts: 1 });
    await runBuildJob({ orgcode: org.orgcode, export_id: exportId, restart: true });
    expect(await storedItem(exportId)).toMatchObject({ status: 'ready', work_attempts: 2 });
  });

  it("is left to its own deadline when the give-back is refused until the worker's time is up: the restart after it builds the export", async () => {
    const { export_id: exportId } = await storedExport(org.requestContext('finance'), farFuture);
    failFirstS3Sends(exportId, 1, slowDown);
    const release = failFirstSends('UpdateItemCommand', giveBack, 1_000, throttled);
    // The build claims at the first reading; by the fault, 14 min 50 s have gone by, past the give-back's time.
    let readings = 0;
    const lateWorker = () => new Date(Date.now() + (readings++ === 0 ? 0 : minutes(14) + 50_000));

    const { messages } = await logMessagesOf(() => runBuildJob({ orgcode: org.orgcode, export_id: exportId }, lateWorker));

    expect(release.sent).toBe(1);
    expect(messages).toEqual([
      'export build met a transient fault; retried later',
      "export build claim not given back; the sweep restarts it at the claim's deadline",
    ]);
    const stranded = await storedItem(exportId);
    expect(stranded).toMatchObject({ status: 'running', work_attempts: 1, work_due_at: stranded.work_deadline });
    await runBuildJob({ orgcode: org.orgcode, export_id: exportId, restart: true });
    expect(await storedItem(exportId)).toMatchObject({ status: 'running', work_attempts: 1 });

    await runBuildJob({ orgcode: org.orgcode, export_id: exportId, restart: true }, () => new Date(Date.now() + minutes(17)));
    expect(await storedItem(exportId)).toMatchObject({ status: 'ready', work_attempts: 2 });
  });
});
