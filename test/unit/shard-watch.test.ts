import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ProvisionedThroughputExceededException, ThrottlingException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import * as keys from '../../shared/db/keys';
import { shardKey } from '../../shared/db/shard-layout';
import { hottestShardFactor, raiseAtShare, raisedShardCount } from '../../shared/db/shard-watch';
import { spreadPartitionOf, spreadPartitionWrites, throttledSpreadPartitionWrites } from '../../shared/db/spread-partition-writes';

/** What the shard watch counts and when it raises (docs/decisions.md: Partition heat). */

/** Each partition the layout spreads, by its name in keys.ts, with one of its keys for ACME. */
const spreadByName: Record<string, string[]> = {
  eventsByTime: [keys.eventsByTime('ACME')],
  eventsOfType: [keys.eventsOfType('ACME', 'order.placed')],
  lineagePartition: [keys.lineagePartition('ACME', 'tender_method', 'card')],
  receivablesPartition: [keys.receivablesPartition('ACME')],
  receivableChangesOn: [keys.receivableChangesOn('ACME', '2026-11-02')],
  invoicesInLifecycle: [keys.invoicesInLifecycle('ACME', 'active'), keys.invoicesInLifecycle('ACME', 'closed')],
  openCommissions: [keys.openCommissions('ACME')],
  glDayTotals: [keys.glDayTotals('ACME')],
};

/** The names of keys.ts partitions that shared/ lays over an organisation's shards (`shardKey(keys.x(…)` or `shardKeys(keys.x(…)`). */
function partitionsLaidOverShards(folder = join(__dirname, '../../shared')): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) partitionsLaidOverShards(path).forEach((name) => names.add(name));
    else if (entry.name.endsWith('.ts')) for (const [, name] of readFileSync(path, 'utf8').matchAll(/shardKeys?\(keys\.(\w+)\(/g)) names.add(name!);
  }
  return names;
}

describe('the spread partitions the watch counts', () => {
  it('include every partition the code lays over shards: a write the watch does not count is heat it never raises for', () => {
    // The journal's day totals (issue 39) were laid over the shards but left out, and the ramp bench found the
    // partition at its limit at 100 orders a second, whatever the layout.
    expect([...partitionsLaidOverShards()].filter((name) => !(name in spreadByName))).toEqual([]);
  });

  it('are every partition the layout spreads, on any shard, and no other key of the organisation', () => {
    const org = 'ACME';
    const spread = Object.values(spreadByName).flat();
    for (const partition of spread) {
      const expected = { orgcode: org, partition: partition.slice(`ORG#${org}#`.length) };
      expect(spreadPartitionOf(partition)).toEqual(expected);
      expect(spreadPartitionOf(shardKey(partition, 13))).toEqual(expected);
    }
    for (const other of [keys.event(org, 'evt_1').pk, keys.orgRate(org).pk, keys.shardLayout(org).pk, keys.invoice(org, 'inv_1').pk, 'SYSTEM#OUTBOX#3']) {
      expect(spreadPartitionOf(other)).toBeUndefined();
    }
  });

  it('counts DynamoDB units: a transaction writes each item twice, by the KB, list copies included', () => {
    const event = { pk: keys.event('ACME', 'evt_1').pk, sk: 'EVENT' };
    const byTime = { ...event, pk: shardKey(keys.eventsByTime('ACME'), 3), sk: 't' };
    const byType = { ...event, pk: keys.eventsOfType('ACME', 'order.placed'), sk: 't' };
    const lineage = { pk: keys.lineagePartition('ACME', 'tender_method', 'card'), sk: 's', note: 'x'.repeat(1500) };
    const receivable = { pk: shardKey(keys.receivablesPartition('ACME'), 2), sk: 'CUST' };
    const writes = spreadPartitionWrites('TransactWriteItemsCommand', {
      TransactItems: [{ Put: { Item: event } }, { Put: { Item: byTime } }, { Put: { Item: byType } }, { Put: { Item: lineage } }, { Update: { Key: receivable } }, { ConditionCheck: { Key: receivable } }],
    });
    expect(writes).toEqual([
      { orgcode: 'ACME', partition: 'EVENTS', units: 2 },
      { orgcode: 'ACME', partition: 'EVENTS#TYPE#order.placed', units: 2 },
      { orgcode: 'ACME', partition: 'LINEAGE#tender_method#card', units: 4 },
      { orgcode: 'ACME', partition: 'RECEIVABLES', units: 2 },
    ]);
    expect(spreadPartitionWrites('PutItemCommand', { Item: lineage })).toEqual([{ orgcode: 'ACME', partition: 'LINEAGE#tender_method#card', units: 2 }]);
    expect(spreadPartitionWrites('DeleteItemCommand', { Key: { pk: keys.openCommissions('ACME'), sk: 's' } })).toEqual([
      { orgcode: 'ACME', partition: 'COMMISSIONS#OPEN', units: 1 },
    ]);
    expect(spreadPartitionWrites('QueryCommand', { ExpressionAttributeValues: { ':pk': keys.eventsByTime('ACME') } })).toEqual([]);
  });
});

describe('the writes refused for throughput the watch counts', () => {
  const ledger = { pk: shardKey(keys.eventsByTime('ACME'), 3), sk: 't' };
  const lineage = { pk: keys.lineagePartition('ACME', 'tender_method', 'card'), sk: 's' };
  const metadata = { $metadata: { httpStatusCode: 400 }, message: 'Throughput exceeds the current capacity of your table or index.' };
  const throttled = (reason?: string) =>
    new ProvisionedThroughputExceededException({ ...metadata, ...(reason && { ThrottlingReasons: [{ reason, resource: 'arn:aws:dynamodb:eu-west-1:1:table/t' }] }) });

  it("are a single write's when DynamoDB names its key range, or no reason at all", () => {
    const put = { Item: ledger };
    expect(throttledSpreadPartitionWrites('PutItemCommand', put, throttled('TableWriteKeyRangeThroughputExceeded'))).toEqual([{ orgcode: 'ACME', partition: 'EVENTS', units: 1 }]);
    expect(throttledSpreadPartitionWrites('PutItemCommand', put, throttled())).toEqual([{ orgcode: 'ACME', partition: 'EVENTS', units: 1 }]);
    expect(
      throttledSpreadPartitionWrites('PutItemCommand', put, new ThrottlingException({ ...metadata, throttlingReasons: [{ reason: 'IndexWriteKeyRangeThroughputExceeded' }] })),
    ).toEqual([{ orgcode: 'ACME', partition: 'EVENTS', units: 1 }]);
  });

  it("are none when DynamoDB names the table's or the account's limits, which more shards do not lift, nor for any other failure", () => {
    const put = { Item: ledger };
    expect(throttledSpreadPartitionWrites('PutItemCommand', put, throttled('TableWriteMaxOnDemandThroughputExceeded'))).toEqual([]);
    expect(throttledSpreadPartitionWrites('PutItemCommand', put, throttled('TableWriteAccountLimitExceeded'))).toEqual([]);
    expect(throttledSpreadPartitionWrites('PutItemCommand', put, new Error('socket hang up'))).toEqual([]);
  });

  it("are a cancelled transaction's items refused with ThrottlingError, and no other of its items", () => {
    const transaction = { TransactItems: [{ Put: { Item: { pk: keys.event('ACME', 'evt_1').pk, sk: 'EVENT' } } }, { Put: { Item: ledger } }, { Put: { Item: lineage } }] };
    const cancelled = (codes: string[]) =>
      new TransactionCanceledException({ ...metadata, message: 'Transaction cancelled', CancellationReasons: codes.map((Code) => ({ Code })) });
    expect(throttledSpreadPartitionWrites('TransactWriteItemsCommand', transaction, cancelled(['None', 'ThrottlingError', 'None']))).toEqual([
      { orgcode: 'ACME', partition: 'EVENTS', units: 2 },
    ]);
    expect(throttledSpreadPartitionWrites('TransactWriteItemsCommand', transaction, cancelled(['None', 'None', 'ConditionalCheckFailed']))).toEqual([]);
  });
});

describe('the raise the watch makes', () => {
  const limit = 1000;
  /** The partition rate whose hottest shard, projected over `shards`, is `share` of the limit. */
  const rateAt = (share: number, shards: number) => (share * limit * shards) / hottestShardFactor;

  it('is none while the projected hottest shard stays under a quarter of the limit', () => {
    expect(raiseAtShare).toBe(0.25);
    expect(raisedShardCount(rateAt(0.25, 1), 1, limit)).toBeUndefined();
    expect(raisedShardCount(rateAt(0.24, 16), 16, limit)).toBeUndefined();
  });

  it('doubles at least, to the power of two that brings the projection back under a quarter', () => {
    expect(raisedShardCount(rateAt(0.26, 1), 1, limit)).toBe(2);
    expect(raisedShardCount(rateAt(0.9, 1), 1, limit)).toBe(4);
    expect(raisedShardCount(rateAt(0.26, 3), 3, limit)).toBe(4);
    // 1,000 orders a second: 5,350 units a second on the ledger by time (the heat bench's 5.35 an order).
    expect(raisedShardCount(5350, 16, limit)).toBe(32);
    expect(raisedShardCount(5350, 32, limit)).toBeUndefined();
  });

  it('stops at the most shards a layout may have', () => {
    expect(raisedShardCount(rateAt(10, 32), 32, limit)).toBe(64);
    expect(raisedShardCount(rateAt(10, 64), 64, limit)).toBeUndefined();
  });
});
