import { type IndexName } from './table-definition';
import { type StartKey, queryPage } from './query-page';

/**
 * Where a merged listing stands in each of its partitions: the key to resume
 * after, `null` before the first read, or `'done'` once exhausted. A page token
 * carries it, one entry per partition in the listing's order.
 */
export type MergedCursor = Array<StartKey | null | 'done'>;

export interface MergedQuery {
  index: IndexName;
  /** The partitions to merge, always in the same order (the cursor is aligned with it). */
  partitions: readonly string[];
  /** Conditions on the items read (not part of a key), with their names and values. */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  /** Newest first unless told (the sort keys order the items by time). */
  oldestFirst?: boolean;
}

/**
 * One page, newest first (or oldest first), of the items of several partitions
 * of an index whose sort keys order them by time: a Query per partition from
 * where it stands, merged. An item is only given once every partition still being read
 * has been read past it, so the pages keep one order across all partitions;
 * the cursor of each partition moves to the last item it gave (or past what
 * its Query read), so no item is skipped or given twice. A page may hold fewer
 * than `limit` items when a filter skips many; the cursor still moves on.
 */
export async function mergedQueryPage(
  query: MergedQuery,
  limit: number,
  cursor: MergedCursor | undefined,
): Promise<{ items: Array<Record<string, unknown>>; cursor?: MergedCursor }> {
  const pk = `${query.index}pk`;
  const sk = `${query.index}sk`;
  const starts = query.partitions.map((_partition, index) => cursor?.[index] ?? null);
  const pages = await Promise.all(
    query.partitions.map((partition, index) => {
      const start = starts[index];
      if (start === 'done') return undefined;
      return queryPage(
        {
          IndexName: query.index,
          KeyConditionExpression: `${pk} = :pk`,
          ScanIndexForward: query.oldestFirst === true,
          ...(query.filter && { FilterExpression: query.filter.expression }),
          ExpressionAttributeNames: query.filter?.names,
          ExpressionAttributeValues: { ...query.filter?.values, ':pk': partition },
        },
        limit,
        start ?? undefined,
        (item) => item,
      );
    }),
  );
  // `before(a, b)`: a comes first in the listing's order.
  const before = query.oldestFirst ? (a: string, b: string) => a < b : (a: string, b: string) => a > b;
  const sortKeyOf = (item: Record<string, unknown>) => String(item[sk]);
  // The earliest point (in the listing's order) an unfinished partition was read to: that partition may still hold
  // unread items before anything after it, so only what comes no later is given now.
  const readTo = pages
    .flatMap((page) => (page?.lastKey ? [String(page.lastKey[sk])] : []))
    .reduce<string | undefined>((earliest, key) => (earliest === undefined || before(key, earliest) ? key : earliest), undefined);
  const candidates = pages.flatMap((page, index) => (page?.items ?? []).map((item) => ({ item, index })));
  const given = candidates
    .filter(({ item }) => readTo === undefined || !before(readTo, sortKeyOf(item)))
    .sort((a, b) => (before(sortKeyOf(a.item), sortKeyOf(b.item)) ? -1 : 1))
    .slice(0, limit);

  const next: MergedCursor = pages.map((page, index) => {
    if (!page) return 'done';
    const taken = given.filter((entry) => entry.index === index);
    if (taken.length === page.items.length) return page.lastKey ?? 'done';
    const last = taken.at(-1)?.item;
    return last ? { pk: last.pk, sk: last.sk, [pk]: last[pk], [sk]: last[sk] } : starts[index] ?? null;
  });
  return { items: given.map(({ item }) => item), ...(next.some((entry) => entry !== 'done') && { cursor: next }) };
}
