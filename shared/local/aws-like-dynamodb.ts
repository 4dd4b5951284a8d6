import {
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { untilProcessed } from '../db/unprocessed-rounds';
import { type WrittenKey, itemId, singleWrites, writtenKeys } from '../db/written-keys';
import type { AwsLike } from './aws-like';
import { asModeBookkeeping } from './aws-like-bookkeeping';
import { type ReplicaView, addEarlierImages, askingForTableKeys, projected, replicatedWrites } from './aws-like-index-images';
import { attachPartitionThroughput } from './aws-like-partition-throughput';

type Item = Record<string, unknown>;
type Input = Record<string, any>;

/** One replica serving one eventually consistent read: what it holds of an item, and the draws and counts of what it shows. */
interface ServingReplica {
  /** What it holds of the item in `partition` (the table's, '', or an index's). */
  view(id: string | undefined, partition: string): ReplicaView;
  /** The images it holds, in `partition`, of the items it lacks a write of. */
  earlierImages(partition: string): Item[];
  /**
   * Whether a lagging item's earlier image is shown rather than nothing: always
   * on the table, whose replica holds the item as it was before the write it
   * lacks; on an index at indexStaleImageRate (drawn per item and read), since
   * a write may have moved the item's index keys.
   */
  showsImage(image: Item, partition: string): boolean;
  /** Counts the items a read found that its replica lacked a write of, and the earlier images it showed. */
  hid(partition: string, items: number, images?: number): void;
}

/** Whether a request reads what one replica holds: every read of an index, and the table's unless it asks for ConsistentRead. */
const eventual = (request: Input) => Boolean(request.IndexName) || request.ConsistentRead !== true;

/**
 * An eventually consistent GetItem, Query, Scan or BatchGetItem as `replica`
 * serves it: the input to send (with the table's keys asked for), and what
 * turns the table's answer into the replica's. An item the replica lacks a
 * write of is missing, or shown as it was before that write (`showsImage`):
 * in its place for a GetItem or a BatchGetItem, where its query would have
 * found it for a Query (aws-like-index-images.ts); never for a Scan. A
 * `Select: COUNT` is answered as the table counts. Undefined for any other request.
 */
function replicaRead(commandName: string, input: Input, replica: ServingReplica): { input: Input; answer: (output: Input) => void } | undefined {
  const shownImage = (image: Item | undefined, request: Input) => (image && replica.showsImage(image, '') ? projected(image, request) : undefined);
  if (commandName === 'GetItemCommand' && eventual(input)) {
    return {
      input,
      answer(output) {
        const view = replica.view(itemId(input.Key), '');
        if (view.current) return;
        const image = shownImage(view.image, input);
        replica.hid('', output.Item ? 1 : 0, image ? 1 : 0);
        if (image) output.Item = image;
        else delete output.Item;
      },
    };
  }
  if ((commandName === 'QueryCommand' || commandName === 'ScanCommand') && eventual(input)) {
    const partition = String(input.IndexName ?? '');
    const timed = askingForTableKeys(input);
    return {
      input: timed.request,
      answer(output) {
        if (!Array.isArray(output.Items)) return;
        const visible = (output.Items as Item[]).filter((item) => replica.view(itemId(item), partition).current);
        const hidden = output.Items.length - visible.length;
        output.Items = visible;
        output.Count = visible.length;
        const shown =
          commandName === 'QueryCommand' ? addEarlierImages(input, output, replica.earlierImages(partition), (image) => replica.showsImage(image, partition)) : [];
        replica.hid(partition, hidden, shown.length);
        timed.answered(output.Items);
      },
    };
  }
  if (commandName === 'BatchGetItemCommand') {
    const tables = Object.entries((input.RequestItems ?? {}) as Record<string, Input>).filter(([, request]) => eventual(request));
    if (tables.length === 0) return undefined;
    const timed = new Map(tables.map(([table, request]) => [table, askingForTableKeys(request)]));
    return {
      input: { ...input, RequestItems: { ...input.RequestItems, ...Object.fromEntries([...timed].map(([table, { request }]) => [table, request])) } },
      answer(output) {
        for (const [table, request] of tables) {
          const found = new Map(((output.Responses?.[table] ?? []) as Item[]).map((item) => [itemId(item), item]));
          const unprocessed = new Set(((output.UnprocessedKeys?.[table]?.Keys ?? []) as Item[]).map(itemId));
          const items = ((request.Keys ?? []) as Item[]).flatMap((key) => {
            const [id, item] = [itemId(key), found.get(itemId(key))];
            const view = replica.view(id, '');
            if (view.current || unprocessed.has(id)) return item ? [item] : [];
            const image = shownImage(view.image, request);
            replica.hid('', item ? 1 : 0, image ? 1 : 0);
            return image ? [image] : [];
          });
          timed.get(table)!.answered(items);
          if (output.Responses?.[table] || items.length > 0) output.Responses = { ...output.Responses, [table]: items };
        }
      },
    };
  }
  return undefined;
}

/** BatchGetItem's limit on keys per call. */
const keysPerBatchGet = 100;

/**
 * The items as they are before a write, read consistently (absent: a new
 * item): one BatchGetItem per table and 100 keys, not a GetItem per item, so
 * the mode's bookkeeping does not queue a transaction of many items behind
 * the client's sockets (50 concurrent payments of 16 items each made 800
 * reads, and a payment timed out on a busy machine).
 */
async function currentImages(client: DynamoDBDocumentClient, items: WrittenKey[]): Promise<Map<string, Item | undefined>> {
  const images = new Map<string, Item | undefined>(items.map((item) => [item.id, undefined]));
  const keysByTable = new Map<string, Map<string, WrittenKey['key']>>();
  for (const item of items) {
    const keys = keysByTable.get(item.table) ?? new Map<string, WrittenKey['key']>();
    keysByTable.set(item.table, keys.set(item.id, item.key));
  }
  const calls = [...keysByTable].flatMap(([table, keys]) => {
    const unique = [...keys.values()];
    return Array.from({ length: Math.ceil(unique.length / keysPerBatchGet) }, (_call, at) => ({
      table,
      keys: unique.slice(at * keysPerBatchGet, (at + 1) * keysPerBatchGet),
    }));
  });
  await Promise.all(
    calls.map(({ table, keys }) =>
      untilProcessed<Item>(keys, async (pending) => {
        const { Responses, UnprocessedKeys } = await client.send(
          asModeBookkeeping(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } })),
        );
        for (const item of Responses?.[table] ?? []) images.set(itemId(item)!, item);
        return UnprocessedKeys?.[table]?.Keys ?? [];
      }),
    ),
  );
  return images;
}

const cancellationMessage = (codes: string[]) =>
  `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`;

/**
 * Attaches the mode's DynamoDB faults to the service's document client
 * (`dynamo()`, shared by every handler of the process), and returns the detach.
 * The local stack calls it; nothing in a Lambda bundle imports this file.
 *
 * - Replicas: every write's items are timed when the write is sent and again
 *   when it succeeds (a refused write is forgotten), and each of the
 *   `indexReplicas` replicas of the table and of each index applies it after
 *   a lag of its own, below `indexLagMs` (aws-like-index-images.ts). Each
 *   eventually consistent read (any read of an index; a GetItem, Query, Scan
 *   or BatchGetItem of the table without ConsistentRead) is served whole by
 *   one replica drawn for it: an item that replica lacks a write of is
 *   missing if it is new, else seen as it was before that write (its earlier
 *   image is read, consistently, before the write is sent): always on the
 *   table, at `indexStaleImageRate` on an index (the write may have moved it),
 *   where the read would have found it. Two reads may draw different replicas, so an item one read
 *   saw may be missing from the next, as on DynamoDB. A read with
 *   ConsistentRead, and a transaction's, sees every write. Only writes
 *   through this client are timed.
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
  const writes = replicatedWrites(options.seed, () => options.indexLagMs);
  const stack = client.middlewareStack;

  stack.add(
    (next, context) => async (args) => {
      const commandName = context.commandName ?? '';
      const input = args.input as Input;
      const items = writtenKeys(commandName, input);
      if (items.length > 0) {
        const earlier = await currentImages(client, items);
        const write = writes.send(items.map((item) => item.id), earlier);
        try {
          const result = await next(args);
          write.succeeded();
          return result;
        } catch (error) {
          write.failed();
          throw error;
        }
      }
      let number = 0;
      const read = replicaRead(commandName, input, {
        view: (id, partition) => writes.view(id, partition, number),
        earlierImages: (partition) =>
          writes.lagging().flatMap((id) => {
            const view = writes.view(id, partition, number);
            return view.current || !view.image ? [] : [view.image];
          }),
        showsImage: (_image, partition) => partition === '' || mode.draw('staleImages') < options.indexStaleImageRate,
        hid(partition, hidden, images = 0) {
          counts.staleImagesRead += images;
          if (hidden === 0) return;
          counts[partition ? 'indexReadsHidingItems' : 'tableReadsHidingItems'] += 1;
          counts[partition ? 'itemsHiddenByIndexLag' : 'itemsHiddenByTableLag'] += hidden;
        },
      });
      if (!read) return next(args);
      // One replica, drawn for the request, serves the whole of it.
      number = Math.floor(mode.draw('replicas') * options.indexReplicas);
      const result = await next({ ...args, input: read.input });
      read.answer(result.output as Input);
      return result;
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
