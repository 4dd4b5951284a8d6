import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CommissionLine } from '../../domain/commissions/commission';
import type { Payout, PayoutStatus } from '../../domain/commissions/payout';
import { DuplicateIdError } from '../../domain/errors';
import { pause } from '../../pause';
import type { AccountingEvent, LineageItem } from '../../domain/events/accounting-event';
import { type GuardedPut, type GuardedWrite, TransactionConflictError, transactItem, writeAtomically } from '../atomic-write';
import { batchGetItems } from '../batch-get';
import { dynamo, tableName } from '../client';
import { inParallel } from '../in-parallel';
import { eventRecordWrites, shardOfEvent } from '../events/event-repository';
import { shardKey, shardLayout } from '../shard-layout';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import { type Listing, listingPuts } from '../listings';
import { type Page, type StartKey, queryAll, queryPage } from '../query-page';
import { statusFilter } from '../status-filter';
import { untilProcessed } from '../unprocessed-rounds';

/**
 * Commission payouts and their associate's payout desk (docs/decisions.md:
 * Commissions, payouts). A payout takes its lines by setting their
 * `payout_id`, in transactions that each also check the desk is still held
 * for it; the payout record itself is written last, with its event, so a
 * payout that exists holds every line it counts.
 */

/** Which associate's lines, in which currency: one desk each. */
export interface Desk {
  orgcode: string;
  associate_id: string;
  currency: string;
}

/** A period of lines: counting at `from_utc` or later, before `to_utc`. */
export interface LinePeriod {
  from_utc: string;
  to_utc: string;
}

/** Work a desk owes after a change committed: free a payout's lines, link them to its event, or mark its commissions paid. */
export type DeskWorkKind = 'LINK' | 'RELEASE' | 'SETTLE';

export interface DeskWork extends Desk, LinePeriod {
  kind: DeskWorkKind;
  payout_id: string;
  /** LINK: the lineage link each line's record gets, to the payout's creation event. */
  link?: LineageItem;
}

/** The desk is held by another payout being assembled, whose lease has not run out. */
export class DeskHeldError extends Error {
  constructor(readonly heldBy: string) {
    super('Another payout is being assembled for this associate and currency');
    this.name = 'DeskHeldError';
  }
}

/** The desk passed to another assembly (this one's lease ran out): its claims stop. */
export class DeskLostError extends Error {
  constructor() {
    super('The payout desk passed to another assembly');
    this.name = 'DeskLostError';
  }
}

function payoutItem(payout: Payout): Record<string, unknown> {
  return { ...keys.commissionPayout(payout.orgcode, payout.payout_id), record_type: 'commission_payout', ...payout };
}

/**
 * Where a payout is listed (shared/db/listings.ts; docs/decisions.md:
 * Acknowledged writes are listed): its associate's payouts and the
 * organisation's, by creation, each a list partition on the table. What these
 * keys are made of never changes, so a status move updates the copies where
 * they are.
 */
export function payoutListings(payout: Pick<Payout, 'orgcode' | 'associate_id' | 'created_at' | 'payout_id'>): Listing[] {
  const sortKey = timeOrderedKey(payout.created_at, payout.payout_id);
  return [
    { partition: keys.payoutsOfAssociate(payout.orgcode, payout.associate_id), sortKey },
    { partition: keys.payoutsOfOrg(payout.orgcode), sortKey },
  ];
}

const deskKey = (desk: Desk) => keys.payoutDesk(desk.orgcode, desk.associate_id, desk.currency);

/** Puts a work item in the desk's partition, on the payout work queue due at `dueAt` in case nobody finishes it first. */
export function deskWorkPut(work: DeskWork, dueAt: Date): GuardedPut {
  return {
    item: {
      ...keys.payoutDeskWork(work.orgcode, work.associate_id, work.currency, work.kind, work.payout_id),
      record_type: 'payout_desk_work',
      ...work,
      gsi3pk: keys.payoutWorkQueue,
      gsi3sk: keys.queueEntry(dueAt.toISOString(), work.orgcode, `${work.kind}#${work.payout_id}`),
    },
  };
}

async function getItem(key: keys.ItemKey): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
}

/** Rounds of reading the desk and writing it on condition, while other assemblies race for it. */
const maxDeskAttempts = 10;

/**
 * Takes the desk for `payoutId` until `leaseUntil`. A desk whose holder's
 * lease ran out is taken over, and the lines that holder may have claimed are
 * left to free (a RELEASE work item) in the same transaction. A live holder:
 * DeskHeldError.
 */
export async function takeDesk(desk: Desk, period: LinePeriod, payoutId: string, now: Date, leaseUntil: Date): Promise<void> {
  const holding = { ...deskKey(desk), record_type: 'payout_desk', ...desk, payout_id: payoutId, ...period, lease_until: leaseUntil.toISOString() };
  // The sweep frees the desk if this assembly stops before it ends.
  const queued = { gsi3pk: keys.payoutWorkQueue, gsi3sk: keys.queueEntry(leaseUntil.toISOString(), desk.orgcode, `DESK#${payoutId}`) };
  for (let attempt = 1; attempt <= maxDeskAttempts; attempt += 1) {
    const held = await getItem(deskKey(desk));
    if (!held) {
      try {
        await writeAtomically([{ item: { ...holding, ...queued }, condition: { expression: 'attribute_not_exists(pk)' } }]);
        return;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) continue;
        throw error;
      }
    }
    const heldBy = String(held.payout_id);
    if (String(held.lease_until) > now.toISOString()) throw new DeskHeldError(heldBy);
    try {
      await writeAtomically([
        {
          item: { ...holding, ...queued },
          condition: { expression: 'payout_id = :held AND lease_until = :lease', values: { ':held': heldBy, ':lease': held.lease_until } },
        },
        deskWorkPut({ ...desk, kind: 'RELEASE', payout_id: heldBy, from_utc: String(held.from_utc), to_utc: String(held.to_utc) }, now),
      ]);
      return;
    } catch (error) {
      if (error instanceof TransactionCanceledException || error instanceof TransactionConflictError) continue;
      throw error;
    }
  }
  throw new TransactionConflictError();
}

/** The check beside each claim: the desk must still be this payout's. */
function deskHeldBy(desk: Desk, payoutId: string): GuardedWrite {
  return { check: { key: deskKey(desk) }, condition: { expression: 'payout_id = :payout', values: { ':payout': payoutId } } };
}

/** Ends an assembly without a payout: the desk is left and the lines it claimed are to be freed. */
export async function abandonAssembly(desk: Desk, period: LinePeriod, payoutId: string, now: Date): Promise<DeskWork> {
  const release: DeskWork = { ...desk, kind: 'RELEASE', payout_id: payoutId, ...period };
  await writeAtomically([
    { delete: { key: deskKey(desk) }, condition: { expression: 'payout_id = :payout', values: { ':payout': payoutId } } },
    deskWorkPut(release, now),
  ]);
  return release;
}

/** Frees a desk whose assembly stopped without ending (its lease ran out): the sweep's part. */
export async function abandonStalledAssembly(desk: Desk, now: Date): Promise<DeskWork | undefined> {
  const held = await getItem(deskKey(desk));
  if (!held || String(held.lease_until) > now.toISOString()) return undefined;
  const payoutId = String(held.payout_id);
  const release: DeskWork = { ...desk, kind: 'RELEASE', payout_id: payoutId, from_utc: String(held.from_utc), to_utc: String(held.to_utc) };
  try {
    await writeAtomically([
      {
        delete: { key: deskKey(desk) },
        condition: { expression: 'payout_id = :payout AND lease_until = :lease', values: { ':payout': payoutId, ':lease': held.lease_until } },
      },
      deskWorkPut(release, now),
    ]);
    return release;
  } catch (error) {
    if (error instanceof TransactionCanceledException || error instanceof TransactionConflictError) return undefined;
    throw error;
  }
}

/**
 * Ends an assembly: the payout and its copies in its lists, its event (and
 * lineage), its outbox notice, the desk left and the follow-up work, with the
 * call's idempotency record when given, all or nothing, on condition the desk
 * is still this payout's.
 */
export async function completeAssembly(
  desk: Desk,
  payout: Payout,
  event: AccountingEvent,
  notice: GuardedPut,
  followUp: GuardedPut[],
  idempotencyRecord?: GuardedPut,
): Promise<void> {
  const item = payoutItem(payout);
  await writeAtomically([
    ...(idempotencyRecord ? [idempotencyRecord] : []),
    {
      item,
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('payout_id', payout.payout_id),
    },
    ...listingPuts(item, payoutListings(payout)),
    { delete: { key: deskKey(desk) }, condition: { expression: 'payout_id = :payout', values: { ':payout': payout.payout_id } }, onConditionFailed: () => new DeskLostError() },
    ...eventRecordWrites(event, await shardLayout(event.orgcode)),
    notice,
    ...followUp,
  ]);
}

/** The desk's outstanding work, per payout LINK before RELEASE before SETTLE (their sort keys; the desk's own, 'DESK', sorts first). */
export async function outstandingDeskWork(desk: Desk): Promise<DeskWork[]> {
  const work: DeskWork[] = [];
  // Every page: a desk with thousands of payouts' work holds more than a Query's 1 MB.
  const items = queryAll({
    KeyConditionExpression: 'pk = :pk AND sk > :desk',
    ExpressionAttributeValues: { ':pk': keys.payoutDeskPartition(desk.orgcode, desk.associate_id, desk.currency), ':desk': 'DESK' },
    ConsistentRead: true,
  });
  for await (const item of items) work.push(withoutStorageAttributes<DeskWork>(item));
  return work;
}

export async function finishDeskWork(work: DeskWork): Promise<void> {
  await writeAtomically([{ delete: { key: keys.payoutDeskWork(work.orgcode, work.associate_id, work.currency, work.kind, work.payout_id) } }]);
}

const lineKey = (line: Pick<CommissionLine, 'orgcode' | 'associate_id' | 'counts_at' | 'line_id'>) =>
  keys.commissionLine(line.orgcode, line.associate_id, line.counts_at, line.line_id);

/** Every line of the associate counting in the period that `filter` keeps, read consistently. */
async function linesInPeriod(
  desk: Desk,
  period: LinePeriod,
  filter: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
): Promise<CommissionLine[]> {
  const lines: CommissionLine[] = [];
  let startKey: StartKey | undefined;
  do {
    const { Items, LastEvaluatedKey } = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        // Sort keys are `<counts_at>#<line_id>`: '#' sorts before every id character, so [from, to) is [from, to#).
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        FilterExpression: filter.expression,
        ExpressionAttributeNames: filter.names,
        ExpressionAttributeValues: {
          ':pk': keys.commissionLine(desk.orgcode, desk.associate_id, '', '').pk,
          ':from': period.from_utc,
          ':to': `${period.to_utc}#`,
          ...filter.values,
        },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    lines.push(...(Items ?? []).map((item) => withoutStorageAttributes<CommissionLine>(item)).filter((line) => line.counts_at < period.to_utc));
    startKey = LastEvaluatedKey;
  } while (startKey);
  return lines;
}

/** The associate's payable lines in the desk's currency that no payout holds. */
export function freeLines(desk: Desk, period: LinePeriod): Promise<CommissionLine[]> {
  return linesInPeriod(desk, period, {
    expression: '#status = :payable AND attribute_not_exists(payout_id) AND currency = :currency',
    names: { '#status': 'status' },
    values: { ':payable': 'payable', ':currency': desk.currency },
  });
}

/** The lines a payout holds (its lines all count in its period). */
export function linesOfPayout(desk: Desk, period: LinePeriod, payoutId: string): Promise<CommissionLine[]> {
  return linesInPeriod(desk, period, {
    expression: 'payout_id = :payout',
    values: { ':payout': payoutId },
  });
}

/** DynamoDB's limit on the items of one transaction. */
const maxTransactionItems = 100;

/**
 * Claims lines for a payout, a transaction of at most 99 lines at a time
 * beside the desk check: a line is taken only if it is still payable and free,
 * and only while the desk is still this payout's. Lines another change took or
 * voided meanwhile are left out. No chunk after the first starts at or after
 * `until` (the call's time is up; the rest stay free). Returns the lines claimed.
 */
export async function claimLines(desk: Desk, payoutId: string, lines: readonly CommissionLine[], now: Date, until: Date): Promise<CommissionLine[]> {
  const claimed: CommissionLine[] = [];
  const chunkSize = maxTransactionItems - 1;
  for (let start = 0; start < lines.length; start += chunkSize) {
    if (start > 0 && Date.now() >= until.getTime()) break;
    claimed.push(...(await claimChunk(desk, payoutId, lines.slice(start, start + chunkSize), now)));
  }
  return claimed;
}

const lineClaim = (line: CommissionLine, payoutId: string, now: Date): GuardedWrite => ({
  update: {
    key: lineKey(line),
    expression: 'SET payout_id = :payout, updated_at = :now',
    values: { ':payout': payoutId, ':now': now.toISOString() },
  },
  condition: { expression: '#status = :payable AND attribute_not_exists(payout_id)', names: { '#status': 'status' }, values: { ':payable': 'payable' } },
});

/** Attempts at one chunk, each after leaving out the lines that failed their condition or waiting out a concurrent transaction. */
const maxChunkAttempts = 10;

async function claimChunk(desk: Desk, payoutId: string, chunk: CommissionLine[], now: Date): Promise<CommissionLine[]> {
  let candidates = chunk;
  for (let attempt = 1; candidates.length && attempt <= maxChunkAttempts; attempt += 1) {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [deskHeldBy(desk, payoutId), ...candidates.map((line) => lineClaim(line, payoutId, now))].map(transactItem),
        }),
      );
      return candidates;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const [deskReason, ...lineReasons] = error.CancellationReasons ?? [];
      if (deskReason?.Code === 'ConditionalCheckFailed') throw new DeskLostError();
      candidates = candidates.filter((_line, index) => lineReasons[index]?.Code !== 'ConditionalCheckFailed');
      await pause(Math.random() * 20 * attempt);
    }
  }
  if (candidates.length) throw new TransactionConflictError();
  return [];
}

/** Frees a payout's lines (each only if that payout still holds it); a line already free is left as it is. */
export async function releaseLines(lines: readonly CommissionLine[], payoutId: string, now: Date): Promise<void> {
  await inParallel(lines, async (line) => {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: lineKey(line),
          ConditionExpression: 'payout_id = :payout',
          UpdateExpression: 'REMOVE payout_id SET updated_at = :now',
          ExpressionAttributeValues: { ':payout': payoutId, ':now': now.toISOString() },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  });
}

/**
 * Writes lineage links (plain puts of fixed keys: writing one twice changes nothing), 25 to a batch, each on the
 * shard its event was stored on (the shard the layout gives now may have changed since).
 */
export async function writeLineageLinks(links: readonly { ref: { kind: string; id: string }; item: LineageItem }[], orgcode: string): Promise<void> {
  const shards = new Map<string, number>();
  for (const { item } of links) if (!shards.has(item.event_id)) shards.set(item.event_id, await shardOfEvent(orgcode, item.event_id));
  const puts = links.map(({ ref, item }) => ({
    PutRequest: {
      Item: {
        pk: shardKey(keys.lineagePartition(orgcode, ref.kind, ref.id), shards.get(item.event_id)!),
        sk: timeOrderedKey(item.occurred_at, item.event_id),
        record_type: 'lineage',
        ...item,
        source_ref: ref,
      },
    },
  }));
  for (let start = 0; start < puts.length; start += 25) {
    await untilProcessed(puts.slice(start, start + 25), async (pending) => {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      return (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    });
  }
}

export async function findPayout(orgcode: string, payoutId: string): Promise<Payout | undefined> {
  const item = await getItem(keys.commissionPayout(orgcode, payoutId));
  return item && withoutStorageAttributes<Payout>(item);
}

/** The status of each of the payouts named that exists; one never written (an assembly that stopped) is absent. */
export async function readPayoutStatuses(orgcode: string, payoutIds: readonly string[]): Promise<Map<string, PayoutStatus>> {
  // BatchGetItem refuses a key given twice.
  const payoutKeys = [...new Set(payoutIds)].map((id) => keys.commissionPayout(orgcode, id));
  const items = await batchGetItems(payoutKeys, { attributes: ['payout_id', 'status'], consistent: true });
  return new Map(items.map((item) => [String(item.payout_id), item.status as PayoutStatus]));
}

export interface PayoutFilter {
  associate_id?: string;
  /** The statuses listed (shared/domain/list-statuses.ts). */
  statuses: readonly PayoutStatus[];
  currency?: string;
}

/**
 * A page of an associate's or the organisation's payouts, newest first: a
 * consistent read of its list partition on the table, so it shows every
 * change answered before it (docs/decisions.md: Acknowledged writes are listed).
 */
export function listPayouts(orgcode: string, filter: PayoutFilter, limit: number, startKey?: StartKey): Promise<Page<Payout>> {
  const byAssociate = filter.associate_id !== undefined;
  const byStatus = statusFilter(filter.statuses);
  return queryPage(
    {
      KeyConditionExpression: 'pk = :pk',
      ScanIndexForward: false,
      FilterExpression: [byStatus.expression, ...(filter.currency ? ['currency = :currency'] : [])].join(' AND '),
      ExpressionAttributeNames: byStatus.names,
      ExpressionAttributeValues: {
        ':pk': byAssociate ? keys.payoutsOfAssociate(orgcode, filter.associate_id ?? '') : keys.payoutsOfOrg(orgcode),
        ...byStatus.values,
        ...(filter.currency && { ':currency': filter.currency }),
      },
    },
    limit,
    startKey,
    (item) => withoutStorageAttributes<Payout>(item),
  );
}
