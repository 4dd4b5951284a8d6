import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, type BatchGetCommandOutput, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../../shared/local/provision';
import { type Item, itemKey } from './replay';

/**
 * The mirror table the raw side replays a route's commands against (replay.ts):
 * a second table of the same definition in the same DynamoDB Local, first
 * given the items the seeding wrote, as they are once it is done.
 */

/** A document client configured as shared/db/client.ts configures the handlers', without their middleware. */
export const rawDocumentClient = () => DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 4 }), { marshallOptions: { removeUndefinedValues: true } });

/** Creates the mirror table beside the handlers' (same definition, same DynamoDB Local). */
export async function createMirror(): Promise<string> {
  const name = `${process.env.TABLE_NAME}-mirror-${randomUUID().slice(0, 8)}`;
  await ensureTable(process.env.AWS_ENDPOINT_URL_DYNAMODB!, name);
  return name;
}

/** The items at `keys` of `table`, read consistently, by key. */
export async function readItems(client: DynamoDBDocumentClient, table: string, keys: readonly Item[]): Promise<Map<string, Item>> {
  const items = new Map<string, Item>();
  const unique = [...new Map(keys.map((key) => [itemKey(key), key])).values()];
  for (let start = 0; start < unique.length; start += 100) {
    let pending: Item[] | undefined = unique.slice(start, start + 100);
    while (pending?.length) {
      const answer: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }));
      for (const item of answer.Responses?.[table] ?? []) items.set(itemKey(item), item);
      pending = answer.UnprocessedKeys?.[table]?.Keys;
    }
  }
  return items;
}

/** Copies the items at `keys` from the handlers' table to the mirror, as they are now. */
export async function copyToMirror(client: DynamoDBDocumentClient, mirror: string, keys: readonly Item[]): Promise<number> {
  const items = [...(await readItems(client, process.env.TABLE_NAME!, keys)).values()];
  for (let start = 0; start < items.length; start += 25) {
    let pending: Array<Record<string, Item>> | undefined = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending?.length) {
      const answer = await client.send(new BatchWriteCommand({ RequestItems: { [mirror]: pending } }));
      pending = answer.UnprocessedItems?.[mirror] as typeof pending;
    }
  }
  return items.length;
}
