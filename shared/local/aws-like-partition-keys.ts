import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../db/table-definition';

type Item = Record<string, unknown>;
type Input = Record<string, any>;

/** Read or write: each is metered and limited on its own, as DynamoDB does per partition. */
export type Capacity = 'read' | 'write';

/** One partition a request reaches: the table's (index undefined) or an index's, by its partition key value. */
export interface PartitionUse {
  index?: string;
  partitionKey: string;
  capacity: Capacity;
  /** The item's position in a transaction's TransactItems, which a cancellation reason names. */
  position?: number;
}

/** A key attribute's value in the document client's plain form or the low-level one (`{ S: … }`). */
function scalar(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const typed = value as { S?: string; N?: string };
    return typed.S ?? typed.N;
  }
  return undefined;
}

const expressionName = (input: Input, token: string) => (token.startsWith('#') ? input.ExpressionAttributeNames?.[token] : token) ?? token;

/** The index partitions an item written holds: each index whose partition key the item carries. */
function indexPartitionsOf(item: Item | undefined, capacity: Capacity, position?: number): PartitionUse[] {
  return tableDefinition.globalSecondaryIndexes.flatMap(({ indexName, partitionKey }) => {
    const value = scalar(item?.[partitionKey]);
    return value === undefined ? [] : [{ index: indexName, partitionKey: value, capacity, position }];
  });
}

/** The values an UpdateExpression's SET clause gives plain attributes (`gsi1pk = :pk`), by attribute name. */
function setValues(input: Input): Item {
  const set = /\bSET\b(.*?)(?:\b(?:REMOVE|ADD|DELETE)\b|$)/is.exec(String(input.UpdateExpression ?? ''))?.[1] ?? '';
  return Object.fromEntries(
    [...set.matchAll(/([#\w]+)\s*=\s*(:\w+)\s*(?:,|$)/g)].map(([, name = '', value = '']) => [expressionName(input, name), input.ExpressionAttributeValues?.[value]]),
  );
}

/** The partitions of one item a write or read names: the table's, and the indexes' it can know before it runs. */
function itemPartitions(key: Item | undefined, capacity: Capacity, written?: Item, position?: number): PartitionUse[] {
  const partitionKey = scalar(key?.[tableDefinition.partitionKey]);
  if (partitionKey === undefined) return [];
  return [{ partitionKey, capacity, position }, ...(written ? indexPartitionsOf(written, capacity, position) : [])];
}

/** The partition a Query reads: the one its key condition names (`pk = :pk`) on the table or its index. */
function queriedPartition(input: Input): PartitionUse[] {
  const index = tableDefinition.globalSecondaryIndexes.find((candidate) => candidate.indexName === input.IndexName);
  const keyName = index?.partitionKey ?? tableDefinition.partitionKey;
  for (const [, name = '', value = ''] of String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const partitionKey = expressionName(input, name) === keyName ? scalar(input.ExpressionAttributeValues?.[value]) : undefined;
    if (partitionKey !== undefined) return [{ index: index?.indexName, partitionKey, capacity: 'read' }];
  }
  return [];
}

/**
 * The partitions a command reaches, from its input: single items by their
 * key, a Put's (and an Update's that sets them) index keys too, a Query the
 * partition of its key condition, batches and transactions item by item. An
 * index partition a write reaches without naming its key (an Update of other
 * attributes of an indexed item, a Delete) is not known before it runs and is
 * not metered. Scans are not metered (none runs on a request path).
 */
export function partitionsOf(commandName: string, input: Input): PartitionUse[] {
  switch (commandName) {
    case 'GetItemCommand':
      return itemPartitions(input.Key, 'read');
    case 'PutItemCommand':
      return itemPartitions(input.Item, 'write', input.Item);
    case 'UpdateItemCommand':
      return itemPartitions(input.Key, 'write', setValues(input));
    case 'DeleteItemCommand':
      return itemPartitions(input.Key, 'write');
    case 'QueryCommand':
      return queriedPartition(input);
    case 'BatchGetItemCommand':
      return Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: Item[] }>).flatMap(({ Keys = [] }) => Keys.flatMap((key) => itemPartitions(key, 'read')));
    case 'BatchWriteItemCommand':
      return Object.values((input.RequestItems ?? {}) as Record<string, Input[]>).flatMap((writes) =>
        writes.flatMap((write) => itemPartitions(write.PutRequest?.Item ?? write.DeleteRequest?.Key, 'write', write.PutRequest?.Item)),
      );
    case 'TransactWriteItemsCommand':
      return ((input.TransactItems ?? []) as Input[]).flatMap((entry, position) => {
        const action = entry.Put ?? entry.Update ?? entry.Delete ?? entry.ConditionCheck;
        return itemPartitions(action?.Item ?? action?.Key, 'write', entry.Put?.Item ?? (entry.Update ? setValues(entry.Update) : undefined), position);
      });
    case 'TransactGetItemsCommand':
      return ((input.TransactItems ?? []) as Input[]).flatMap((entry, position) => itemPartitions(entry.Get?.Key, 'read', undefined, position));
    default:
      return [];
  }
}

/**
 * Shares a command's ConsumedCapacity out over the partitions it reached: the
 * table's units evenly over the table partitions (one for a single item or a
 * Query; a batch's or a transaction's items alike), each index's over that
 * index's. Units of an index whose partition was not known are dropped.
 */
export function unitsByPartition(uses: PartitionUse[], consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): Array<[PartitionUse, number]> {
  const entries = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  const share = (units: number, index: string | undefined): Array<[PartitionUse, number]> => {
    const reached = uses.filter((use) => use.index === index);
    return reached.map((use) => [use, units / reached.length]);
  };
  return entries.flatMap((entry) => [
    ...share(entry.Table?.CapacityUnits ?? entry.CapacityUnits ?? 0, undefined),
    ...Object.entries(entry.GlobalSecondaryIndexes ?? {}).flatMap(([index, units]) => share(units.CapacityUnits ?? 0, index)),
  ]);
}

/**
 * What a TransactWriteItems consumed, item by item: twice the item's write
 * units, a Put's from its size (on its table and index partitions alike), the
 * others' as an item up to 1 KB (the item they change is not in the request).
 * DynamoDB Local reports 2 units an item whatever its size, so the mode counts
 * them itself.
 */
export function transactionWriteUnits(input: Input, uses: PartitionUse[]): Array<[PartitionUse, number]> {
  const entries = (input.TransactItems ?? []) as Input[];
  return uses.map((use) => {
    const put = entries[use.position ?? -1]?.Put?.Item as Item | undefined;
    return [use, 2 * Math.max(1, Math.ceil((put ? itemSize(put) : 0) / 1024))];
  });
}

/** An item's size as DynamoDB counts it (attribute names and values, in bytes), from its low-level form. */
export function itemSize(item: Item): number {
  return Object.entries(item).reduce((size, [name, value]) => size + Buffer.byteLength(name) + valueSize(value), 0);
}

function valueSize(value: unknown): number {
  const typed = (value ?? {}) as Record<string, any>;
  if (typed.S !== undefined) return Buffer.byteLength(String(typed.S));
  if (typed.N !== undefined) return Math.ceil(String(typed.N).replace(/[-.+]/g, '').replace(/^0+/, '').length / 2) + 1;
  if (typed.B !== undefined) return (typed.B as Uint8Array).length;
  if (typed.SS !== undefined) return (typed.SS as string[]).reduce((size, member) => size + Buffer.byteLength(member), 0);
  if (typed.NS !== undefined) return (typed.NS as string[]).reduce((size, member) => size + valueSize({ N: member }), 0);
  if (typed.L !== undefined) return 3 + (typed.L as unknown[]).reduce<number>((size, member) => size + 1 + valueSize(member), 0);
  if (typed.M !== undefined) return 3 + Object.entries(typed.M as Item).reduce((size, [name, member]) => size + Buffer.byteLength(name) + 1 + valueSize(member), 0);
  return 1;
}
