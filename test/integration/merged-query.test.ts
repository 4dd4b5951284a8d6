import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { dynamo, tableName } from '../../shared/db/client';
import { mergedQueryPage } from '../../shared/db/merged-query';
import { useStack } from '../support/harness';

/**
 * A queue or listing spread over shards reads back as one partition would
 * (issue 23, section 2): the same items, in the same order, in the same pages,
 * whichever way its items are spread over the unsharded partition they were
 * written to before and the shards written to since. Each run writes its items
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
  // Each item's time and the partition it was written to: 0 the unsharded one, 1..shards a shard (modulo).
  items: fc.array(fc.tuple(instants, fc.nat()), { maxLength: 40 }),
});

async function putAll(items: Array<Record<string, unknown>>): Promise<void> {
  for (let start = 0; start < items.length; start += 25) {
    const chunk = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: chunk } }));
  }
}

/** The pages DynamoDB gives of one partition, `limit` items each, as sort keys; an empty last page left out. */
async function referencePages(partition: string, limit: number, oldestFirst: boolean): Promise<string[][]> {
  const pages: string[][] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ScanIndexForward: oldestFirst,
        Limit: limit,
        ExclusiveStartKey: startKey,
      }),
    );
    if (page.Items?.length) pages.push(page.Items.map((item) => String(item.gsi3sk)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return pages;
}

describe('a merged read of shards', () => {
  it('gives the items of one partition in the same order and pages, across the unsharded partition and its shards, either way', async () => {
    await fc.assert(
      fc.asyncProperty(spread, async ({ shards, limit, oldestFirst, items }) => {
        run += 1;
        const queue = `TEST#MERGED#${process.pid}#${run}`;
        const partitions = [queue, ...Array.from({ length: shards }, (_shard, shard) => `${queue}#${shard}`)];
        const sortKeys = items.map(([instant], index) => `${new Date(instant).toISOString()}#item_${index}`);
        await putAll([
          ...sortKeys.map((gsi3sk, index) => ({ pk: `${queue}#ONE#${index}`, sk: 'ITEM', gsi3pk: `${queue}#ONE`, gsi3sk })),
          ...sortKeys.map((gsi3sk, index) => ({ pk: `${queue}#SPREAD#${index}`, sk: 'ITEM', gsi3pk: partitions[items[index]![1] % partitions.length], gsi3sk })),
        ]);

        const pages: string[][] = [];
        let cursor: Parameters<typeof mergedQueryPage>[2];
        let reads = 0;
        do {
          const page = await mergedQueryPage({ index: 'gsi3', partitions, oldestFirst }, limit, cursor);
          if (page.items.length) pages.push(page.items.map((item) => String(item.gsi3sk)));
          cursor = page.cursor;
          reads += 1;
        } while (cursor && reads <= items.length + 2);

        expect(cursor).toBeUndefined();
        expect(pages).toEqual(await referencePages(`${queue}#ONE`, limit, oldestFirst));
      }),
      { numRuns: 25 },
    );
  });
});
