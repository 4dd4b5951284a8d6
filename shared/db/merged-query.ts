import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './client';
import { type IndexName } from './table-definition';
import { type StartKey, keyAttributes, positionOf, queryPage, readOfTableConsistently, responseBytes, withinPageBytes } from './query-page';

/**
 * Where a merged listing stands in one partition: the key to resume after,
 * `null` before the first read, `'done'` once exhausted, or `{ after }`: not
 * read yet, to be read past this sort key (a shard added since the listing
 * began; no item of that partition has the sort key, so none is skipped or
 * given twice).
 */
export type CursorEntry = StartKey | null | 'done' | { after: string };
/** A merged listing's place, one entry per partition in the listing's order: a page token carries it. */
export type MergedCursor = CursorEntry[];

/** Bounds on the sort key, both inclusive (a bare instant never equals a `<instant>#<id>` key, so it bounds either way). */
export interface SortKeyRange {
  from?: string;
  to?: string;
}

export interface MergedQuery {
  /** The index read; the table itself when absent. */
  index?: IndexName;
  /** The partitions to merge, always in the same order (the cursor is aligned with it). */
  partitions: readonly string[];
  range?: SortKeyRange;
  /** Conditions on the items read (not part of a key), with their names and values. */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  /** The attributes read, when not all (a merge reads the keys besides: it orders and resumes by them). */
  projection?: readonly string[];
  /** Newest first unless told (the sort keys order the items by time). */
  oldestFirst?: boolean;
}

/**
 * The Query of one partition of a merged query. `withKeys` adds the keys to a
 * projection: a merge orders and resumes by them, and a page cut short by its
 * bytes resumes after its last item (a stream resumes from DynamoDB's own key).
 */
export function partitionQuery(query: Omit<MergedQuery, 'partitions'>, partition: string, { withKeys = false, range = query.range } = {}) {
  const { pk, sk } = keyAttributes(query.index);
  const names: Record<string, string> = { ...query.filter?.names, '#pk': pk };
  const values: Record<string, unknown> = { ...query.filter?.values, ':pk': partition };
  let condition = '#pk = :pk';
  if (range?.from !== undefined || range?.to !== undefined) names['#sk'] = sk;
  if (range?.from !== undefined) values[':sortFrom'] = range.from;
  if (range?.to !== undefined) values[':sortTo'] = range.to;
  if (range?.from !== undefined && range.to !== undefined) condition += ' AND #sk BETWEEN :sortFrom AND :sortTo';
  else if (range?.from !== undefined) condition += ' AND #sk >= :sortFrom';
  else if (range?.to !== undefined) condition += ' AND #sk <= :sortTo';
  let projection: string | undefined;
  if (query.projection) {
    const attributes = [...new Set([...query.projection, ...(withKeys ? ['pk', 'sk', pk, sk] : [])])];
    attributes.forEach((attribute, at) => (names[`#p${at}`] = attribute));
    projection = attributes.map((_attribute, at) => `#p${at}`).join(', ');
  }
  return {
    ...(query.index && { IndexName: query.index }),
    KeyConditionExpression: condition,
    ScanIndexForward: query.oldestFirst === true,
    ...(query.filter && { FilterExpression: query.filter.expression }),
    ...(projection && { ProjectionExpression: projection }),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

export const isSortKeyPosition = (entry: CursorEntry): entry is { after: string } =>
  typeof entry === 'object' && entry !== null && typeof entry.after === 'string' && !('pk' in entry);

/** The range left past `after` in the listing's order, or undefined when nothing is left. */
function rangePast(range: SortKeyRange | undefined, after: string, oldestFirst: boolean): SortKeyRange | undefined {
  const narrowed = oldestFirst
    ? { ...range, from: range?.from !== undefined && range.from > after ? range.from : after }
    : { ...range, to: range?.to !== undefined && range.to < after ? range.to : after };
  return narrowed.from !== undefined && narrowed.to !== undefined && narrowed.from > narrowed.to ? undefined : narrowed;
}

/** `before(a, b)`: sort key a comes first in the listing's order. */
const orderOf = (oldestFirst: boolean | undefined) => (oldestFirst ? (a: string, b: string) => a < b : (a: string, b: string) => a > b);

/**
 * One page, newest first (or oldest first), of the items of several partitions
 * of an index (or of the table) whose sort keys order them by time: a Query per partition from
 * where it stands, merged. An item is only given once every partition still being read
 * has been read past it, so the pages keep one order across all partitions;
 * the cursor of each partition moves to the last item it gave (or past what
 * its Query read), so no item is skipped or given twice. A page may hold fewer
 * than `limit` items when a filter skips many, or when the next would take it
 * past `pageBytes`; the cursor still moves on.
 */
export async function mergedQueryPage(
  query: MergedQuery,
  limit: number,
  cursor: MergedCursor | undefined,
): Promise<{ items: Array<Record<string, unknown>>; cursor?: MergedCursor }> {
  const { sk } = keyAttributes(query.index);
  const starts = query.partitions.map((_partition, index) => cursor?.[index] ?? null);
  const pages = await Promise.all(
    query.partitions.map((partition, index) => {
      const start = starts[index]!;
      if (start === 'done') return undefined;
      const range = isSortKeyPosition(start) ? rangePast(query.range, start.after, query.oldestFirst === true) : query.range;
      if (!range && isSortKeyPosition(start)) return undefined;
      const resume = start === null || isSortKeyPosition(start) ? undefined : start;
      return queryPage(partitionQuery(query, partition, { withKeys: true, range }), limit, resume, (item) => item);
    }),
  );
  const before = orderOf(query.oldestFirst);
  const sortKeyOf = (item: Record<string, unknown>) => String(item[sk]);
  // The earliest point (in the listing's order) an unfinished partition was read to: that partition may still hold
  // unread items before anything after it, so only what comes no later is given now.
  const readTo = pages
    .flatMap((page) => (page?.lastKey ? [String(page.lastKey[sk])] : []))
    .reduce<string | undefined>((earliest, key) => (earliest === undefined || before(key, earliest) ? key : earliest), undefined);
  const candidates = pages.flatMap((page, index) => (page?.items ?? []).map((item) => ({ item, index })));
  const inOrder = candidates
    .filter(({ item }) => readTo === undefined || !before(readTo, sortKeyOf(item)))
    .sort((a, b) => (before(sortKeyOf(a.item), sortKeyOf(b.item)) ? -1 : 1))
    .slice(0, limit);
  const given = withinPageBytes(inOrder, ({ item }) => responseBytes(item));

  const next: MergedCursor = pages.map((page, index) => {
    if (!page) return 'done';
    const taken = given.filter((entry) => entry.index === index);
    if (taken.length === page.items.length) return page.lastKey ?? 'done';
    const last = taken.at(-1)?.item;
    return last ? positionOf(last, query.index) : starts[index]!;
  });
  return { items: given.map(({ item }) => item), ...(next.some((entry) => entry !== 'done') && { cursor: next }) };
}

/**
 * Every item of the partitions, in one order (a k-way merge of one Query
 * stream per partition, `pageSize` items a Query): for reads that take a whole
 * range, an export or a rollup, with memory of one page per partition. One
 * partition is read as it always was, page after page.
 */
export async function* mergedQueryStream(query: MergedQuery, pageSize: number): AsyncGenerator<Record<string, unknown>> {
  const withKeys = query.partitions.length > 1;
  const streams = query.partitions.map((partition) => partitionStream(partitionQuery(query, partition, { withKeys }), pageSize));
  if (streams.length === 1) {
    yield* streams[0]!;
    return;
  }
  const { sk } = keyAttributes(query.index);
  const before = orderOf(query.oldestFirst);
  const heads = await Promise.all(streams.map((stream) => stream.next()));
  for (;;) {
    let first: number | undefined;
    heads.forEach((head, index) => {
      if (head.done) return;
      if (first === undefined || before(String(head.value[sk]), String((heads[first]!.value as Record<string, unknown>)[sk]))) first = index;
    });
    if (first === undefined) return;
    yield heads[first]!.value as Record<string, unknown>;
    heads[first] = await streams[first]!.next();
  }
}

async function* partitionStream(query: ReturnType<typeof partitionQuery>, pageSize: number): AsyncGenerator<Record<string, unknown>> {
  let startKey: StartKey | undefined;
  do {
    // DynamoDB stops a page at 1 MB; DynamoDB Local, without a Limit, takes longer
    // per page the more of the range is left, which makes a long window quadratic.
    const page = await dynamo().send(new QueryCommand({ ...query, ...readOfTableConsistently(query), TableName: tableName(), Limit: pageSize, ExclusiveStartKey: startKey }));
    yield* page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
