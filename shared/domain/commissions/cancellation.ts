import { type Commission, type CommissionLine, lineRef } from './commission';
import { type CommissionChange, commissionEvent, leavingUnrated, newLine, otherAssociates, units } from './commission-changes';
import { sumUnits } from '../receivables/money';
import type { ChangeOrigin } from '../change-origin';

/** An order's cancellation as the commission keeps it. */
export interface Cancellation {
  cancelled_at: string;
  reason?: string;
}

/**
 * Takes back a commission whose order was cancelled (docs/decisions.md:
 * Commissions, cancellation): free payable lines become voided; a payable line
 * already in a payout stays, and a chargeback of the opposite amount, counting
 * now, takes it back in the next payout. A commission any share of which was
 * paid (its line in one of `paidPayoutIds`) stays `paid`: the payment
 * happened, and its chargebacks are the record of taking it back, with
 * `commission.adjusted` for minus what is taken back, as a chargeback
 * adjustment records. Any other is `voided`, with `commission.voided` for what
 * is taken back. Either way that is everything still payable, so the
 * commission's events net to what is still owed on it: nothing.
 */
export function cancelCommission(
  current: Commission,
  lines: CommissionLine[],
  paidPayoutIds: ReadonlySet<string>,
  cancellation: Cancellation,
  origin: ChangeOrigin,
): CommissionChange {
  const payable = lines.filter((line) => line.status === 'payable');
  const voidedLines = payable.filter((line) => line.payout_id === undefined);
  const now = origin.now.toISOString();
  const chargebacks = payable
    .filter((line) => line.payout_id !== undefined)
    .map((line) => ({
      ...newLine(current, { associate_id: line.associate_id, kind: 'chargeback', amount: -line.amount, counts_at: now }, origin.now),
      reverses_line_id: line.line_id,
    }));
  const staysPaid = payable.some((line) => line.payout_id !== undefined && paidPayoutIds.has(line.payout_id));
  const commission: Commission = {
    ...leavingUnrated(current),
    ...(staysPaid
      ? { status: 'paid' }
      : { status: 'voided', voided_at: cancellation.cancelled_at, ...(cancellation.reason !== undefined && { void_reason: cancellation.reason }) }),
    lines: [...current.lines, ...chargebacks.map(lineRef)],
    updated_at: now,
  };
  const takenBack = sumUnits(payable.map((line) => units(current, line.amount)));
  const reason = `Commission ${commission.commission_id} ${staysPaid ? 'charged back' : 'voided'}: order ${commission.order_id} cancelled${cancellation.reason ? ` (${cancellation.reason})` : ''}`;
  const [eventType, amount] = staysPaid ? (['commission.adjusted', -takenBack] as const) : (['commission.voided', takenBack] as const);
  return {
    commission,
    createdLines: chargebacks,
    voidedLines,
    event: commissionEvent(commission, eventType, cancellation.cancelled_at, amount, reason, origin, otherAssociates(current, payable)),
  };
}

/**
 * Whether the commission's order was cancelled already: it is voided, or it
 * stayed paid with chargebacks (only a cancellation adds one to its lines).
 */
export const isTakenBack = (commission: Commission): boolean =>
  commission.status === 'voided' || commission.lines.some((line) => line.kind === 'chargeback');
