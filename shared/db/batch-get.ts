import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { inParallel } from './in-parallel';
import type { ItemKey } from './keys';
import { untilProcessed } from './unprocessed-rounds';

/** BatchGetItem's limit on keys per call. */
const maxKeysPerCall = 100;
/**
 * BatchGetItem calls in flight at once: each reads up to 100 items (up to
 * 16 MB), so an unbounded fan-out over a large key set bursts one partition's
 * read capacity and the Lambda's sockets at once; four keep a large read fast.
 */
const maxCallsInFlight = 4;

export interface BatchGetOptions {
  /** Attribute names to read (each through a placeholder, so reserved words are safe); every attribute when absent. */
  attributes?: readonly string[];
  consistent: boolean;
}

/**
 * The items found of `itemKeys` (any number, each at most once), 100 keys a
 * call, at most four calls in flight; keys DynamoDB leaves unprocessed under load go
 * round again (shared/db/unprocessed-rounds.ts). An absent item is simply not returned.
 */
export async function batchGetItems(itemKeys: readonly ItemKey[], options: BatchGetOptions): Promise<Array<Record<string, unknown>>> {
  const calls = Array.from({ length: Math.ceil(itemKeys.length / maxKeysPerCall) }, (_, index) =>
    itemKeys.slice(index * maxKeysPerCall, (index + 1) * maxKeysPerCall),
  );
  const found: Array<Record<string, unknown>> = [];
  await inParallel(calls, async (chunk) => found.push(...(await batchGet(chunk, options))), maxCallsInFlight);
  return found;
}

async function batchGet(itemKeys: readonly ItemKey[], options: BatchGetOptions): Promise<Array<Record<string, unknown>>> {
  const names = Object.fromEntries((options.attributes ?? []).map((name, index) => [`#a${index}`, name]));
  const projection = options.attributes && { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names };
  const items: Array<Record<string, unknown>> = [];
  await untilProcessed(
    itemKeys.map((key): Record<string, unknown> => ({ ...key })),
    async (pending) => {
      const { Responses, UnprocessedKeys } = await dynamo().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ConsistentRead: options.consistent,
              ...projection,
            },
          },
        }),
      );
      items.push(...(Responses?.[tableName()] ?? []));
      return UnprocessedKeys?.[tableName()]?.Keys ?? [];
    },
  );
  return items;
}
