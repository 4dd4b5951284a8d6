import type { LaterChange } from '../../domain/receivables/aging';
import { daysMarkedAfter } from '../active-days';
import { inParallel } from '../in-parallel';
import * as keys from '../keys';
import { queryAll } from '../query-page';
import { type ShardLayout, shardKeys, shardLayout } from '../shard-layout';

/**
 * The changes of what is owed that count after a day (docs/decisions.md:
 * Accounts receivable), read consistently from the list partitions on the
 * table that hold the statement entries' copies (statementEntryListings): one
 * partition per org and day they count on (spread over the shards of the
 * org's layout: each entry on its invoice's), each in the aggregates' order. The
 * days are the org's ledger markers after it: every invoice change puts the
 * marker of its own date before its transaction, and a change counting from
 * its invoice's issue instead counts on a day the issue marked, so no change
 * that committed counts on an unmarked day.
 */

/** A change as aging reads it: whose, in which currency, due when, and by how much. */
export interface ReceivableLaterChange extends LaterChange {
  customer_id: string;
  currency: string;
}

/** Sort-key bounds on the aggregates' order, both included; neither end is ever a key itself. */
export interface ReceivablesKeyRange {
  from?: string;
  to?: string;
}

/** A change as the financial rollup reads it: also which change (its id is time-ordered by recording) and on which shard. */
export interface RecordedLaterChange extends ReceivableLaterChange {
  entry_id: string;
  shard: number;
}

const changeAttributes = ['customer_id', 'currency', 'due_day', 'amount', 'open_invoices_delta', 'entry_id'] as const;
const projection = {
  ProjectionExpression: changeAttributes.map((_, index) => `#a${index}`).join(', '),
  names: Object.fromEntries(changeAttributes.map((name, index) => [`#a${index}`, name])),
};

/** Items per Query page, as the other rollup sources read. */
const changesPerPage = 1000;
/** Day partitions (or shards of them) read at once by a report page, each a Query of its own. */
const partitionsInParallel = 8;

function sortKeyCondition(range: ReceivablesKeyRange): { expression: string; values: Record<string, string> } {
  if (range.from !== undefined && range.to !== undefined) {
    return { expression: ' AND sk BETWEEN :from AND :to', values: { ':from': range.from, ':to': range.to } };
  }
  if (range.from !== undefined) return { expression: ' AND sk >= :from', values: { ':from': range.from } };
  if (range.to !== undefined) return { expression: ' AND sk <= :to', values: { ':to': range.to } };
  return { expression: '', values: {} };
}

/** The changes on one shard of a day's partition within `range`, in one currency if given, a Query page at a time. */
async function* changesOnShard(partition: string, range: ReceivablesKeyRange, currency?: string): AsyncGenerator<Omit<RecordedLaterChange, 'shard'>> {
  const sortKey = sortKeyCondition(range);
  const changes = queryAll({
    KeyConditionExpression: `pk = :pk${sortKey.expression}`,
    ...(currency !== undefined && { FilterExpression: '#a1 = :currency' }),
    ExpressionAttributeValues: { ':pk': partition, ...sortKey.values, ...(currency !== undefined && { ':currency': currency }) },
    ProjectionExpression: projection.ProjectionExpression,
    ExpressionAttributeNames: projection.names,
    Limit: changesPerPage,
  });
  for await (const item of changes) {
    yield {
      customer_id: String(item.customer_id),
      currency: String(item.currency),
      due_day: String(item.due_day),
      amount: Number(item.amount),
      open_invoices_delta: Number(item.open_invoices_delta),
      entry_id: String(item.entry_id),
    };
  }
}

/** Every shard of the partitions of the days the org marked after `day`: where the changes counting after it are. */
async function partitionsAfter(orgcode: string, day: string, layout: ShardLayout): Promise<string[]> {
  const days = await daysMarkedAfter('ledger', orgcode, day);
  return days.flatMap((later) => shardKeys(keys.receivableChangesOn(orgcode, later), layout));
}

/** Every change of the org counting after `day`, day by day and shard by shard (shared/db/receivables/owed-as-of.ts says which the financial rollup takes back). */
export async function* changesCountingAfter(orgcode: string, day: string): AsyncGenerator<RecordedLaterChange> {
  const layout = await shardLayout(orgcode);
  for (const later of await daysMarkedAfter('ledger', orgcode, day)) {
    for (const [shard, partition] of shardKeys(keys.receivableChangesOn(orgcode, later), layout).entries()) {
      for await (const change of changesOnShard(partition, {})) yield { ...change, shard };
    }
  }
}

/**
 * The changes counting after `day` of the customers within `range` (in one
 * currency if given): what a page of the aging report takes back. One Query
 * per later day and shard, `partitionsInParallel` at a time.
 */
export async function readChangesCountingAfter(
  orgcode: string,
  day: string,
  range: ReceivablesKeyRange,
  currency?: string,
): Promise<ReceivableLaterChange[]> {
  const changes: ReceivableLaterChange[] = [];
  await inParallel(
    await partitionsAfter(orgcode, day, await shardLayout(orgcode)),
    async (partition) => {
      for await (const change of changesOnShard(partition, range, currency)) changes.push(change);
    },
    partitionsInParallel,
  );
  return changes;
}
