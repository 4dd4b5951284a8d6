import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import type { IndexName } from './table-definition';

export type StartKey = Record<string, unknown>;

/**
 * The most a page's items may weigh in the answer (responseBytes): well under
 * Lambda's 6 MB response (6,291,556 bytes), which a larger answer fails
 * outright, so the rest of it (the envelope, a next_token of up to 8,192
 * characters, a report's totals) and a list's view of an item that is not its
 * stored form fit beside them. Items are at most DynamoDB's 400 KB each, so a
 * page of one item always fits.
 */
export const pageBytes = 4 * 1024 * 1024;

/**
 * What a value adds to a Lambda response: its JSON, escaped once more as the
 * string body of the HTTP result, in UTF-8 (a quote in a value weighs four
 * bytes, a control character seven).
 */
export const responseBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(JSON.stringify(value)), 'utf8') - 2;

/** The first of `items` that fit in `pageBytes` together, as `weight` weighs them (at least one). */
export function withinPageBytes<T>(items: readonly T[], weight: (item: T) => number): T[] {
  let total = 0;
  const fitting = items.findIndex((item, index) => (total += weight(item) + 1) > pageBytes && index > 0);
  return fitting === -1 ? [...items] : items.slice(0, fitting);
}

/** The key attributes a query's items are ordered and resumed by. */
export const keyAttributes = (index: IndexName | undefined) => (index ? { pk: `${index}pk`, sk: `${index}sk` } : { pk: 'pk', sk: 'sk' });

/** An item's place in what a Query reads, as DynamoDB resumes a Query from it (a projection must keep the keys). */
export function positionOf(item: Record<string, unknown>, index: IndexName | undefined): StartKey {
  const { pk, sk } = keyAttributes(index);
  return { pk: item.pk, sk: item.sk, [pk]: item[pk], [sk]: item[sk] };
}

export interface Page<T> {
  items: T[];
  /** Where the next page starts; absent when the query is exhausted. */
  lastKey?: StartKey;
}

/**
 * A read of the table itself is consistent: an eventually consistent one may
 * miss a write answered a moment before (docs/decisions.md: Acknowledged
 * writes are listed). An index has no such read; the writes it lists wait for it.
 */
export const readOfTableConsistently = (query: Pick<QueryCommandInput, 'IndexName'>) => (query.IndexName ? {} : { ConsistentRead: true });

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
    const page = await dynamo().send(new QueryCommand({ ...query, ...readOfTableConsistently(query), TableName: tableName(), ExclusiveStartKey: startKey }));
    yield* page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Queries with a filter may read a few rounds to fill a page, but never unboundedly. */
const maxRounds = 4;

/**
 * One page of a Query. Each round asks for at most the items still missing, so
 * the page never overshoots and the cursor is DynamoDB's own LastEvaluatedKey,
 * or the key of the last item given when the next would take the page past
 * `pageBytes`: no item is skipped or repeated between pages.
 */
export async function queryPage<T>(
  query: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>,
  limit: number,
  startKey: StartKey | undefined,
  toItem: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const items: T[] = [];
  let lastKey = startKey;
  let bytes = 0;
  const consistency = readOfTableConsistently(query);
  for (let round = 0; round < maxRounds; round += 1) {
    const result = await dynamo().send(
      new QueryCommand({ ...query, ...consistency, TableName: tableName(), Limit: limit - items.length, ExclusiveStartKey: lastKey }),
    );
    for (const stored of result.Items ?? []) {
      const item = toItem(stored);
      bytes += responseBytes(item) + 1;
      if (bytes > pageBytes && items.length > 0) return { items, lastKey };
      items.push(item);
      lastKey = positionOf(stored, query.IndexName as IndexName | undefined);
    }
    lastKey = result.LastEvaluatedKey;
    if (!lastKey || items.length >= limit) break;
  }
  return { items, lastKey };
}
