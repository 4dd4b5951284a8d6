import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { parseCommandLine } from '../../bin/admin-command-line';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { readStoredLayout } from '../../shared/db/shard-layout';
import { shardRaises } from '../../shared/db/shard-raises';
import { ShardWatch, configureShardWatch, hottestShardFactor, raiseAtShare } from '../../shared/db/shard-watch';
import type { AwsLikeOptions } from '../../shared/local/aws-like';
import { addLogLineSink } from '../../shared/observability/log-line';
import { seededRandom } from '../../shared/seeded-random';
import { eventRequest } from '../support/fixtures/events';
import { createOrg, freshId, useStack } from '../support/harness';
import { invokeOperator, post } from '../support/local-api';

/**
 * The shard watch (docs/decisions.md: Partition heat) on the real HTTP path,
 * in the AWS-like mode (its partition throughput AWS's, every other fault
 * off). The watch is told a partition key takes 10 write units a second
 * (AWS's 1,000), with a 2 s window and every write reported (a report stands
 * for one unit a shard), so that DynamoDB Local on a busy shared machine (a
 * few events a second) reaches in seconds the rates it acts on, and nothing
 * is throttled meanwhile. The tests of many environments and of a small
 * organisation hold it to the deployed figures, as the ramp bench
 * (bench/run-shard-ramp.ts) does.
 */
const writeLimit = 10;
const awsLike: Partial<AwsLikeOptions> = { indexLagMs: 0, indexStaleImageRate: 0, transactionCancelRate: 0, writeThrottleRate: 0, writeConflictRate: 0 };
useStack({ awsLike });
const scaledDown = () => configureShardWatch({ partitionWriteUnitsPerSecond: writeLimit, windowMs: 2_000, sampleUnits: 1 });
beforeAll(scaledDown);
afterEach(scaledDown);
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

/** The units every report of the organisation's counter items stood for, window by window. */
const reportedUnits = (items: ReadonlyArray<Record<string, unknown>>) =>
  items.flatMap((item) => Object.entries(item).filter(([name]) => name.startsWith('units_')).map(([, units]) => Number(units)));

/**
 * Injected key-range throttling (a mock: DynamoDB Local never throttles): every transaction that writes a copy to the
 * organisation's ledger by time is cancelled, its ledger items with `ThrottlingError` as DynamoDB names them, the
 * others `None`. Returns the removal.
 */
function throttlingLedgerWritesOf(orgcode: string): () => void {
  const ledger = keys.eventsByTime(orgcode);
  const name = `injectedLedgerThrottling-${orgcode}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const items = ((args.input as { TransactItems?: Array<{ Put?: { Item?: { pk?: unknown } } }> }).TransactItems ?? []);
      const throttled = items.map((item) => String(item.Put?.Item?.pk ?? '').startsWith(ledger));
      if (context.commandName !== 'TransactWriteItemsCommand' || !throttled.includes(true)) return next(args);
      const codes = throttled.map((hot) => (hot ? 'ThrottlingError' : 'None'));
      throw new TransactionCanceledException({
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
        $metadata: { httpStatusCode: 400 },
        CancellationReasons: codes.map((Code) => (Code === 'None' ? { Code } : { Code, Message: 'Throughput exceeds the current capacity of your table or index.' })),
      });
    },
    { step: 'initialize', name },
  );
  return () => dynamo().middlewareStack.remove(name);
}

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
      // Five events a second: the watch raises to about 16 for them, and would need four times that (a slow machine's calls
      // catching up come close to twice) to reach the operator's 64 on its own; at 20 a second it sometimes did.
      const statuses = await recordEvents(org, 20, 5);
      const operatorRaise = await invokeOperator<Record<string, unknown>>('credential-admin', { action: 'raise-shards', orgcode: org.orgcode, shards: 64, reason: 'planned peak' });

      // Assert: no call failed; the watch raised first, by powers of two, past a quarter of the limit by what it observed.
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      const shown = await invokeOperator<Record<string, any>>('credential-admin', { action: 'show', orgcode: org.orgcode });
      expect(shown).toMatchObject({ orgcode: org.orgcode, shards: 64, effective_at: operatorRaise.effective_at });
      const [automatic, ...others] = shown.raises as Array<Record<string, any>>;
      expect(automatic).toMatchObject({ trigger: 'automatic', from_shards: 1, observed: { partition: expect.stringMatching(/^EVENTS/) } });
      expect([2, 4, 8, 16, 32]).toContain(automatic!.to_shards);
      // The record rounds the rate to whole units a second.
      expect(((automatic!.observed.write_units_per_second + 0.5) * hottestShardFactor) / automatic!.from_shards).toBeGreaterThan(raiseAtShare * writeLimit);
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

  it("is raised by its writes refused as throttled alone: every ledger write throttled past the service's retries (injected key-range throttling, mocked)", async () => {
    // Arrange: nothing of the organisation's ledger is ever written.
    const org = await createOrg('SWT', { clerk: { roles: ['acct_export_admin'] } });
    const stopThrottling = throttlingLedgerWritesOf(org.orgcode);

    // Act
    let statuses: number[];
    try {
      statuses = await recordEvents(org, 12, 20);
    } finally {
      stopThrottling();
    }

    // Assert: every call answered 429, and the watch raised the layout from what it was refused.
    expect(new Set(statuses)).toEqual(new Set([429]));
    const [raise] = await shardRaises(org.orgcode);
    expect(raise).toMatchObject({ trigger: 'automatic', from_shards: 1, observed: { partition: expect.stringMatching(/^EVENTS/) } });
    expect(raise!.observed!.throttled_write_units_per_second).toBe(raise!.observed!.write_units_per_second);
    expect(raise!.reason).toMatch(/^EVENTS\S* took \d+ write units\/s over 1 shard\(s\) \(\d+ of them refused as throttled\)/);
  });

  it('counts an organisation whose writes are spread over 1,000 environments, each writing a few units a window: raised past the deployed raise point, left alone below it', async () => {
    // Arrange: the deployed figures (1,000 WCU/s a key, 20 s windows, a report for 50 units a shard); the raise is due
    // at 200 units a second on one shard. Each environment holds its own watch, with draws of its own.
    configureShardWatch();
    const seeds = seededRandom(38);
    const environments = Array.from({ length: 1_000 }, () => new ShardWatch(seededRandom(Math.floor(seeds() * 2 ** 32))));
    const windowStart = Math.ceil(Date.now() / 20_000) * 20_000;
    /** Every environment writes single units to the ledger by time, `unitsPerSecond` in all, over two windows. */
    const load = async (orgcode: string, unitsPerSecond: number) => {
      const everyMs = (1000 * environments.length) / unitsPerSecond;
      for (let at = 0; at < 40_000; at += everyMs) {
        await Promise.all(
          environments.map((watch, index) => watch.note([{ orgcode: encodeURIComponent(orgcode), partition: 'EVENTS', units: 1 }], windowStart + at + (everyMs * index) / environments.length)),
        );
      }
    };
    const [hot, warm] = [freshId('SWH').toUpperCase(), freshId('SWW').toUpperCase()];

    // Act: 300 units a second (6 a window in each environment), and 100.
    await load(hot, 300);
    await load(warm, 100);

    // Assert: the first raised to two shards (300 x 1.25 / 2 is under a quarter of 1,000), the second not.
    expect(await readStoredLayout(hot)).toMatchObject({ shards: 2 });
    expect(await readStoredLayout(warm)).toBeUndefined();
    const reported = reportedUnits(await counterItems(hot));
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((units) => units % 50 === 0)).toBe(true);
  });

  it('costs a small organisation a report for about 50 units of its spread partitions, and leaves its layout as it was', async () => {
    // Arrange: the deployed figures, and seeded draws.
    configureShardWatch({}, seededRandom(38));
    const org = await createOrg('SWS', { clerk: { roles: ['acct_export_admin'] } });

    // Act: two events, a few units each on its ledger and lineage (each event's copies are written in a transaction, 2 units each).
    const statuses = await recordEvents(org, 2, 2);

    // Assert: each report stands for 50 units; nothing raised.
    expect(statuses).toEqual([200, 200]);
    expect(reportedUnits(await counterItems(org.orgcode)).every((units) => units % 50 === 0)).toBe(true);
    expect(await readStoredLayout(org.orgcode)).toBeUndefined();
    expect(await invokeOperator('credential-admin', { action: 'show', orgcode: org.orgcode })).toEqual({ orgcode: org.orgcode, shards: 1, raises: [] });
  });

  it('is shown by the admin command `organisation show`, which needs only the organisation', () => {
    expect(parseCommandLine(['organisation', 'show', '--orgcode', 'ACME'])).toEqual({ command: 'organisation show', flags: { orgcode: 'ACME' } });
    expect(() => parseCommandLine(['organisation', 'show'])).toThrow(/organisation show needs --orgcode/);
  });
});
