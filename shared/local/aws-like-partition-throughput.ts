import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isModeBookkeeping } from './aws-like-bookkeeping';
import type { AwsLikeCounts } from './aws-like-options';
import { type Capacity, type PartitionUse, itemSize, partitionsOf, transactionWriteUnits, unitsByPartition } from './aws-like-partition-keys';

type Input = Record<string, any>;

/** Units a partition key has consumed since the mode started. */
export interface ConsumedUnits {
  readUnits: number;
  writeUnits: number;
}

/** The limits the meter reads at each use (a test may change them): units a second per partition key; 0 turns one off. */
export interface PartitionLimits {
  partitionReadUnitsPerSecond: number;
  partitionWriteUnitsPerSecond: number;
}

interface Bucket {
  /** Units left; below 0 after a request that consumed more than was left (a Query's size is known only once read). */
  units: number;
  at: number;
}

/** One partition key of the table (no index) or of an index. */
const partitionId = (partitionKey: string, index: string | undefined) => `${index ?? ''}\u0000${partitionKey}`;
/** Its bucket of one kind of capacity. */
const bucketId = (use: PartitionUse) => `${use.capacity}\u0000${partitionId(use.partitionKey, use.index)}`;

/**
 * A token bucket per partition key and kind of capacity: it refills at the
 * limit a second and holds at most one second of it (the little burst a
 * partition absorbs), and a request is refused while its bucket is empty.
 * What a request consumed is taken after it ran, as DynamoDB charges a Query
 * for what it read, so the bucket may go below 0 and refuses until refilled.
 */
export function partitionMeter(limits: PartitionLimits) {
  const buckets = new Map<string, Bucket>();
  const consumed = new Map<string, ConsumedUnits>();
  const limitOf = (capacity: Capacity) => (capacity === 'read' ? limits.partitionReadUnitsPerSecond : limits.partitionWriteUnitsPerSecond);
  const bucketOf = (key: string, limit: number, now: number): Bucket => {
    const bucket = buckets.get(key) ?? { units: limit, at: now };
    bucket.units = Math.min(limit, bucket.units + ((now - bucket.at) / 1000) * limit);
    bucket.at = now;
    buckets.set(key, bucket);
    return bucket;
  };
  return {
    /** Whether the partition has no units left this instant (never when its limit is off). */
    exhausted(use: PartitionUse, now = Date.now()): boolean {
      const limit = limitOf(use.capacity);
      return limit > 0 && bucketOf(bucketId(use), limit, now).units <= 0;
    },
    /** Takes `units` from the partition's bucket and adds them to what it consumed. */
    charge(use: PartitionUse, units: number, now = Date.now()): void {
      const limit = limitOf(use.capacity);
      if (limit > 0) bucketOf(bucketId(use), limit, now).units -= units;
      const key = partitionId(use.partitionKey, use.index);
      const total = consumed.get(key) ?? { readUnits: 0, writeUnits: 0 };
      if (use.capacity === 'read') total.readUnits += units;
      else total.writeUnits += units;
      consumed.set(key, total);
    },
    /** What a partition key of the table (or of `index`) has consumed since the mode started. */
    consumed(partitionKey: string, index?: string): ConsumedUnits {
      return { ...(consumed.get(partitionId(partitionKey, index)) ?? { readUnits: 0, writeUnits: 0 }) };
    },
  };
}

export type PartitionMeter = ReturnType<typeof partitionMeter>;

/** The commands that read or write items, which DynamoDB meters (a Scan is left out: none runs on a request path). */
const meteredCommands = new Set([
  'GetItemCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'QueryCommand',
  'BatchGetItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
  'TransactGetItemsCommand',
]);

const throttledMessage = 'Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly.';

/** The refusal of a request whose partitions are out of units, as DynamoDB answers it: a transaction cancelled, else throttled with the key range named. */
function refusal(commandName: string, input: Input, refused: PartitionUse[]): Error {
  if (commandName.startsWith('Transact')) {
    const positions = new Set(refused.map((use) => use.position));
    const reasons = ((input.TransactItems ?? []) as unknown[]).map((_, position) =>
      positions.has(position) ? { Code: 'ThrottlingError', Message: throttledMessage } : { Code: 'None' },
    );
    return new TransactionCanceledException({
      message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`,
      $metadata: { httpStatusCode: 400 },
      CancellationReasons: reasons,
    });
  }
  // The reason DynamoDB gives a request over one partition key's limit (developer guide, "DynamoDB throttling resolution guide").
  const ThrottlingReasons = refused.map((use) => ({
    reason: `${use.index ? 'Index' : 'Table'}${use.capacity === 'read' ? 'Read' : 'Write'}KeyRangeThroughputExceeded`,
  }));
  return new ProvisionedThroughputExceededException({ message: throttledMessage, $metadata: { httpStatusCode: 400 }, ThrottlingReasons });
}

/** What a write whose condition failed consumed: the existing item's size in 1 KB units (1 when there is none), as if written. */
const failedConditionUnits = (error: ConditionalCheckFailedException) => Math.max(1, Math.ceil(itemSize(error.Item ?? {}) / 1024));

/**
 * Attaches the mode's per-partition throughput to the service's document
 * client (aws-like-options.ts: partitionWriteUnitsPerSecond and
 * partitionReadUnitsPerSecond), and returns the detach.
 *
 * Every command asks DynamoDB Local for its ConsumedCapacity by table and
 * index (DynamoDB Local counts units as DynamoDB does: 1 KB a write unit, 4 KB
 * a read unit, half for an eventually consistent read, a Query summed over
 * what it read, a transaction's reads twice; a transaction's writes the mode
 * counts itself, as DynamoDB Local does not weigh them); a caller that did not
 * ask gets none back. Each attempt, below the SDK's retries, is refused while a
 * partition it reaches is out of units (a batch only when all of them are:
 * DynamoDB would return the others unprocessed, which this does not model);
 * one that ran is charged what it consumed, and a write whose condition failed
 * is charged as DynamoDB does although nothing was written.
 */
export function attachPartitionThroughput(
  client: DynamoDBDocumentClient,
  // What it needs of the mode (aws-like.ts), named here rather than imported: aws-like.ts builds the meter from this file.
  mode: { partitions: PartitionMeter; counts: Pick<AwsLikeCounts, 'requestsThrottledByPartition'> },
): () => void {
  const { partitions, counts } = mode;
  const stack = client.middlewareStack;

  stack.add(
    (next, context) => async (args) => {
      const input = args.input as Input;
      if (!meteredCommands.has(context.commandName ?? '') || isModeBookkeeping(context) || (input.ReturnConsumedCapacity ?? 'NONE') !== 'NONE') return next(args);
      const result = await next({ ...args, input: { ...input, ReturnConsumedCapacity: 'INDEXES' } });
      delete (result.output as Input).ConsumedCapacity;
      return result;
    },
    // Inside transientWriteRetry (initialize, high), before the document client marshals the input.
    { step: 'initialize', priority: 'low', name: 'awsLikeConsumedCapacity' },
  );

  stack.add(
    (next, context) => async (args) => {
      const commandName = context.commandName ?? '';
      const input = args.input as Input;
      const uses = isModeBookkeeping(context) ? [] : partitionsOf(commandName, input);
      const refused = uses.filter((use) => partitions.exhausted(use));
      const batch = commandName.startsWith('Batch');
      if (refused.length > 0 && (!batch || refused.length === uses.length)) {
        counts.requestsThrottledByPartition += 1;
        throw refusal(commandName, input, refused);
      }
      try {
        const result = await next(args);
        const charges =
          commandName === 'TransactWriteItemsCommand' ? transactionWriteUnits(input, uses) : unitsByPartition(uses, (result.output as Input).ConsumedCapacity);
        for (const [use, units] of charges) partitions.charge(use, units);
        return result;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) {
          for (const use of uses.filter((candidate) => candidate.index === undefined)) partitions.charge(use, failedConditionUnits(error));
        }
        throw error;
      }
    },
    // After the SDK's retry middleware (finalizeRequest, high): each attempt the SDK makes may be refused.
    { step: 'finalizeRequest', priority: 'low', name: 'awsLikePartitionThroughput' },
  );

  return () => {
    stack.remove('awsLikeConsumedCapacity');
    stack.remove('awsLikePartitionThroughput');
  };
}
