import { cancelCommission, isTakenBack } from '../domain/commissions/cancellation';
import { type CommissionChange, type CommissionedOrder, accrueCommission, newCommission } from '../domain/commissions/commission-changes';
import type { CommissionStatus } from '../domain/commissions/commission';
import { type Sale, rateSale, saleOfOrder } from '../domain/commissions/rating';
import { ValidationError } from '../domain/errors';
import type { OrderCancelledDetail, OrderPlacedDetail } from '../domain/receivables/incoming-events';
import {
  OrderCancelledMeanwhileError,
  OrderCommissionAppearedError,
  OrderCommissionClaimedError,
  commissionLines,
  createCommission,
  findCancellation,
  findCommissionOfOrder,
  keepCancellation,
  saveCommissionChange,
} from '../db/commissions/commission-repository';
import { readPayoutStatuses } from '../db/commissions/commission-payout-repository';
import { rulesToRateWith, rulesUnchangedSince } from '../db/commissions/commission-rule-snapshot';
import { retryingConflicts } from '../db/conflict-retry';
import { rateByRulesInForce } from './rerating';
import { type ChangeOrigin, systemOrigin } from '../domain/change-origin';

export type OrderCommissionOutcome =
  | { outcome: 'created'; commission_id: string; status: CommissionStatus }
  | { outcome: 'duplicate'; commission_id: string }
  | { outcome: 'no_associate' };

export type CancellationOutcome =
  | { outcome: 'voided' | 'charged_back' | 'duplicate'; commission_id: string }
  /** No commission yet: the tombstone waits for the order. */
  | { outcome: 'kept_for_order' };

const placedActor = 'event:order.placed';

/**
 * The commission as first written: voided if the order was cancelled first,
 * else rated by the rule in force, else unrated; with the revision of the
 * rules it was rated by, if it was.
 */
async function firstChange(order: CommissionedOrder, sale: Sale, origin: ChangeOrigin): Promise<{ change: CommissionChange; rulesRevision?: number }> {
  const commission = newCommission(order, sale, origin);
  const cancellation = await findCancellation(order.orgcode, order.order_id);
  if (cancellation) return { change: cancelCommission(commission, [], new Set(), cancellation, origin) };
  const { rules, revision } = await rulesToRateWith(order.orgcode);
  const rating = rateSale(rules, sale);
  return { change: rating ? accrueCommission(commission, rating, origin) : { commission, createdLines: [], voidedLines: [] }, rulesRevision: revision };
}

/**
 * An order placed by an associate earns one commission (docs/decisions.md:
 * Commissions), however often the event arrives: the order's claim is written
 * in the commission's transaction. Orders without an associate earn none.
 */
export async function commissionOrder(order: OrderPlacedDetail, now: Date): Promise<OrderCommissionOutcome> {
  const { associate_id: associateId } = order;
  if (associateId === undefined) return { outcome: 'no_associate' };
  const read = saleOfOrder(order);
  if ('issues' in read) throw new ValidationError(read.issues);
  const origin = systemOrigin(order.orgcode, placedActor, now);
  return retryingConflicts(async () => {
    const existing = await findCommissionOfOrder(order.orgcode, order.order_id);
    if (existing) return { outcome: 'duplicate', commission_id: existing.commission_id };
    const { change, rulesRevision } = await firstChange({ ...order, associate_id: associateId }, read.sale, origin);
    try {
      await createCommission(change);
    } catch (error) {
      // Another delivery created it, or a cancellation arrived: the next round sees which.
      if (error instanceof OrderCommissionClaimedError || error instanceof OrderCancelledMeanwhileError) return undefined;
      throw error;
    }
    const { commission } = change;
    // A rule changed meanwhile may have looked for open commissions before this one was written: the rules' revision says.
    const ratedAgain =
      rulesRevision !== undefined &&
      !(await rulesUnchangedSince(order.orgcode, rulesRevision)) &&
      (await rateByRulesInForce(commission, placedActor, now));
    const status = ratedAgain ? (await findCommissionOfOrder(order.orgcode, order.order_id))?.status : commission.status;
    return { outcome: 'created', commission_id: commission.commission_id, status: status ?? commission.status };
  });
}

/**
 * An order cancelled: its commission is taken back (docs/decisions.md:
 * Commissions, cancellation): voided, or kept `paid` with chargebacks when any
 * share of it was paid. Before its order arrives, a tombstone is kept instead,
 * on condition that the commission is still absent, so the late order's
 * commission is created voided.
 */
export async function cancelOrderCommission(cancellation: OrderCancelledDetail, now: Date): Promise<CancellationOutcome> {
  const origin = systemOrigin(cancellation.orgcode, 'event:order.cancelled', now);
  return retryingConflicts(async () => {
    const commission = await findCommissionOfOrder(cancellation.orgcode, cancellation.order_id);
    if (!commission) {
      try {
        await keepCancellation(cancellation);
        return { outcome: 'kept_for_order' };
      } catch (error) {
        if (error instanceof OrderCommissionAppearedError) return undefined;
        throw error;
      }
    }
    if (isTakenBack(commission)) return { outcome: 'duplicate', commission_id: commission.commission_id };
    const lines = await commissionLines(commission);
    const statuses = [...(await readPayoutStatuses(commission.orgcode, lines.flatMap((line) => (line.payout_id ? [line.payout_id] : []))))];
    const paid = new Set(statuses.flatMap(([payoutId, status]) => (status === 'paid' ? [payoutId] : [])));
    const change = cancelCommission(commission, lines, paid, cancellation, origin);
    await saveCommissionChange(commission, change, statuses.flatMap(([payoutId, status]) => (status === 'paid' ? [] : [payoutId])));
    return { outcome: change.commission.status === 'paid' ? 'charged_back' : 'voided', commission_id: commission.commission_id };
  });
}
