import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { dynamo, tableName } from '../../shared/db/client';
import { type SortKeyRange, mergedQueryPage } from '../../shared/db/merged-query';
import { useStack } from '../support/harness';

/**
 * A queue or listing spread over shards reads back as one partition would
 * (issue 23, section 2): the same items, in the same order, in the same pages,
 * whichever way its items are spread over the unsharded partition they were
 * written to before and the shards written to since, within a range of sort
 * keys or not, on an index or on the table itself. Each run writes its items
 * twice: once into one partition (the reference, paged by DynamoDB itself) and
 * once spread over the partitions the merge reads.
 */

useStack();

let run = 0;

const instants = fc.integer({ min: Date.parse('2026-11-01T00:00:00Z'), max: Date.parse('2026-11-03T00:00:00Z') });
const spread = fc.record({
  shards: fc.integer({ min: 1, max: 5 }),
  limit: fc.integer({ min: 1, max: 7 }),
  oldestFirst: fc.boolean(),
  onTable: fc.boolean(),
  // Inclusive bounds as bare instants (between items' keys) or as an item's own key (`<instant>#item_<n>`).
  bounds: fc.tuple(fc.option(fc.tuple(instants, fc.option(fc.nat({ max: 40 })))), fc.option(fc.tuple(instants, fc.option(fc.nat({ max: 40 }))))),
  // Each item's time and the partition it was written to: 0 the unsharded one, 1..shards a shard (modulo).
  items: fc.array(fc.tuple(instants, fc.nat()), { maxLength: 40 }),
});

async function putAll(items: Array<Record<string, unknown>>): Promise<void> {
  for (let start = 0; start < items.length; start += 25) {
    const chunk = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: chunk } }));
  }
}

const sortKeyOf = (instant: number, index: number) => `${new Date(instant).toISOString()}#item_${index}`;

/** The inclusive range the bounds give, its ends in order. */
function rangeOf([lower, upper]: [[number, number | null] | null, [number, number | null] | null]): SortKeyRange {
  const bound = ([instant, item]: [number, number | null]) => (item === null ? new Date(instant).toISOString() : sortKeyOf(instant, item));
  const [from, to] = [lower && bound(lower), upper && bound(upper)];
  if (from !== null && to !== null && from > to) return { from: to, to: from };
  return { ...(from !== null && { from }), ...(to !== null && { to }) };
}

/** The pages DynamoDB gives of one partition, `limit` items each, as sort keys; an empty last page left out. */
async function referencePages(partition: string, limit: number, oldestFirst: boolean, onTable: boolean, range: SortKeyRange): Promise<string[][]> {
  const [pk, sk] = onTable ? ['pk', 'sk'] : ['gsi3pk', 'gsi3sk'];
  const rangeCondition =
    range.from !== undefined && range.to !== undefined ? ' AND #sk BETWEEN :from AND :to' : range.from !== undefined ? ' AND #sk >= :from' : range.to !== undefined ? ' AND #sk <= :to' : '';
  const pages: string[][] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...(!onTable && { IndexName: 'gsi3' }),
        KeyConditionExpression: `#pk = :pk${rangeCondition}`,
        ExpressionAttributeNames: { '#pk': pk, ...(rangeCondition && { '#sk': sk }) },
        ExpressionAttributeValues: { ':pk': partition, ...(range.from !== undefined && { ':from': range.from }), ...(range.to !== undefined && { ':to': range.to }) },
        ScanIndexForward: oldestFirst,
        Limit: limit,
        ExclusiveStartKey: startKey,
      }),
    );
    if (page.Items?.length) pages.push(page.Items.map((item) => String(item[sk])));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return pages;
}

describe('a merged read of shards', () => {
  it('gives the items of one partition in the same order and pages, across the unsharded partition and its shards, either way, in a range or not', async () => {
    await fc.assert(
      fc.asyncProperty(spread, async ({ shards, limit, oldestFirst, onTable, bounds, items }) => {
        run += 1;
        const queue = `TEST#MERGED#${process.pid}#${run}`;
        const partitions = [queue, ...Array.from({ length: shards }, (_shard, shard) => `${queue}#${shard}`)];
        const sortKeys = items.map(([instant], index) => sortKeyOf(instant, index));
        const inPartition = (partition: string, sortKey: string, index: number) =>
          onTable ? { pk: partition, sk: sortKey } : { pk: `${partition}#ITEM#${index}`, sk: 'ITEM', gsi3pk: partition, gsi3sk: sortKey };
        await putAll([
          ...sortKeys.map((sortKey, index) => inPartition(`${queue}#ONE`, sortKey, index)),
          ...sortKeys.map((sortKey, index) => inPartition(partitions[items[index]![1] % partitions.length]!, sortKey, index)),
        ]);
        const range = rangeOf(bounds);

        const pages: string[][] = [];
        let cursor: Parameters<typeof mergedQueryPage>[2];
        let reads = 0;
        do {
          const page = await mergedQueryPage({ ...(!onTable && { index: 'gsi3' }), partitions, oldestFirst, range }, limit, cursor);
          if (page.items.length) pages.push(page.items.map((item) => String(onTable ? item.sk : item.gsi3sk)));
          cursor = page.cursor;
          reads += 1;
        } while (cursor && reads <= items.length + 2);

        expect(cursor).toBeUndefined();
        expect(pages).toEqual(await referencePages(`${queue}#ONE`, limit, oldestFirst, onTable, range));
      }),
      { numRuns: 40 },
    );
  });
});
