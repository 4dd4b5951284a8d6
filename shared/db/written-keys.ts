import { tableDefinition } from './table-definition';

type Item = Record<string, unknown>;
type Input = Record<string, any>;

/** What DynamoDB writes one item in: a Put's item, or an Update's or Delete's key (each of a transaction's names its table). */
interface WriteRequest {
  Put?: { TableName?: string; Item?: Item };
  Update?: { TableName?: string; Key?: Item };
  Delete?: { TableName?: string; Key?: Item };
  PutRequest?: { Item?: Item };
  DeleteRequest?: { Key?: Item };
}

/** One item a write touches: its table, its key, and the id the key is known by (`itemId`). */
export interface WrittenKey {
  table: string;
  key: { pk: unknown; sk: unknown };
  id: string;
}

/** The commands that write one item, or a batch of them, outside a transaction. */
export const singleWrites = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand']);

/** An item's table key as one string (absent for anything without one). */
export const itemId = (item: Item | undefined) => (item ? `${String(item[tableDefinition.partitionKey])}\u0000${String(item[tableDefinition.sortKey])}` : undefined);

/**
 * The items a command writes (a ConditionCheck writes nothing), read from the
 * document client's plain input: what the AWS-like mode times and what a
 * settle (shared/db/listed-writes.ts) waits on.
 */
export function writtenKeys(commandName: string, input: Input): WrittenKey[] {
  const requests: Array<[table: string, WriteRequest]> =
    commandName === 'TransactWriteItemsCommand'
      ? ((input.TransactItems ?? []) as WriteRequest[]).map((request) => [
          String((request.Put ?? request.Update ?? request.Delete)?.TableName ?? ''),
          request,
        ])
      : commandName === 'BatchWriteItemCommand'
        ? Object.entries((input.RequestItems ?? {}) as Record<string, WriteRequest[]>).flatMap(([table, writes]) =>
            writes.map((request) => [table, request] as [string, WriteRequest]),
          )
        : singleWrites.has(commandName)
          ? [[String(input.TableName), { PutRequest: { Item: input.Item }, DeleteRequest: { Key: input.Key } }]]
          : [];
  return requests.flatMap(([table, request]) =>
    [request.Put?.Item, request.Update?.Key, request.Delete?.Key, request.PutRequest?.Item, request.DeleteRequest?.Key].flatMap((item) => {
      const id = itemId(item);
      if (!item || id === undefined) return [];
      return [{ table, id, key: { pk: item[tableDefinition.partitionKey], sk: item[tableDefinition.sortKey] } }];
    }),
  );
}
