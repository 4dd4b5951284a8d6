import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';

export type StartKey = Record<string, unknown>;

export interface Page<T> {
  items: T[];
  /** Where the next page starts; absent when the query is exhausted. */
  lastKey?: StartKey;
}

/**
 * Every item a Query matches, a page at a time as DynamoDB returns them: for
 * reads that need the whole of a partition or range (a scope's counters, a
 * day's meter shards), never for a listing a client pages through.
 */
export async function* queryAll(
  query: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): AsyncGenerator<Record<string, unknown>> {
  let startKey: StartKey | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...query, TableName: tableName(), ExclusiveStartKey: startKey }));
    yield* page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Queries with a filter may read a few rounds to fill a page, but never unboundedly. */
const maxRounds = 4;

/**
 * One page of a Query. Each round asks for at most the items still missing, so
 * the page never overshoots and the cursor is always DynamoDB's own
 * LastEvaluatedKey: no item is skipped or repeated between pages.
 */
export async function queryPage<T>(
  query: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>,
  limit: number,
  startKey: StartKey | undefined,
  toItem: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const items: T[] = [];
  let lastKey = startKey;
  for (let round = 0; round < maxRounds; round += 1) {
    const result = await dynamo().send(
      new QueryCommand({ ...query, TableName: tableName(), Limit: limit - items.length, ExclusiveStartKey: lastKey }),
    );
    for (const item of result.Items ?? []) items.push(toItem(item));
    lastKey = result.LastEvaluatedKey;
    if (!lastKey || items.length >= limit) break;
  }
  return { items, lastKey };
}
