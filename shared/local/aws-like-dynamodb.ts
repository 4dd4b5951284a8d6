import {
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type WrittenKey, itemId, singleWrites, writtenKeys } from '../db/written-keys';
import type { AwsLike } from './aws-like';
import { type IndexQuery, addEarlierImages } from './aws-like-index-images';
import { attachPartitionThroughput, unmetered } from './aws-like-partition-throughput';

type Item = Record<string, unknown>;
type Input = Record<string, any>;

/**
 * A projected index Query answers the table's keys only if it asks for them,
 * and the mode times items by those keys: it asks for the ones missing, and
 * takes them off the items it answers, so a projection does not escape the lag.
 */
function askingForTableKeys(input: Input): { input: Input; answered: (items: Item[]) => void } {
  if (!input.IndexName || !input.ProjectionExpression) return { input, answered: () => undefined };
  const names: Record<string, string> = input.ExpressionAttributeNames ?? {};
  const asked = new Set(String(input.ProjectionExpression).split(',').map((path) => names[path.trim()] ?? path.trim()));
  const missing = ['pk', 'sk'].filter((key) => !asked.has(key));
  if (!missing.length) return { input, answered: () => undefined };
  const placeholders = Object.fromEntries(missing.map((key) => [`#awsLikeTimed_${key}`, key]));
  return {
    input: {
      ...input,
      ProjectionExpression: [input.ProjectionExpression, ...Object.keys(placeholders)].join(', '),
      ExpressionAttributeNames: { ...names, ...placeholders },
    },
    answered: (items) => items.forEach((item) => missing.forEach((key) => delete item[key])),
  };
}

/** When an item was last written, and what it was before that write when it existed (the image an index may still show). */
interface LastWrite {
  at: number;
  earlier?: Item;
}

/**
 * The last write of each item, oldest first, kept for as long as an index may
 * lag behind it (the lag is read at each use: a test may change it).
 */
function lastWrites(lagMs: () => number) {
  const written = new Map<string, LastWrite>();
  const forget = (now: number) => {
    for (const [id, write] of written) {
      if (now - write.at < lagMs()) return;
      written.delete(id);
    }
  };
  return {
    /**
     * Sets the items' time to now (re-inserted: the map stays in time order),
     * with their earlier images when given (else the ones marked before);
     * returns the undo.
     */
    mark(ids: string[], earlier?: Map<string, Item | undefined>): () => void {
      const now = Date.now();
      forget(now);
      const before = ids.map((id) => [id, written.get(id)] as const);
      for (const [id, last] of before) {
        written.delete(id);
        written.set(id, { at: now, earlier: earlier ? earlier.get(id) : last?.earlier });
      }
      return () => {
        for (const [id, last] of before) {
          written.delete(id);
          if (last) written.set(id, last);
        }
      };
    },
    lagging: (id: string | undefined) => id !== undefined && Date.now() - (written.get(id)?.at ?? -Infinity) < lagMs(),
    /** The earlier images of the items the index still lags behind. */
    earlierImages(): Item[] {
      const now = Date.now();
      return [...written.values()].flatMap((write) => (write.earlier && now - write.at < lagMs() ? [write.earlier] : []));
    },
  };
}

/** The items as they are before a write, read consistently (absent: a new item). */
async function currentImages(client: DynamoDBDocumentClient, items: WrittenKey[]): Promise<Map<string, Item | undefined>> {
  const images = await Promise.all(
    items.map(async (item) => [item.id, (await client.send(unmetered(new GetCommand({ TableName: item.table, Key: item.key, ConsistentRead: true })))).Item] as const),
  );
  return new Map(images);
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
 *   `indexLagMs` ago: a new item is not there yet. An updated or deleted one
 *   is seen as it was before that write at `indexStaleImageRate` (drawn per
 *   item and query; its earlier image is read, consistently, before the write
 *   is sent, while the rate is above 0), where the query would have found it
 *   (aws-like-index-images.ts), and is missing otherwise. Only writes through
 *   this client are timed.
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
 * - Per-partition throughput: aws-like-partition-throughput.ts.
 */
export function attachAwsLikeDynamo(client: DynamoDBDocumentClient, mode: AwsLike): () => void {
  const { options, counts } = mode;
  const writes = lastWrites(() => options.indexLagMs);
  const stack = client.middlewareStack;

  stack.add(
    (next, context) => async (args) => {
      const commandName = context.commandName ?? '';
      const input = args.input as Input;
      const items = writtenKeys(commandName, input);
      const ids = items.map((item) => item.id);
      const earlier = items.length > 0 && options.indexStaleImageRate > 0 ? await currentImages(client, items) : undefined;
      const undo = writes.mark(ids, earlier);
      const timed = commandName === 'QueryCommand' ? askingForTableKeys(input) : undefined;
      try {
        const result = await next(timed ? { ...args, input: timed.input } : args);
        writes.mark(ids);
        if (commandName === 'QueryCommand' && input.IndexName && Array.isArray((result.output as Input).Items)) {
          const output = result.output as Input;
          const visible = (output.Items as Item[]).filter((item) => !writes.lagging(itemId(item)));
          if (visible.length < output.Items.length) {
            counts.indexReadsHidingItems += 1;
            counts.itemsHiddenByIndexLag += output.Items.length - visible.length;
            output.Items = visible;
            output.Count = visible.length;
          }
          timed?.answered(output.Items as Item[]);
          const stale = addEarlierImages(input as IndexQuery, output, writes.earlierImages(), () => mode.draw('staleImages') < options.indexStaleImageRate);
          counts.staleImagesRead += stale.length;
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

  const detachThroughput = attachPartitionThroughput(client, mode);

  return () => {
    stack.remove('awsLikeIndexLag');
    stack.remove('awsLikeWriteFaults');
    detachThroughput();
  };
}
