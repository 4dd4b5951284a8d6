import {
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import type { MiddlewareStack } from '@smithy/types';
import type { AwsLike } from './aws-like';

type Item = Record<string, unknown>;
type Input = Record<string, any>;

/** What DynamoDB writes one item in: a Put's item, or an Update's or Delete's key. */
interface WriteRequest {
  Put?: { Item?: Item };
  Update?: { Key?: Item };
  Delete?: { Key?: Item };
  PutRequest?: { Item?: Item };
  DeleteRequest?: { Key?: Item };
}

const singleWrites = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand']);

const keyOf = (item: Item | undefined) => (item ? `${String(item.pk)}\u0000${String(item.sk)}` : undefined);

/** The keys of the items a command writes (a ConditionCheck writes nothing), read from the document client's plain input. */
function writtenKeys(commandName: string, input: Input): string[] {
  const requests: WriteRequest[] =
    commandName === 'TransactWriteItemsCommand'
      ? (input.TransactItems ?? [])
      : commandName === 'BatchWriteItemCommand'
        ? Object.values((input.RequestItems ?? {}) as Record<string, WriteRequest[]>).flat()
        : singleWrites.has(commandName)
          ? [{ PutRequest: { Item: input.Item }, DeleteRequest: { Key: input.Key } }]
          : [];
  return requests.flatMap((request) =>
    [request.Put?.Item, request.Update?.Key, request.Delete?.Key, request.PutRequest?.Item, request.DeleteRequest?.Key].flatMap(
      (item) => keyOf(item) ?? [],
    ),
  );
}

/**
 * The time each item was last written, oldest first, kept for as long as an
 * index may lag behind it.
 */
function writeTimes(lagMs: number) {
  const writtenAt = new Map<string, number>();
  const forget = (now: number) => {
    for (const [key, at] of writtenAt) {
      if (now - at < lagMs) return;
      writtenAt.delete(key);
    }
  };
  return {
    /** Sets the keys' time to now (re-inserted: the map stays in time order); returns the undo. */
    mark(keys: string[]): () => void {
      const now = Date.now();
      forget(now);
      const before = keys.map((key) => [key, writtenAt.get(key)] as const);
      for (const key of keys) {
        writtenAt.delete(key);
        writtenAt.set(key, now);
      }
      return () => {
        for (const [key, at] of before) {
          writtenAt.delete(key);
          if (at !== undefined) writtenAt.set(key, at);
        }
      };
    },
    lagging: (key: string | undefined) => key !== undefined && Date.now() - (writtenAt.get(key) ?? -Infinity) < lagMs,
  };
}

const cancellationMessage = (codes: string[]) =>
  `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`;

/**
 * Attaches the mode's DynamoDB faults to the service's document client
 * (`dynamo()`, shared by every handler of the process), and returns the detach.
 * The local stack calls it; nothing in a Lambda bundle imports this file.
 *
 * - Index lag: every write's items are timed when the write is sent and again
 *   when it succeeds (a refused write keeps the item's earlier time). A Query
 *   of a global secondary index leaves out the items written less than
 *   `indexLagMs` ago: a new item is not there yet, and an updated or deleted
 *   one is missing too (AWS would still show its earlier version; hiding it is
 *   the stricter of the two for a reader, which must not decide from either).
 *   Only writes through this client are timed.
 * - Transactions: a share of TransactWriteItems calls fail, before anything is
 *   written, with TransactionCanceledException whose CancellationReasons name
 *   `TransactionConflict` or `ThrottlingError` for one item and `None` for the
 *   rest, as DynamoDB reports them; the SDK retries neither.
 * - Single writes: a share of attempts of Put, Update, Delete and BatchWrite
 *   fail with ProvisionedThroughputExceededException or ThrottlingException
 *   below the SDK's retry middleware, so the SDK's backoff and attempts (and
 *   past them the service's own handling) are what answers. A share of the
 *   attempts of Put, Update and Delete fail with TransactionConflictException
 *   instead, as a write to an item a transaction holds does; the SDK does
 *   not retry it (its own stream, so the throttling draws stay as they were).
 */
export function attachAwsLikeDynamo(client: { middlewareStack: MiddlewareStack<any, any> }, mode: AwsLike): () => void {
  const { options, counts } = mode;
  const times = writeTimes(options.indexLagMs);
  const stack = client.middlewareStack;

  stack.add(
    (next, context) => async (args) => {
      const commandName = context.commandName ?? '';
      const input = args.input as Input;
      const keys = writtenKeys(commandName, input);
      const undo = times.mark(keys);
      try {
        const result = await next(args);
        times.mark(keys);
        if (commandName === 'QueryCommand' && input.IndexName && Array.isArray((result.output as Input).Items)) {
          const output = result.output as Input;
          const visible = (output.Items as Item[]).filter((item) => !times.lagging(keyOf(item)));
          if (visible.length < output.Items.length) {
            counts.indexReadsHidingItems += 1;
            counts.itemsHiddenByIndexLag += output.Items.length - visible.length;
            output.Items = visible;
            output.Count = visible.length;
          }
        }
        return result;
      } catch (error) {
        undo();
        throw error;
      }
    },
    // Inside transientWriteRetry (initialize, high): each of its attempts is timed on its own.
    { step: 'initialize', priority: 'low', name: 'awsLikeIndexLag' },
  );

  stack.add(
    (next, context) => async (args) => {
      const commandName = context.commandName ?? '';
      if (commandName === 'TransactWriteItemsCommand' && mode.draw('transactions') < options.transactionCancelRate) {
        const throttled = mode.draw('transactions') < options.transactionThrottleShare;
        const items = Math.max(1, ((args.input as Input).TransactItems ?? []).length);
        const culprit = Math.floor(mode.draw('transactions') * items);
        const codes = Array.from({ length: items }, (_, index) =>
          index === culprit ? (throttled ? 'ThrottlingError' : 'TransactionConflict') : 'None',
        );
        if (throttled) counts.transactionsCancelledForThrottling += 1;
        else counts.transactionsCancelledForConflict += 1;
        throw new TransactionCanceledException({
          message: cancellationMessage(codes),
          $metadata: { httpStatusCode: 400 },
          CancellationReasons: codes.map((Code) =>
            Code === 'None' ? { Code } : { Code, Message: Code === 'TransactionConflict' ? 'Transaction is ongoing for the item' : 'Throughput exceeds the current capacity of your table or index.' },
          ),
        });
      }
      if (singleWrites.has(commandName) && mode.draw('writes') < options.writeThrottleRate) {
        counts.writesThrottled += 1;
        const message = 'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.';
        throw mode.draw('writes') < 0.5
          ? new ProvisionedThroughputExceededException({ message, $metadata: { httpStatusCode: 400 } })
          : new ThrottlingException({ message: 'Throughput exceeds the current capacity of your table or index.', $metadata: { httpStatusCode: 400 } });
      }
      if (singleWrites.has(commandName) && commandName !== 'BatchWriteItemCommand' && mode.draw('writeConflicts') < options.writeConflictRate) {
        counts.writesConflicted += 1;
        throw new TransactionConflictException({ message: 'Transaction is ongoing for the item', $metadata: { httpStatusCode: 400 } });
      }
      return next(args);
    },
    // After the SDK's retry middleware (finalizeRequest, high): each attempt the SDK makes may be refused.
    { step: 'finalizeRequest', priority: 'low', name: 'awsLikeWriteFaults' },
  );

  return () => {
    stack.remove('awsLikeIndexLag');
    stack.remove('awsLikeWriteFaults');
  };
}
