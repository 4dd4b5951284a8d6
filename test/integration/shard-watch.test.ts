import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { parseCommandLine } from '../../bin/admin-command-line';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { readStoredLayout } from '../../shared/db/shard-layout';
import { shardRaises } from '../../shared/db/shard-raises';
import { configureShardWatch, hottestShardFactor, raiseAtShare } from '../../shared/db/shard-watch';
import type { AwsLikeOptions } from '../../shared/local/aws-like';
import { addLogLineSink } from '../../shared/observability/log-line';
import { eventRequest } from '../support/fixtures/events';
import { createOrg, useStack } from '../support/harness';
import { invokeOperator, post } from '../support/local-api';

/**
 * The shard watch (docs/decisions.md: Partition heat) on the real HTTP path,
 * in the AWS-like mode (its partition throughput AWS's, every other fault
 * off). The watch is told a partition key takes 10 write units a second
 * (AWS's 1,000), with a 2 s window and a process adding its count every 5
 * units, so that DynamoDB Local on a busy shared machine (a few events a
 * second) reaches in seconds the rates it acts on, and nothing is throttled
 * meanwhile. The ramp bench (bench/run-shard-ramp.ts) holds it to AWS's figures.
 */
const writeLimit = 10;
const awsLike: Partial<AwsLikeOptions> = { indexLagMs: 0, indexStaleImageRate: 0, transactionCancelRate: 0, writeThrottleRate: 0, writeConflictRate: 0 };
useStack({ awsLike });
beforeAll(() => configureShardWatch({ partitionWriteUnitsPerSecond: writeLimit, windowMs: 2_000, flushUnits: 5 }));
afterAll(() => configureShardWatch());

/** Records `count` events of the organisation at `perSecond` at most, each with its own order, four at a time; answers every status. */
async function recordEvents(org: { orgcode: string; headers: { clerk: Record<string, string> } }, count: number, perSecond: number): Promise<number[]> {
  const started = Date.now();
  const statuses: number[] = [];
  const inFlight = 4;
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let index = next++; index < count; index = next++) {
        const due = started + (index * 1000) / perSecond;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        const body = eventRequest(org.orgcode, { source_refs: [{ kind: 'order', id: `ord_${index}` }] });
        statuses.push((await post('/event/record', body, org.headers.clerk)).status);
      }
    }),
  );
  return statuses;
}

const counterItems = async (orgcode: string) =>
  (
    await dynamo().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.shardWatch(orgcode, '').pk }, ConsistentRead: true }),
    )
  ).Items ?? [];

describe('the shard watch', () => {
  it('raises a busy organisation on its own, records why, logs it and counts it as ShardRaises by Trigger; the operator raises it further for a planned peak', async () => {
    // Arrange: an event a second puts a unit a second on the ledger by time and one on its type: past 2 a second, the
    // hottest shard of one, projected at 1.25x that, is past a quarter of the limit.
    const org = await createOrg('SWB', { clerk: { roles: ['acct_export_admin'] } });
    const lines: Array<Record<string, any>> = [];
    const stopListening = addLogLineSink((_line, record) => {
      if (record.message === 'shard layout raised' && record.orgcode === org.orgcode) lines.push(record);
    });
    try {
      // Act
      const statuses = await recordEvents(org, 40, 20);
      const operatorRaise = await invokeOperator<Record<string, unknown>>('credential-admin', { action: 'raise-shards', orgcode: org.orgcode, shards: 64, reason: 'planned peak' });

      // Assert: no call failed; the watch raised first, by powers of two, past a quarter of the limit by what it observed.
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      const shown = await invokeOperator<Record<string, any>>('credential-admin', { action: 'show', orgcode: org.orgcode });
      expect(shown).toMatchObject({ orgcode: org.orgcode, shards: 64, effective_at: operatorRaise.effective_at });
      const [automatic, ...others] = shown.raises as Array<Record<string, any>>;
      expect(automatic).toMatchObject({ trigger: 'automatic', from_shards: 1, observed: { partition: expect.stringMatching(/^EVENTS/) } });
      expect([2, 4, 8, 16, 32]).toContain(automatic!.to_shards);
      expect((automatic!.observed.write_units_per_second * hottestShardFactor) / automatic!.from_shards).toBeGreaterThan(raiseAtShare * writeLimit);
      expect(automatic!.reason).toMatch(/^EVENTS\S* took \d+ write units\/s over 1 shard\(s\)/);
      expect(others.at(-1)).toEqual({
        at: expect.any(String),
        trigger: 'operator',
        reason: 'planned peak',
        from_shards: expect.any(Number),
        to_shards: 64,
        effective_at: operatorRaise.effective_at,
      });
      expect(others.every((raise) => raise.trigger === 'operator' || raise.to_shards > raise.from_shards)).toBe(true);
      expect(await shardRaises(org.orgcode)).toEqual(shown.raises);

      // Each raise is one line, which is also one ShardRaises under its Trigger in the service's namespace.
      expect(lines.map((line) => [line.trigger, line.from_shards, line.to_shards])).toEqual(shown.raises.map((raise: any) => [raise.trigger, raise.from_shards, raise.to_shards]));
      for (const line of lines) {
        expect(line).toMatchObject({ level: 'info', Trigger: line.trigger, ShardRaises: 1 });
        expect(line._aws.CloudWatchMetrics).toEqual([
          { Namespace: expect.any(String), Dimensions: [['Trigger']], Metrics: [{ Name: 'ShardRaises', Unit: 'Count' }] },
        ]);
      }
    } finally {
      stopListening();
    }
  });

  it('costs a small organisation nothing: its writes add no counter item and leave its layout as it was', async () => {
    const org = await createOrg('SWS', { clerk: { roles: ['acct_export_admin'] } });

    // Two events: 4 units on its ledger (each event's list copy is written in a transaction, 2 units), under the file's 5 a window.
    const statuses = await recordEvents(org, 2, 2);

    expect(statuses).toEqual([200, 200]);
    expect(await counterItems(org.orgcode)).toEqual([]);
    expect(await readStoredLayout(org.orgcode)).toBeUndefined();
    expect(await invokeOperator('credential-admin', { action: 'show', orgcode: org.orgcode })).toEqual({ orgcode: org.orgcode, shards: 1, raises: [] });
  });

  it('is shown by the admin command `organisation show`, which needs only the organisation', () => {
    expect(parseCommandLine(['organisation', 'show', '--orgcode', 'ACME'])).toEqual({ command: 'organisation show', flags: { orgcode: 'ACME' } });
    expect(() => parseCommandLine(['organisation', 'show'])).toThrow(/organisation show needs --orgcode/);
  });
});
