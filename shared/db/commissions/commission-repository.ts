import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CommissionChange } from '../../domain/commissions/commission-changes';
import type { Commission, CommissionLine, CommissionStatus } from '../../domain/commissions/commission';
import { DuplicateIdError, InvalidStateError } from '../../domain/errors';
import type { AccountingEvent } from '../../domain/events/accounting-event';
import type { OrderCancelledDetail } from '../../domain/receivables/incoming-events';
import { type GuardedPut, type GuardedWrite, TransactionConflictError, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { eventRecordWrites } from '../events/event-repository';
import { type ShardLayout, shardKey, shardKeys, shardLayout } from '../shard-layout';
import { newRecordShard, rememberShard, shardAttribute, storedRecordShard } from '../item-shard';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { timeOrderedKey } from '../keys';
import { type Listing, listingPuts } from '../listings';
import { type Page, type StartKey, queryAll, queryPage } from '../query-page';
import { updateRevisioned } from '../revisioned-update';
import { statusFilter } from '../status-filter';

/**
 * Commissions (docs/decisions.md: Commissions): the commission in its own
 * partition, its lines in their associate's, the order's claim and
 * cancellation tombstone under the order, and a marker per unrated commission.
 */

/** The order already has its commission. */
export class OrderCommissionClaimedError extends Error {
  constructor() {
    super('The order already has a commission');
    this.name = 'OrderCommissionClaimedError';
  }
}

/** The order was cancelled while its commission was being created: create it voided instead. */
export class OrderCancelledMeanwhileError extends Error {
  constructor() {
    super('The order was cancelled meanwhile');
    this.name = 'OrderCancelledMeanwhileError';
  }
}

/** The order's commission appeared while its cancellation was being kept: void it instead. */
export class OrderCommissionAppearedError extends Error {
  constructor() {
    super("The order's commission appeared meanwhile");
    this.name = 'OrderCommissionAppearedError';
  }
}

/** The commission as stored, with its shard (shared/db/item-shard.ts): the shard its open marker is on. */
function commissionItem(commission: Commission, shard: number): Record<string, unknown> {
  return {
    ...keys.commission(commission.orgcode, commission.commission_id),
    record_type: 'commission',
    ...shardAttribute(shard),
    ...commission,
  };
}

/**
 * Where a commission is listed (shared/db/listings.ts; docs/decisions.md:
 * Acknowledged writes are listed): its associate's commissions and its
 * order's, by placed_at, each a list partition on the table. None of what
 * these keys are made of ever changes, so a change of the commission updates
 * its copies where they are and never moves them.
 */
export function commissionListings(commission: Pick<Commission, 'orgcode' | 'associate_id' | 'order_id' | 'placed_at' | 'commission_id'>): Listing[] {
  const sortKey = timeOrderedKey(commission.placed_at, commission.commission_id);
  return [
    { partition: keys.commissionsOfAssociate(commission.orgcode, commission.associate_id), sortKey },
    { partition: keys.commissionsOfOrder(commission.orgcode, commission.order_id), sortKey },
  ];
}

const lineKey = (line: Pick<CommissionLine, 'associate_id' | 'counts_at' | 'line_id'>, orgcode: string) =>
  keys.commissionLine(orgcode, line.associate_id, line.counts_at, line.line_id);

/** A line as its associate's partition stores it. */
export function commissionLineItem(line: CommissionLine): Record<string, unknown> {
  return { ...lineKey(line, line.orgcode), record_type: 'commission_line', ...line };
}

function linePut(line: CommissionLine): GuardedPut {
  return {
    item: commissionLineItem(line),
    condition: { expression: 'attribute_not_exists(pk)' },
    onConditionFailed: () => new DuplicateIdError('line_id', line.line_id),
  };
}

/** Voids a line only while it is still free: a payout that took it meanwhile sends the change back to a fresh read. */
function lineVoid(line: CommissionLine, now: string): GuardedWrite {
  return {
    update: {
      key: lineKey(line, line.orgcode),
      expression: 'SET #status = :voided, updated_at = :now',
      names: { '#status': 'status' },
      values: { ':voided': 'voided', ':now': now },
    },
    condition: { expression: '#status = :payable AND attribute_not_exists(payout_id)', values: { ':payable': 'payable' } },
    onConditionFailed: () => new TransactionConflictError(),
  };
}

/** The commission's open marker, on the commission's shard of the org's open commissions. */
function openMarker(commission: Commission, shard: number): keys.ItemKey {
  const key = keys.openCommission(commission.orgcode, commission.placed_at, commission.commission_id);
  return { pk: shardKey(key.pk, shard), sk: key.sk };
}

/** Whether a rule change may still rate the commission or change its rating (docs/decisions.md: Commissions, re-rating). */
const isOpen = (commission: Pick<Commission, 'status'>) => commission.status === 'unrated' || commission.status === 'accrued';

function changeWrites(change: CommissionChange, layout: ShardLayout): GuardedWrite[] {
  const now = change.commission.updated_at;
  return [
    ...change.createdLines.map(linePut),
    ...change.voidedLines.map((line) => lineVoid(line, now)),
    ...(change.event ? eventRecordWrites(change.event, layout) : []),
  ];
}

/**
 * Creates the order's commission with its claim, its copies in its lists,
 * lines, event and (unless voided) open marker in one transaction; unless
 * created voided, on condition that the order has no cancellation tombstone.
 */
export async function createCommission(change: CommissionChange): Promise<void> {
  const { commission } = change;
  const key = keys.commission(commission.orgcode, commission.commission_id);
  const { shard, layout } = await newRecordShard(commission.orgcode, commission.commission_id);
  const item = commissionItem(commission, shard);
  await writeAtomically([
    {
      item: {
        ...keys.orderCommission(commission.orgcode, commission.order_id),
        record_type: 'order_commission',
        commission_id: commission.commission_id,
      },
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new OrderCommissionClaimedError(),
    },
    {
      item,
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new DuplicateIdError('commission_id', commission.commission_id),
    },
    ...listingPuts(item, commissionListings(commission)),
    ...(commission.status === 'voided'
      ? []
      : [
          {
            check: { key: keys.orderCancellation(commission.orgcode, commission.order_id) },
            condition: { expression: 'attribute_not_exists(pk)' },
            onConditionFailed: () => new OrderCancelledMeanwhileError(),
          },
        ]),
    ...(isOpen(commission)
      ? [{ item: { ...openMarker(commission, shard), record_type: 'open_commission', commission_id: commission.commission_id } }]
      : []),
    ...changeWrites(change, layout),
  ]);
  rememberShard(key, shardAttribute(shard));
}

/**
 * A payout the change was judged on as not paid must still be unpaid when it
 * is saved (a cancellation voids a commission none of whose shares was paid):
 * one paid meanwhile sends the change back to a fresh read.
 */
function payoutStillUnpaid(orgcode: string, payoutId: string): GuardedWrite {
  return {
    check: { key: keys.commissionPayout(orgcode, payoutId) },
    condition: { expression: '#status <> :paid', names: { '#status': 'status' }, values: { ':paid': 'paid' } },
    onConditionFailed: () => new TransactionConflictError(),
  };
}

/**
 * Saves a change of `before` if the stored commission is still at its
 * revision (409 RevisionConflictError otherwise), with its copies in its
 * lists, its lines and event, all or nothing, and on condition that the
 * `unpaidPayoutIds` it was judged on are still not paid. A commission that
 * stops being open (voided, paid) leaves the open markers in the same write.
 */
export async function saveCommissionChange(before: Commission, change: CommissionChange, unpaidPayoutIds: readonly string[] = []): Promise<Commission> {
  const { commission } = change;
  const key = keys.commission(commission.orgcode, commission.commission_id);
  const { shard, layout } = await storedRecordShard(commission.orgcode, key);
  const stored = await updateRevisioned({
    key,
    expectedRevision: before.revision,
    replace: commissionItem(commission, shard),
    companions: [
      ...(isOpen(before) && !isOpen(commission) ? [{ delete: { key: openMarker(before, shard) } }] : []),
      ...changeWrites(change, layout),
      ...unpaidPayoutIds.map((payoutId) => payoutStillUnpaid(commission.orgcode, payoutId)),
    ],
    listings: { before: commissionListings(before), after: commissionListings(commission) },
    now: new Date(commission.updated_at),
  });
  return withoutStorageAttributes<Commission>(stored);
}

/**
 * Writes an adjustment's line and its event, with the call's idempotency
 * record when given, all or nothing; the idempotency record goes first so that
 * losing a same-key race is told apart from a duplicate id.
 */
export async function saveAdjustment(line: CommissionLine, event: AccountingEvent, idempotencyRecord?: GuardedPut): Promise<void> {
  await writeAtomically([...(idempotencyRecord ? [idempotencyRecord] : []), linePut(line), ...eventRecordWrites(event, await shardLayout(event.orgcode))]);
}

async function getItem(key: keys.ItemKey): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
}

export async function findCommission(orgcode: string, commissionId: string): Promise<Commission | undefined> {
  const key = keys.commission(orgcode, commissionId);
  const item = await getItem(key);
  if (!item) return undefined;
  rememberShard(key, item);
  return withoutStorageAttributes<Commission>(item);
}

/** The order's commission, if it has one (consistent: a redelivered order must find it). */
export async function findCommissionOfOrder(orgcode: string, orderId: string): Promise<Commission | undefined> {
  const claim = await getItem(keys.orderCommission(orgcode, orderId));
  return claim ? findCommission(orgcode, String(claim.commission_id)) : undefined;
}

export async function findCancellation(orgcode: string, orderId: string): Promise<OrderCancelledDetail | undefined> {
  const item = await getItem(keys.orderCancellation(orgcode, orderId));
  return item && withoutStorageAttributes<OrderCancelledDetail>(item);
}

/** Keeps a cancellation that came before its order, on condition that the order still has no commission. */
export async function keepCancellation(cancellation: OrderCancelledDetail): Promise<void> {
  await writeAtomically([
    { item: { ...keys.orderCancellation(cancellation.orgcode, cancellation.order_id), record_type: 'order_cancellation', ...cancellation } },
    {
      check: { key: keys.orderCommission(cancellation.orgcode, cancellation.order_id) },
      condition: { expression: 'attribute_not_exists(pk)' },
      onConditionFailed: () => new OrderCommissionAppearedError(),
    },
  ]);
}

/** The commission's lines as stored now (status, payout). */
export async function commissionLines(commission: Commission): Promise<CommissionLine[]> {
  const items = await Promise.all(commission.lines.map((line) => getItem(lineKey(line, commission.orgcode))));
  return items.flatMap((item) => (item ? [withoutStorageAttributes<CommissionLine>(item)] : []));
}

/**
 * The ids of the org's open (unrated or accrued) commissions placed in [from,
 * to) (no `to`: from on), read consistently from every shard, shard by shard.
 */
export async function openCommissionIds(orgcode: string, from: string, to?: string): Promise<string[]> {
  const ids: string[] = [];
  for (const partition of shardKeys(keys.openCommissions(orgcode), await shardLayout(orgcode))) {
    const markers = queryAll({
      KeyConditionExpression: to === undefined ? 'pk = :pk AND sk >= :from' : 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': partition, ':from': from, ...(to !== undefined && { ':to': to }) },
      ConsistentRead: true,
    });
    for await (const item of markers) ids.push(String(item.commission_id));
  }
  return ids;
}

export interface CommissionFilter {
  scope: { associate_id: string } | { order_id: string };
  /** The statuses listed (shared/domain/list-statuses.ts). */
  statuses: readonly CommissionStatus[];
}

/**
 * A page of an associate's or an order's commissions, by placed_at: a
 * consistent read of its list partition on the table, so it shows every change
 * answered before it (docs/decisions.md: Acknowledged writes are listed).
 */
export function listCommissions(orgcode: string, filter: CommissionFilter, limit: number, startKey?: StartKey): Promise<Page<Commission>> {
  const byStatus = statusFilter(filter.statuses);
  return queryPage(
    {
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: byStatus.expression,
      ExpressionAttributeNames: byStatus.names,
      ExpressionAttributeValues: {
        ':pk':
          'associate_id' in filter.scope
            ? keys.commissionsOfAssociate(orgcode, filter.scope.associate_id)
            : keys.commissionsOfOrder(orgcode, filter.scope.order_id),
        ...byStatus.values,
      },
    },
    limit,
    startKey,
    (item) => withoutStorageAttributes<Commission>(item),
  );
}

/**
 * Marks an accrued commission paid (every line of it is in a paid payout),
 * with its copies in its lists, under the revision it was read at;
 * RevisionConflictError when it changed meanwhile, InvalidStateError when it
 * is no longer accrued.
 */
export async function markCommissionPaid(commission: Commission, now: Date): Promise<void> {
  const key = keys.commission(commission.orgcode, commission.commission_id);
  const { shard } = await storedRecordShard(commission.orgcode, key);
  await updateRevisioned({
    key,
    expectedRevision: commission.revision,
    statusMove: {
      from: ['accrued'],
      invalid: (from) => new InvalidStateError(`A ${from} commission is not marked paid`, { from }),
    },
    set: { status: 'paid' },
    companions: [{ delete: { key: openMarker(commission, shard) } }],
    listings: { after: commissionListings(commission) },
    now,
  });
}
