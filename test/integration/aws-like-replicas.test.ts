import { setTimeout as sleep } from 'node:timers/promises';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../shared/db/client';
import { tableDefinition } from '../../shared/db/table-definition';
import { type AwsLikeOptions, awsLikeFromVariable } from '../../shared/local/aws-like';
import { defaultAwsLikeOptions } from '../../shared/local/aws-like-options';
import { freshId, useStack } from '../support/harness';
import { watchingSends } from '../support/sent-commands';

/**
 * The AWS-like mode's replicas (shared/local/aws-like-options.ts: indexReplicas):
 * each partition of the table and of each index has `indexReplicas` replicas,
 * each applying a write after a lag of its own below indexLagMs, and each
 * eventually consistent read is served by one replica drawn for it. So, as on
 * DynamoDB, an item a read saw may be missing from the next one, while a read
 * with ConsistentRead sees every acknowledged write. Read here with the
 * service's document client, to which the mode is attached; every other fault is off.
 */
const lagMs = 1_500;
const awsLike: Partial<AwsLikeOptions> = {
  ...awsLikeFromVariable('indexLagMs=1500,indexReplicas=3'),
  indexStaleImageRate: 0,
  transactionCancelRate: 0,
  writeThrottleRate: 0,
  writeConflictRate: 0,
};
const stack = useStack({ awsLike });
afterEach(() => stack.awsLike.setRates({ indexReplicas: 3, indexLagMs: lagMs }));

// Whatever indexes the table has (some may go): the first one.
const index = tableDefinition.globalSecondaryIndexes[0]!;

/** Whether each of `ids` is in a read's items, by sort key. */
const seenIn = (items: Array<Record<string, unknown>> | undefined, ids: string[]) => ids.map((id) => (items ?? []).some((item) => item.sk === id));

/** One read's sample: when it was sent, after the Puts' answer, and whether it found each item. */
interface Sample {
  afterMs: number;
  seen: boolean[];
}
const reads = ['index', 'tableQuery', 'batchGet', 'get', 'consistentQuery', 'consistentGet'] as const;
type Read = (typeof reads)[number];
const eventualReads: Read[] = ['index', 'tableQuery', 'batchGet', 'get'];

/** Puts `count` new items in one partition of the table and of the index; answers when the Puts were answered, and a reader of each kind. */
async function putItems(count: number): Promise<{ answeredAt: number; readers: Record<Read, () => Promise<boolean[]>> }> {
  const pk = `AWSLIKE#${freshId('REPLICAS')}`;
  const ids = Array.from({ length: count }, (_, item) => `item#${item}`);
  await Promise.all(
    ids.map((sk) => dynamo().send(new PutCommand({ TableName: tableName(), Item: { pk, sk, [index.partitionKey]: `${pk}#INDEX`, [index.sortKey]: sk } }))),
  );
  const answeredAt = Date.now();
  const keys = ids.map((sk) => ({ pk, sk }));
  const tableQuery = (consistent: boolean) =>
    dynamo().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: consistent }));
  const indexQuery = () =>
    dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.partitionKey },
        ExpressionAttributeValues: { ':pk': `${pk}#INDEX` },
      }),
    );
  const gets = (consistent: boolean) => Promise.all(keys.map((Key) => dynamo().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: consistent }))));
  return {
    answeredAt,
    readers: {
      index: async () => seenIn((await indexQuery()).Items, ids),
      tableQuery: async () => seenIn((await tableQuery(false)).Items, ids),
      batchGet: async () => seenIn((await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }))).Responses?.[tableName()], ids),
      get: async () => (await gets(false)).map((answer) => answer.Item !== undefined),
      consistentQuery: async () => seenIn((await tableQuery(true)).Items, ids),
      consistentGet: async () => (await gets(true)).map((answer) => answer.Item !== undefined),
    },
  };
}

/**
 * Puts `count` new items (putItems), then reads them in each way, each way in
 * a loop of its own (a loaded machine answers slowly), until a read of each
 * way was sent `untilMs` or more after the Puts were answered.
 */
async function putAndWatch(count: number, untilMs: number): Promise<Record<Read, Sample[]>> {
  const { answeredAt, readers } = await putItems(count);
  const watched = await Promise.all(
    reads.map(async (read) => {
      const samples: Sample[] = [];
      for (;;) {
        const afterMs = Date.now() - answeredAt;
        samples.push({ afterMs, seen: await readers[read]() });
        if (afterMs >= untilMs) return [read, samples] as const;
        await sleep(10);
      }
    }),
  );
  return Object.fromEntries(watched) as Record<Read, Sample[]>;
}

/** The times a read missed an item after an earlier read of the same kind had seen it. */
function missesAfterSeen(samples: Sample[]): number {
  let misses = 0;
  for (let item = 0; item < (samples[0]?.seen.length ?? 0); item += 1) {
    let seen = false;
    for (const sample of samples) {
      if (sample.seen[item]) seen = true;
      else if (seen) misses += 1;
    }
  }
  return misses;
}

/** Per kind of eventual read, within `untilMs`: its reads, the times an item was missing, and those after a read of the kind had seen it. */
const figures = (watched: Record<Read, Sample[]>, untilMs: number) =>
  Object.fromEntries(
    eventualReads.map((read) => {
      const samples = watched[read].filter((sample) => sample.afterMs < untilMs);
      return [read, { reads: samples.length, missed: samples.flatMap((sample) => sample.seen).filter((seen) => !seen).length, missedAfterSeen: missesAfterSeen(samples) }];
    }),
  );

describe('AWS-like mode: replicas', () => {
  it('takes indexReplicas from ACCOUNTING_AWS_LIKE, 3 by default, and refuses anything but a whole number of replicas', () => {
    expect(awsLikeFromVariable('indexLagMs=1500,indexReplicas=3')).toEqual({ indexLagMs: 1500, indexReplicas: 3 });
    expect(defaultAwsLikeOptions.indexReplicas).toBe(3);
    expect(stack.awsLike.options).toMatchObject({ indexLagMs: lagMs, indexReplicas: 3 });
    expect(() => awsLikeFromVariable('indexReplicas=0')).toThrow(/indexReplicas=0/);
    expect(() => awsLikeFromVariable('indexReplicas=1.5')).toThrow(/indexReplicas=1.5/);
    expect(() => stack.awsLike.setRates({ indexReplicas: 0 })).toThrow(/indexReplicas=0/);
  });

  it('serves each eventually consistent read from one replica: an item seen may be missing from the next read until indexLagMs has passed; a consistent read always sees it', async () => {
    // Arrange: a longer lag (writes keep the lag they were made under), so that a loaded machine's slow reads still
    // sample it often; each trial writes fresh items, and is made again until every kind of read went back.
    const trialLagMs = 4_000;
    stack.awsLike.setRates({ indexLagMs: trialLagMs });
    const counts = { ...stack.awsLike.counts };
    const wentBack = new Set<Read>();
    const missed = new Set<Read>();
    for (let trial = 1; trial <= 6 && wentBack.size < eventualReads.length; trial += 1) {
      // Act
      const watched = await putAndWatch(8, trialLagMs);
      const within = figures(watched, trialLagMs);
      console.log(`replicas=3, trial ${trial}, within the lag: ${JSON.stringify(within)}`);
      for (const read of eventualReads) {
        if (within[read]!.missedAfterSeen > 0) wentBack.add(read);
        if (within[read]!.missed > 0) missed.add(read);
      }

      // Assert, each trial: the leader's reads saw every item from the Puts' answer on; past the lag every replica has
      // every item, whichever a read is served by.
      expect([...watched.consistentQuery, ...watched.consistentGet].every((sample) => sample.seen.every(Boolean))).toBe(true);
      for (const read of eventualReads) {
        const after = watched[read].filter((sample) => sample.afterMs >= trialLagMs);
        expect({ read, after: after.length > 0 && after.every((sample) => sample.seen.every(Boolean)) }).toEqual({ read, after: true });
      }
    }

    // Assert: within the lag every eventual kind of read missed items, and missed some a read of its kind had seen before.
    expect([...missed].sort()).toEqual([...eventualReads].sort());
    expect([...wentBack].sort()).toEqual([...eventualReads].sort());
    expect(stack.awsLike.counts.itemsHiddenByIndexLag).toBeGreaterThan(counts.itemsHiddenByIndexLag);
    expect(stack.awsLike.counts.itemsHiddenByTableLag).toBeGreaterThan(counts.itemsHiddenByTableLag);
  }, 180_000);

  it('has every replica apply every write by indexLagMs after it: 20 reads of each kind then all see it', async () => {
    const { answeredAt, readers } = await putItems(4);
    await sleep(lagMs - (Date.now() - answeredAt));
    const seen = await Promise.all(eventualReads.flatMap((read) => Array.from({ length: 20 }, () => readers[read]())));
    expect(seen.flat().every(Boolean)).toBe(true);
  });

  it('with one replica, reads never go back: an item once seen stays seen (what replicas add is the going back)', async () => {
    stack.awsLike.setRates({ indexReplicas: 1, indexLagMs: 3_000 });
    const watched = await putAndWatch(8, 3_000);
    console.log(`replicas=1: ${JSON.stringify(figures(watched, 3_000))}`);
    for (const read of eventualReads) expect({ read, missedAfterSeen: missesAfterSeen(watched[read]) }).toEqual({ read, missedAfterSeen: 0 });
    expect(watched.index.some((sample) => sample.seen.some((seen) => !seen))).toBe(true);
  }, 60_000);

  it('reads the earlier images of a 30-item transaction in one consistent BatchGetItem, unseen by a watch of what the service sends, and a lagging read shows them', async () => {
    // Arrange: 30 items at v1, every replica past them.
    const pk = `AWSLIKE#${freshId('IMAGES')}`;
    const keys = Array.from({ length: 30 }, (_, item) => ({ pk, sk: `item#${item}` }));
    await Promise.all(keys.map((key) => dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...key, v: 1 } }))));
    await sleep(lagMs);
    const everySend: Array<{ command: string; input: Record<string, any> }> = [];
    const watched: string[] = [];

    // Act: one transaction moves all 30 to v2, watched with and without the mode's own reads; each is read back at once, eventually consistent.
    await watchingSends(
      (command, input) => void everySend.push({ command, input: JSON.parse(input) }),
      () =>
        watchingSends(
          (command) => void watched.push(command),
          () =>
            dynamo().send(
              new TransactWriteCommand({
                TransactItems: keys.map((Key) => ({ Update: { TableName: tableName(), Key, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': 2 } } })),
              }),
            ),
        ),
      { withModeBookkeeping: true },
    );
    const readBack = await Promise.all(keys.map((Key) => dynamo().send(new GetCommand({ TableName: tableName(), Key }))));

    // Assert: the mode read the 30 earlier images in one call, which the watch did not show.
    expect(everySend.map(({ command }) => command).sort()).toEqual(['BatchGetItemCommand', 'TransactWriteItemsCommand']);
    expect(everySend.find(({ command }) => command === 'BatchGetItemCommand')!.input.RequestItems[tableName()]).toMatchObject({ ConsistentRead: true, Keys: keys });
    expect(watched).toEqual(['TransactWriteItemsCommand']);
    // A replica that lacks the write shows the item as it was (never missing); within the lag some do.
    const versions = readBack.map((answer) => answer.Item?.v);
    expect(versions.every((v) => v === 1 || v === 2)).toBe(true);
    expect(versions).toContain(1);
  });
});
