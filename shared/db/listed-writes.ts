import { AsyncLocalStorage } from 'node:async_hooks';
import { isDeepStrictEqual } from 'node:util';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DeadlineExceededError } from '../domain/errors';
import { withinDeadline } from '../lambda/invocation-fence';
import { pause } from '../pause';
import { batchGetItems } from './batch-get';
import { dynamo, tableName } from './client';
import { inParallel } from './in-parallel';
import type { ItemKey } from './keys';
import { type IndexName, tableDefinition } from './table-definition';
import { type WrittenKey, writtenKeys } from './written-keys';

/**
 * Every write a caller was answered for is in the next list or report
 * (docs/decisions.md: Acknowledged writes are listed). On AWS a global
 * secondary index follows the table asynchronously: an item written is not in
 * the index's Query at once, and an item changed may still be seen as it was,
 * or where it was. So an answered call's writes are settled before it answers:
 * each item it wrote is read back, consistently, and every index it is on, or
 * was on before the call, is asked for it at its exact key until the index
 * shows it as the table has had it since the write, and no longer where it
 * only was before. Reads cost what they
 * always did; a write waits for its own index entries, the lag (a fraction of
 * a second on AWS) and about 1.5 RCU an item.
 *
 * Only the indexes request paths list from are waited on: gsi3 holds system
 * work queues, whose readers never decide from one read.
 */
const listedIndexes = tableDefinition.globalSecondaryIndexes.filter((index) => index.indexName !== 'gsi3');

type Item = Record<string, unknown>;

/**
 * An item written by the work being recorded, and what it was before its
 * first write there (absent: it did not exist); of that image only its index
 * keys matter, and only they are kept of a write left unlisted.
 */
export interface RecordedWrite {
  key: ItemKey;
  before: Item | undefined;
}

const journals = new AsyncLocalStorage<Map<string, RecordedWrite>>();

/** A settle's first pause, doubled each round up to the last: an index usually follows within tens of milliseconds. */
const firstPauseMs = 10;
const lastPauseMs = 200;
/** Items checked at once, each with a Query per index it is or was on: well inside the SDK's 50 sockets, however many a call wrote (a payout of 700 lines). */
const checksInFlight = 16;

export interface SettleOptions {
  /** When the wait gives up (else the enclosing fence's deadline): time left after it for `onUnlisted`. */
  settleBy?: Date;
  /** Told of the writes still unlisted when the wait gave up, before its DeadlineExceededError is thrown. */
  onUnlisted?: (writes: RecordedWrite[]) => Promise<void>;
}

/**
 * Runs `work` recording every item it writes through `dynamo()`, then waits
 * until each of them is listed as written (above) before returning its
 * result. Past `settleBy` the wait ends with DeadlineExceededError: the
 * writes stand, unconfirmed, and the caller is told to retry (a retry that is
 * answered from its idempotency key waits for them again: `onUnlisted`).
 * Work that writes nothing costs nothing more.
 */
export async function listedWrites<Result>(work: () => Promise<Result>, options: SettleOptions = {}): Promise<Result> {
  const journal = new Map<string, RecordedWrite>();
  const result = await journals.run(journal, work);
  await settleWrites([...journal.values()], options);
  return result;
}

/** Waits until `writes` are listed as written (listedWrites), as long as `options` allow. */
export async function settleWrites(writes: RecordedWrite[], { settleBy, onUnlisted }: SettleOptions = {}): Promise<void> {
  let unlisted = writes;
  try {
    await withinDeadline(settleBy ?? Number.POSITIVE_INFINITY, () => settle(writes, (pending) => (unlisted = pending)));
  } catch (error) {
    if (error instanceof DeadlineExceededError && onUnlisted) await onUnlisted(unlisted.map(({ key, before }) => ({ key, before: indexKeysOf(before) })));
    throw error;
  }
}

/** Of an item, only what places it on the listed indexes. */
function indexKeysOf(item: Item | undefined): Item | undefined {
  if (!item) return undefined;
  const names: string[] = listedIndexes.flatMap(({ partitionKey, sortKey }) => [partitionKey, sortKey]);
  return Object.fromEntries(Object.entries(item).filter(([name]) => names.includes(name)));
}

/**
 * The document client's middleware that records, for the work inside
 * `listedWrites`, the items each successful write touched and, read
 * consistently just before the write, what they were (an index may still
 * list an item where it was). Writes outside any such work go untouched.
 */
export const recordingWrites =
  (next: (args: any) => Promise<any>, context: { commandName?: string }) =>
    async (args: { input: Record<string, unknown> }) => {
      const journal = journals.getStore();
      const written = journal ? writtenKeys(context.commandName ?? '', args.input).filter((write) => write.table === tableName()) : [];
      if (!journal || written.length === 0) return next(args);
      const unseen = written.filter((write) => !journal.has(write.id));
      const before = unseen.length > 0 ? await imagesOf(unseen.map((write) => write.key as ItemKey)) : new Map<string, Item>();
      const result = await next(args);
      for (const write of unseen) if (!journal.has(write.id)) journal.set(write.id, { key: write.key as ItemKey, before: before.get(write.id) });
      return result;
    };

const idOf = (key: { pk: unknown; sk: unknown }) => `${String(key.pk)}\u0000${String(key.sk)}`;

/** The items at `itemKeys` as the table has them now, read consistently, by id (an absent item is not in the map). */
async function imagesOf(itemKeys: ItemKey[]): Promise<Map<string, Item>> {
  const unique = [...new Map(itemKeys.map((key) => [idOf(key), key])).values()];
  const items = await batchGetItems(unique, { consistent: true });
  return new Map(items.map((item) => [idOf(item as WrittenKey['key']), item]));
}

/** Where an index lists an item: the index and the item's values of its keys. */
interface IndexEntry {
  index: IndexName;
  partition: unknown;
  sortKey: unknown;
}

function entriesOf(item: Item | undefined): IndexEntry[] {
  if (!item) return [];
  return listedIndexes.flatMap(({ indexName, partitionKey, sortKey }) =>
    item[partitionKey] !== undefined && item[sortKey] !== undefined ? [{ index: indexName, partition: item[partitionKey], sortKey: item[sortKey] }] : [],
  );
}

/** What the index holds of the item at an entry: every image of it there (normally none or one). */
async function listedImages(entry: IndexEntry, key: ItemKey): Promise<Item[]> {
  const definition = listedIndexes.find((index) => index.indexName === entry.index)!;
  const images: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: entry.index,
        KeyConditionExpression: '#indexPk = :indexPk AND #indexSk = :indexSk',
        FilterExpression: '#pk = :pk AND #sk = :sk',
        ExpressionAttributeNames: { '#indexPk': definition.partitionKey, '#indexSk': definition.sortKey, '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':indexPk': entry.partition, ':indexSk': entry.sortKey, ':pk': key.pk, ':sk': key.sk },
        ExclusiveStartKey: startKey,
      }),
    );
    images.push(...((page.Items ?? []) as Item[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return images;
}

/**
 * Whether every index lists the item where `now` (the table's image) places
 * it, as `now` or as another image read since the write (`seen`: each was read
 * after it, so the index has the write), and no longer where only `before` had it.
 * A later write does not restart the wait: the export the worker starts
 * building while its creating call waits is listed once either image is.
 */
async function listedAsWritten(write: RecordedWrite, now: Item | undefined, seen: Item[]): Promise<boolean> {
  const current = entriesOf(now);
  const left = entriesOf(write.before).filter((entry) => !current.some((kept) => isDeepStrictEqual(kept, entry)));
  const checks = [
    ...current.map(async (entry) => {
      const images = await listedImages(entry, write.key);
      return images.length > 0 && images.every((image) => seen.some((read) => isDeepStrictEqual(image, read)));
    }),
    ...left.map(async (entry) => (await listedImages(entry, write.key)).length === 0),
  ];
  return (await Promise.all(checks)).every(Boolean);
}

/**
 * Waits, pausing a little longer each round, until every write is listed as
 * written, telling `left` what is still pending after each round; each round
 * reads the items again (another call may have written them since).
 */
async function settle(writes: RecordedWrite[], left: (pending: RecordedWrite[]) => void): Promise<void> {
  let pending = writes;
  let pauseMs = firstPauseMs;
  const seen = new Map<RecordedWrite, Item[]>();
  while (pending.length > 0) {
    const images = await imagesOf(pending.map((write) => write.key));
    const listed = new Set<RecordedWrite>();
    await inParallel(
      pending,
      async (write) => {
        const now = images.get(idOf(write.key));
        const earlier = seen.get(write) ?? [];
        const read = now && !earlier.some((image) => isDeepStrictEqual(image, now)) ? [...earlier, now] : earlier;
        seen.set(write, read);
        if (await listedAsWritten(write, now, read)) listed.add(write);
      },
      checksInFlight,
    );
    pending = pending.filter((write) => !listed.has(write));
    left(pending);
    if (pending.length === 0) return;
    await pause(pauseMs);
    pauseMs = Math.min(lastPauseMs, pauseMs * 2);
  }
}
