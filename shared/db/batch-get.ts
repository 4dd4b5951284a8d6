import { pause } from '../pause';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ThrottledError } from '../domain/errors';
import { dynamo, tableName } from './client';
import { inParallel } from './in-parallel';
import type { ItemKey } from './keys';

/** BatchGetItem's limit on keys per call. */
const maxKeysPerCall = 100;
/** Rounds of a call's unprocessed keys before giving up as throttled. */
const maxRounds = 8;
/**
 * BatchGetItem calls in flight at once: each reads up to 100 items (up to
 * 16 MB), so an unbounded fan-out over a large key set bursts one partition's
 * read capacity and the Lambda's sockets at once; four keep a large read fast.
 */
const maxCallsInFlight = 4;

export interface BatchGetOptions {
  /** Attribute names to read (each through a placeholder, so reserved words are safe). */
  attributes: readonly string[];
  consistent: boolean;
}

/**
 * The items found of `itemKeys` (any number, each at most once), 100 keys a
 * call, at most four calls in flight; keys DynamoDB leaves unprocessed under load go
 * round again with a growing pause. An absent item is simply not returned.
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
  const names = Object.fromEntries(options.attributes.map((name, index) => [`#a${index}`, name]));
  const items: Array<Record<string, unknown>> = [];
  let pending: Array<Record<string, unknown>> = itemKeys.map((key) => ({ ...key }));
  for (let round = 1; round <= maxRounds; round += 1) {
    const { Responses, UnprocessedKeys } = await dynamo().send(
      new BatchGetCommand({
        RequestItems: {
          [tableName()]: {
            Keys: pending,
            ConsistentRead: options.consistent,
            ProjectionExpression: Object.keys(names).join(', '),
            ExpressionAttributeNames: names,
          },
        },
      }),
    );
    items.push(...(Responses?.[tableName()] ?? []));
    pending = UnprocessedKeys?.[tableName()]?.Keys ?? [];
    if (!pending.length) return items;
    await pause(Math.random() * 25 * 2 ** round);
  }
  throw new ThrottledError();
}
