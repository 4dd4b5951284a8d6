import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { untilProcessed } from '../../shared/db/unprocessed-rounds';

/** BatchWriteItem takes at most 25 items; this many requests are in flight at once. */
const itemsPerWrite = 25;
const parallelWrites = 16;

/**
 * Puts every item `items` yields straight into the table, `parallelWrites`
 * BatchWriteItem requests at a time, retrying what DynamoDB leaves unprocessed
 * as the service does (shared/db/unprocessed-rounds.ts).
 * Takes the items lazily, so a large seed never sits in memory whole. Returns
 * the number of items written.
 */
export async function batchPutAll(
  client: DynamoDBDocumentClient,
  table: string,
  items: Iterator<Record<string, unknown>>,
): Promise<number> {
  let written = 0;
  const takeChunk = () => {
    const chunk: Record<string, unknown>[] = [];
    for (let next = items.next(); !next.done; next = items.next()) {
      chunk.push(next.value);
      if (chunk.length === itemsPerWrite) break;
    }
    return chunk;
  };
  const writer = async () => {
    for (let chunk = takeChunk(); chunk.length > 0; chunk = takeChunk()) {
      await untilProcessed(chunk.map((Item) => ({ PutRequest: { Item } })), async (pending) => {
        const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        return (UnprocessedItems?.[table] ?? []) as typeof pending;
      });
      written += chunk.length;
    }
  };
  await Promise.all(Array.from({ length: parallelWrites }, writer));
  return written;
}
