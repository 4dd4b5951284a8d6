import { isDeepStrictEqual } from 'node:util';
import { tableDefinition } from '../../shared/db/table-definition';
import type { IssuedCommand } from '../harness/command-log';

/**
 * Where the writes and reads of a burst land: units per partition key value of
 * the table and of each index, from the commands a command log captured. An
 * index entry is written whenever its item is, so an item's index keys come
 * from its attributes: those a put carried, else those it holds after the burst.
 */

/** One partition: `table` or an index name, and its partition key value. */
export interface PartitionHeat {
  where: string;
  key: string;
  /** Puts, updates, deletes and transaction items that wrote an item of the partition (a failed condition included: it is billed). */
  writes: number;
  wcu: number;
  rcu: number;
  /** Distinct sort key values written. */
  items: number;
  /** Most of the sort keys written start with a date: new items always land at one end of the partition. */
  timeOrdered: boolean;
}

type Item = Record<string, unknown>;
const itemKey = (key: Item) => `${String(key.pk)}\n${String(key.sk)}`;

/** DynamoDB's item size: attribute names and values in bytes (numbers about one byte per two digits). */
export function itemBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(value).replace(/[-.]/g, '').length / 2) + 1;
  if (typeof value === 'boolean' || value === null || value === undefined) return 1;
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, entry) => sum + 1 + itemBytes(entry), 0);
  if (value instanceof Set) return [...value].reduce<number>((sum, entry) => sum + itemBytes(entry), 0);
  if (value instanceof Uint8Array) return value.byteLength;
  return 3 + Object.entries(value as Item).reduce((sum, [name, entry]) => sum + 1 + Buffer.byteLength(name) + itemBytes(entry), 0);
}

/** One item written, inside a transaction or not: the key, and the attributes a put carried. */
interface ItemWrite {
  key: Item;
  put?: Item;
  transactional: boolean;
}

function itemWrites(command: IssuedCommand): ItemWrite[] {
  const input = command.input;
  switch (command.name) {
    case 'PutItem':
      return [{ key: input.Item as Item, put: input.Item as Item, transactional: false }];
    case 'UpdateItem':
    case 'DeleteItem':
      return [{ key: input.Key as Item, transactional: false }];
    case 'TransactWriteItems':
      return (input.TransactItems as Array<Record<string, Item>>).flatMap((entry) => {
        if (entry.Put) return [{ key: entry.Put.Item as Item, put: entry.Put.Item as Item, transactional: true }];
        const body = entry.Update ?? entry.Delete;
        return body ? [{ key: body.Key as Item, transactional: true }] : [];
      });
    case 'BatchWriteItem':
      return Object.values(input.RequestItems as Record<string, Array<Record<string, Item>>>).flat().map((request) =>
        request.PutRequest
          ? { key: request.PutRequest.Item as Item, put: request.PutRequest.Item as Item, transactional: false }
          : { key: request.DeleteRequest!.Key as Item, transactional: false },
      );
    default:
      return [];
  }
}

/** The partitions a read touched and the units it consumed, shared evenly when it read several. */
function partitionReads(command: IssuedCommand): Array<{ where: string; key: string; rcu: number }> {
  const input = command.input;
  let touched: Array<{ where: string; key: string }> = [];
  if (command.name === 'GetItem') touched = [{ where: 'table', key: String((input.Key as Item).pk) }];
  else if (command.name === 'Query') {
    // The key condition names the partition first: `pk = :pk`, `#pk = :pk`, `gsi1pk = :pk`.
    const placeholder = /=\s*(:\w+)/.exec(String(input.KeyConditionExpression))?.[1];
    const values = input.ExpressionAttributeValues as Item;
    touched = [{ where: String(input.IndexName ?? 'table'), key: String(placeholder ? values[placeholder] : '?') }];
  } else if (command.name === 'BatchGetItem') {
    touched = Object.values(input.RequestItems as Record<string, { Keys: Item[] }>).flatMap(({ Keys }) =>
      Keys.map((key) => ({ where: 'table', key: String(key.pk) })),
    );
  } else if (command.name === 'TransactGetItems') {
    touched = (input.TransactItems as Array<{ Get: { Key: Item } }>).map(({ Get }) => ({ where: 'table', key: String(Get.Key.pk) }));
  } else if (command.name === 'TransactWriteItems') {
    touched = (input.TransactItems as Array<Record<string, Item>>).flatMap((entry) =>
      entry.ConditionCheck ? [{ where: 'table', key: String((entry.ConditionCheck.Key as Item).pk) }] : [],
    );
  } else if (command.name === 'Scan') touched = [{ where: 'table', key: '(Scan)' }];
  if (!touched.length) return [];
  const rcu = readUnits(command);
  return touched.map((partition) => ({ ...partition, rcu: rcu / touched.length }));
}

function readUnits(command: IssuedCommand): number {
  const consumed = command.consumedCapacity;
  const entries = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as Array<{ CapacityUnits?: number; ReadCapacityUnits?: number }>;
  if (command.name === 'TransactWriteItems') return 0; // its condition checks' units are not told apart from its writes'
  return entries.reduce((sum, entry) => sum + (entry.ReadCapacityUnits ?? entry.CapacityUnits ?? 0), 0);
}

const indexes = tableDefinition.globalSecondaryIndexes;
const startsWithDate = /^\d{4}-\d{2}-\d{2}/;

/**
 * Heat per partition key of the table and of each index. `after` holds the
 * items as they are after the burst, by `pk\nsk`, for the items only updated
 * or deleted (their index keys are read from them, or from an earlier put).
 */
export function partitionHeat(commands: readonly IssuedCommand[], after: ReadonlyMap<string, Item>): PartitionHeat[] {
  const heat = new Map<string, PartitionHeat & { sortKeys: Set<string>; dated: number }>();
  const at = (where: string, key: string) => {
    const id = `${where}\n${key}`;
    let entry = heat.get(id);
    if (!entry) heat.set(id, (entry = { where, key, writes: 0, wcu: 0, rcu: 0, items: 0, timeOrdered: false, sortKeys: new Set(), dated: 0 }));
    return entry;
  };
  const lastPut = new Map<string, Item>();
  const write = (where: string, key: unknown, sortKey: unknown, units: number) => {
    if (typeof key !== 'string') return;
    const entry = at(where, key);
    entry.writes += 1;
    entry.wcu += units;
    entry.sortKeys.add(String(sortKey));
    if (startsWithDate.test(String(sortKey))) entry.dated += 1;
  };
  for (const command of commands) {
    for (const { where, key, rcu } of partitionReads(command)) at(where, key).rcu += rcu;
    for (const { key, put, transactional } of itemWrites(command)) {
      const id = itemKey(key);
      const before = lastPut.get(id);
      const item = put ?? before ?? after.get(id) ?? key;
      if (put) lastPut.set(id, put);
      const kilobytes = Math.max(1, Math.ceil(itemBytes(item) / 1024));
      // A transaction writes its table items twice (prepare and commit); index entries are written once, outside it.
      write('table', key.pk, key.sk, kilobytes * (transactional ? 2 : 1));
      // A put of the very item already stored leaves its index entries as they are.
      if (put && before && isDeepStrictEqual(put, before)) continue;
      for (const index of indexes) {
        // An update that moves the item to another index partition writes both: the entry it leaves and the one it joins.
        const entries = new Map([item, after.get(id) ?? item].map((holder) => [holder[index.partitionKey], holder[index.sortKey]]));
        for (const [partition, sortKey] of entries) write(index.indexName, partition, sortKey, kilobytes);
      }
    }
  }
  return [...heat.values()].map(({ sortKeys, dated, ...entry }) => ({
    ...entry,
    items: sortKeys.size,
    timeOrdered: dated * 2 > entry.writes,
  }));
}

/** The keys of the items updated or deleted without a put of theirs in the log: those whose attributes must be read. */
export function keysToRead(commands: readonly IssuedCommand[]): Item[] {
  const put = new Set<string>();
  const wanted = new Map<string, Item>();
  for (const command of commands) {
    for (const { key, put: item } of itemWrites(command)) {
      const id = itemKey(key);
      if (item) put.add(id);
      else if (!put.has(id)) wanted.set(id, { pk: key.pk, sk: key.sk });
    }
  }
  return [...wanted.values()];
}

export { itemKey as storedItemKey };
