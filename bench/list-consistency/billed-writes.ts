import { isDeepStrictEqual } from 'node:util';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../shared/db/table-definition';
import { itemBytes } from '../heat/partition-heat';
import { type Item, type SentCommand, writtenKeys } from './replay';

/**
 * The write units AWS bills a call, computed from its commands and the items
 * they touched (before the call, from the mirror; after it, from the table):
 * each item written costs 1 WCU per KB of the larger of its two images, twice
 * in a transaction (prepare and commit; a ConditionCheck is such an item too);
 * each index entry it puts, changes or removes costs 1 WCU per KB, once, a
 * move from one index key to another two (the entry left and the one joined).
 * DynamoDB Local does report index units (ReturnConsumedCapacity INDEXES), but
 * for a TransactWriteItems it reports, per table and per index, twice the KB
 * of about one item whatever the number of items (probed: one entry of 338
 * bytes 2 WCU, two entries 2 WCU, three 1.5 KB plain items 4 WCU), so it
 * cannot measure what a transaction bills. For the single-item writes, whose
 * index units it reports as AWS bills them, its figure is kept beside the
 * computed one as a check of the computation.
 */
export interface BilledWrites {
  /** Items written (a record, its copies, its companions), per call. */
  items: number;
  table: number;
  index: number;
  /** The index units of the single-item writes (no transaction): computed, and as DynamoDB Local reported them. */
  singleIndex: number;
  localSingleIndex: number;
}

const kilobytes = (item: Item | undefined) => (item ? Math.max(1, Math.ceil(itemBytes(item) / 1024)) : 0);
const itemKey = (key: Item) => `${String(key.pk)}\n${String(key.sk)}`;

/** Each write of a command in order: its key, what a put carried, whether it is transactional or a mere check. */
function writesOf(command: SentCommand): Array<{ key: Item; put?: Item; removes: boolean; transactional: boolean; check: boolean }> {
  const keys = writtenKeys(command.name, command.input);
  const transactional = command.name === 'TransactWriteItems';
  const actions: Array<Record<string, Item>> = transactional
    ? (command.input.TransactItems as Array<Record<string, Item>>)
    : command.name === 'BatchWriteItem'
      ? Object.values(command.input.RequestItems as Record<string, Array<Record<string, Item>>>)
          .flat()
          .map((request): Record<string, Item> => (request.PutRequest ? { Put: request.PutRequest } : { Delete: request.DeleteRequest! }))
      : keys.map(() => ({ [command.name.replace('Item', '')]: command.input }));
  return actions.map((action, index) => {
    const [kind, body] = Object.entries(action)[0]!;
    return { key: keys[index]!, put: kind === 'Put' ? (body.Item as Item) : undefined, removes: kind === 'Delete', transactional, check: kind === 'ConditionCheck' };
  });
}

function indexUnits(previous: Item | undefined, next: Item | undefined): number {
  if (isDeepStrictEqual(previous, next)) return 0;
  return tableDefinition.globalSecondaryIndexes.reduce((units, index) => {
    const entry = (item: Item | undefined) =>
      typeof item?.[index.partitionKey] === 'string' && typeof item[index.sortKey] === 'string' ? `${item[index.partitionKey]}\n${item[index.sortKey]}` : undefined;
    const [left, joined] = [entry(previous), entry(next)];
    if (left && joined && left !== joined) return units + kilobytes(previous) + kilobytes(next);
    return units + (joined ? kilobytes(next) : left ? kilobytes(previous) : 0);
  }, 0);
}

function localIndexUnits(capacity: SentCommand['capacity']): number {
  const entries: ConsumedCapacity[] = Array.isArray(capacity) ? capacity : capacity ? [capacity] : [];
  return entries.reduce((sum, entry) => sum + Object.values(entry.GlobalSecondaryIndexes ?? {}).reduce((units, index) => units + (index.CapacityUnits ?? 0), 0), 0);
}

/** What the call's writes bill: `before` and `after` hold the items it wrote as they were before it and are after it. */
export function billedWrites(commands: readonly SentCommand[], before: ReadonlyMap<string, Item>, after: ReadonlyMap<string, Item>): BilledWrites {
  const images = new Map(before);
  const billed: BilledWrites = { items: 0, table: 0, index: 0, singleIndex: 0, localSingleIndex: 0 };
  for (const command of commands) {
    const writes = writesOf(command);
    const single = writes.length > 0 && command.name !== 'TransactWriteItems';
    if (single) billed.localSingleIndex += localIndexUnits(command.capacity);
    for (const write of writes) {
      const id = itemKey(write.key);
      const previous = images.get(id);
      // A failed condition writes nothing (AWS still bills the item); an update leaves the item as it is after the call.
      const next = command.error || write.check ? previous : write.removes ? undefined : (write.put ?? after.get(id));
      billed.items += write.check ? 0 : 1;
      billed.table += Math.max(1, kilobytes(previous), kilobytes(next)) * (write.transactional ? 2 : 1);
      const index = indexUnits(previous, next);
      billed.index += index;
      if (single) billed.singleIndex += index;
      if (next) images.set(id, next);
      else images.delete(id);
    }
  }
  return billed;
}
