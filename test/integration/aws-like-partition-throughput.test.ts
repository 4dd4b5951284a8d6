import { ConditionalCheckFailedException, ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import type { AwsLikeOptions } from '../../shared/local/aws-like';
import { freshId, useStack } from '../support/harness';

/**
 * The AWS-like mode's per-partition throughput (shared/local/aws-like-options.ts):
 * every request through the service's client is metered per partition key of
 * the table and of each index, and refused, as DynamoDB refuses it, beyond the
 * partition's units a second. The limit is lowered here (20 write units a
 * second) so that DynamoDB Local on a shared machine, a few hundred writes a
 * second at best, can exceed it several times over; the defaults are AWS's
 * 1,000 and 3,000. Every other fault is off.
 */
const writeLimit = 20;
const awsLike: Partial<AwsLikeOptions> = {
  indexLagMs: 0,
  indexStaleImageRate: 0,
  transactionCancelRate: 0,
  writeThrottleRate: 0,
  writeConflictRate: 0,
  partitionWriteUnitsPerSecond: writeLimit,
};
const stack = useStack({ awsLike });
afterEach(() => stack.awsLike.setRates({ partitionWriteUnitsPerSecond: writeLimit }));

/** An item of about `kilobytes` KB in partition `pk`. */
const item = (pk: string, sk: string, kilobytes: number, extra: Record<string, unknown> = {}) => ({ pk, sk, body: 'x'.repeat(kilobytes * 1024 - 100), ...extra });
const put = (pk: string, sk: string, kilobytes: number) => dynamo().send(new PutCommand({ TableName: tableName(), Item: item(pk, sk, kilobytes) }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('AWS-like mode: per-partition throughput', () => {
  it('throttles a hot partition key at its write units a second and leaves a cold one alone', async () => {
    // Arrange: 2 KB items, 2 write units each; the hot key is offered several times its limit, the cold one at most 8 units a second.
    const hot = `ORG#${freshId('HOT')}#COUNTER`;
    const cold = `ORG#${freshId('COLD')}#COUNTER`;
    const durationMs = 2_000;
    const throttledBefore = stack.awsLike.counts.requestsThrottledByPartition;
    const started = Date.now();

    // Act
    const hotWriter = async (writer: number) => {
      const outcomes = { written: 0, refused: 0 };
      for (let write = 0; Date.now() - started < durationMs; write += 1) {
        try {
          await put(hot, `${writer}`, 2);
          outcomes.written += 1;
        } catch (error) {
          if (!(error instanceof ProvisionedThroughputExceededException)) throw error;
          outcomes.refused += 1;
        }
      }
      return outcomes;
    };
    const coldWriter = async () => {
      let written = 0;
      for (; Date.now() - started < durationMs; written += 1) {
        await put(cold, 'only', 2);
        await sleep(250);
      }
      return written;
    };
    const [coldWrites, ...hotOutcomes] = await Promise.all([coldWriter(), ...Array.from({ length: 24 }, (_, writer) => hotWriter(writer))]);
    const seconds = (Date.now() - started) / 1000;

    // Assert: the hot key was refused and consumed no more than its limit (a second's burst besides), though the SDK's
    // backoff after each refusal leaves it below the limit for a while; the cold one was never refused.
    const hotUnits = stack.awsLike.partitions.consumed(hot).writeUnits;
    const hotWrites = hotOutcomes.reduce((sum, outcome) => sum + outcome.written, 0);
    console.log(JSON.stringify({ seconds, hotUnitsPerSecond: hotUnits / seconds, hotWrites, hotRefused: hotOutcomes.reduce((sum, outcome) => sum + outcome.refused, 0), coldWrites }));
    expect(hotUnits).toBe(hotWrites * 2);
    expect(hotUnits).toBeLessThanOrEqual(writeLimit * (seconds + 1) + 2);
    expect(hotUnits).toBeGreaterThanOrEqual(writeLimit * seconds * 0.5);
    expect(stack.awsLike.counts.requestsThrottledByPartition).toBeGreaterThan(throttledBefore);
    expect(stack.awsLike.partitions.consumed(cold).writeUnits).toBe(coldWrites * 2);
  });

  it('cancels a transaction with ThrottlingError on the item whose partition is out of units, None on the others; reads keep their own units', async () => {
    // Arrange: a limit that refills a tenth of a unit a second, spent by one write.
    stack.awsLike.setRates({ partitionWriteUnitsPerSecond: 0.1 });
    const hot = `ORG#${freshId('HOT')}#COUNTER`;
    const cold = `ORG#${freshId('COLD')}#COUNTER`;
    await put(hot, 'a', 1);

    // Act
    const cancelled = await dynamo()
      .send(
        new TransactWriteCommand({
          TransactItems: [{ Put: { TableName: tableName(), Item: item(hot, 'b', 1) } }, { Put: { TableName: tableName(), Item: item(cold, 'b', 1) } }],
        }),
      )
      .catch((error: unknown) => error);
    const read = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: hot, sk: 'a' }, ConsistentRead: true }));

    // Assert
    expect(cancelled).toBeInstanceOf(TransactionCanceledException);
    expect((cancelled as TransactionCanceledException).CancellationReasons?.map((reason) => reason.Code)).toEqual(['ThrottlingError', 'None']);
    expect(read.Item?.sk).toBe('a');
    expect(stack.awsLike.partitions.consumed(hot).readUnits).toBe(1);
  });

  it("charges a write whose condition failed, a transaction's writes twice, and a Query of an index partition on the sum of what it read", async () => {
    // Arrange: five items of about 1 KB in one gsi3 partition.
    const pk = `ORG#${freshId('IDX')}#EVENTS`;
    const indexKey = `${pk}#BY_TIME`;
    for (let index = 0; index < 5; index += 1) {
      await dynamo().send(new PutCommand({ TableName: tableName(), Item: item(pk, `${index}`, 1, { gsi3pk: indexKey, gsi3sk: `${index}` }) }));
    }
    const writtenBefore = stack.awsLike.partitions.consumed(pk).writeUnits;

    // Act
    const refused = await dynamo()
      .send(new PutCommand({ TableName: tableName(), Item: item(pk, '0', 1), ConditionExpression: 'attribute_not_exists(pk)' }))
      .catch((error: unknown) => error);
    const transacted = `ORG#${freshId('TX')}#COUNTER`;
    await dynamo().send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName(), Item: item(transacted, 'a', 2) } }] }));
    const page = await dynamo().send(
      new QueryCommand({ TableName: tableName(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': indexKey } }),
    );

    // Assert: 1 unit for the failed condition; 5 KB read eventually consistently is 2 read units halved, not 5 halves.
    expect(refused).toBeInstanceOf(ConditionalCheckFailedException);
    expect(stack.awsLike.partitions.consumed(pk).writeUnits - writtenBefore).toBe(1);
    expect(stack.awsLike.partitions.consumed(transacted).writeUnits).toBe(4);
    expect(page.Items).toHaveLength(5);
    expect(stack.awsLike.partitions.consumed(indexKey, 'gsi3')).toEqual({ readUnits: 1, writeUnits: 5 });
    expect(page.ConsumedCapacity).toBeUndefined();
  });
});
