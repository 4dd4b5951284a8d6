import {
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from './table-definition';

/**
 * The write units a command puts on organisations' spread partitions (the
 * ones shard-layout.ts spreads over an organisation's shards), read from the
 * document client's plain input: what the shard watch (shard-watch.ts) counts.
 * A partition is named without its organisation and shard (`EVENTS`,
 * `RECEIVABLES`, `LINEAGE#tender_method#card`), so the units of every shard
 * of it add up. Units are DynamoDB's: an item's size in 1 KB units, twice for
 * an item written in a transaction; an update or delete (whose size the input
 * does not tell) counts as 1 KB. Lists are items of the table
 * (shared/db/listings.ts), so their copies are counted like any other item; no
 * index holds a spread partition.
 */

type Item = Record<string, unknown>;
type Input = Record<string, any>;

/** Units written to one spread partition of one organisation. */
export interface SpreadPartitionWrite {
  orgcode: string;
  partition: string;
  units: number;
}

/** `ORG#<org>#<partition>`, the shard suffix apart (shard-layout.ts shardKey). */
const organisationKey = /^ORG#([^#]+)#(.+?)(?:#SHARD#\d+)?$/;
/** The partitions an organisation's layout spreads: keys.ts eventsByTime, eventsOfType, lineagePartition, receivablesPartition, receivableChangesOn, invoicesInLifecycle, openCommissions, glDayTotals. */
const spreadPartition = /^(?:EVENTS(?:#TYPE#.+)?|LINEAGE#.+|RECEIVABLES|AR_CHANGES#.+|INVOICES#(?:ACTIVE|CLOSED)|COMMISSIONS#OPEN|GL_DAY_TOTALS)$/;

/** DynamoDB's item size, near enough to tell 1 KB units apart: names and values in bytes. */
function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return 8;
  if (value === null || typeof value !== 'object') return 1;
  if (Array.isArray(value)) return value.reduce<number>((sum, entry) => sum + 1 + approximateBytes(entry), 3);
  return Object.entries(value as Item).reduce((sum, [name, entry]) => sum + name.length + approximateBytes(entry), 3);
}

/** The organisation (encoded) and spread partition a partition key value is a shard of; undefined for any other key. */
export function spreadPartitionOf(key: unknown): { orgcode: string; partition: string } | undefined {
  if (typeof key !== 'string' || !key.startsWith('ORG#')) return undefined;
  const match = organisationKey.exec(key);
  if (!match || !spreadPartition.test(match[2]!)) return undefined;
  return { orgcode: match[1]!, partition: match[2]! };
}

function spreadWrite(key: unknown, units: number): SpreadPartitionWrite | undefined {
  const spread = spreadPartitionOf(key);
  return spread && { ...spread, units };
}

/** The spread partition one item's write reaches, if its key is one. */
function itemWrites(keyOrItem: Item | undefined, put: boolean, transactional: boolean): SpreadPartitionWrite[] {
  if (!keyOrItem) return [];
  const kilobytes = put ? Math.max(1, Math.ceil(approximateBytes(keyOrItem) / 1024)) : 1;
  const write = spreadWrite(keyOrItem[tableDefinition.partitionKey], kilobytes * (transactional ? 2 : 1));
  return write ? [write] : [];
}

/**
 * What a write command (the document client's name and plain input) put on
 * spread partitions; none for any other command. The organisation is as its
 * keys carry it (encoded, keys.ts part).
 */
export function spreadPartitionWrites(commandName: string, input: Input): SpreadPartitionWrite[] {
  switch (commandName) {
    case 'PutItemCommand':
      return itemWrites(input.Item, true, false);
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return itemWrites(input.Key, false, false);
    case 'TransactWriteItemsCommand':
      return ((input.TransactItems ?? []) as Array<Record<string, Input>>).flatMap((entry) =>
        entry.Put ? itemWrites(entry.Put.Item, true, true) : itemWrites((entry.Update ?? entry.Delete)?.Key, false, true),
      );
    case 'BatchWriteItemCommand':
      return Object.values((input.RequestItems ?? {}) as Record<string, Array<Record<string, Input>>>)
        .flat()
        .flatMap((request) => (request.PutRequest ? itemWrites(request.PutRequest.Item, true, false) : itemWrites(request.DeleteRequest?.Key, false, false)));
    default:
      return [];
  }
}

/**
 * What a write command refused for throughput put on spread partitions: the
 * partitions it would have written, when DynamoDB's throttling reasons name a
 * key range (`TableWriteKeyRangeThroughputExceeded`, `Index…`) or name none;
 * none when they name the table's or the account's limits, which more shards
 * do not lift. A cancelled transaction's items refused with `ThrottlingError`
 * (DynamoDB gives no reason for them: the API reference's
 * TransactionCanceledException). Any other failure refused nothing for
 * throughput.
 */
export function throttledSpreadPartitionWrites(commandName: string, input: Input, error: unknown): SpreadPartitionWrite[] {
  if (error instanceof TransactionCanceledException && commandName === 'TransactWriteItemsCommand') {
    const items = (input.TransactItems ?? []) as Array<Record<string, Input>>;
    return (error.CancellationReasons ?? []).flatMap((reason, position) => {
      const entry = items[position];
      if (reason.Code !== 'ThrottlingError' || !entry) return [];
      return entry.Put ? itemWrites(entry.Put.Item, true, true) : itemWrites((entry.Update ?? entry.Delete)?.Key, false, true);
    });
  }
  if (error instanceof ProvisionedThroughputExceededException || error instanceof ThrottlingException) {
    const reasons = (error instanceof ThrottlingException ? error.throttlingReasons : error.ThrottlingReasons) ?? [];
    if (reasons.length > 0 && !reasons.some((reason) => reason.reason?.endsWith('KeyRangeThroughputExceeded'))) return [];
    return spreadPartitionWrites(commandName, input);
  }
  return [];
}
