import type { SourceRef } from '../common-schemas';
import { type AccountingEvent, buildEvent } from '../events/accounting-event';
import { newId } from '../identifiers';
import { type MinorUnits, fromMinorUnits, toMinorUnits } from '../receivables/money';
import { maxRateBps } from './commission-rule';
import { type Commission, type CommissionLine, lineRef } from './commission';
import { type Rating, type Sale, storedSaleLines } from './rating';
import { type Allocation, allocate } from './split';
import type { ChangeOrigin } from '../change-origin';

/** What a change does: the commission as it becomes, the lines it creates or voids, and the event it records. */
export interface CommissionChange {
  commission: Commission;
  createdLines: CommissionLine[];
  /** Free lines the change voids, as they were read. */
  voidedLines: CommissionLine[];
  event?: AccountingEvent;
}

/** An order that earns a commission: one with an associate. */
export interface CommissionedOrder {
  orgcode: string;
  order_id: string;
  associate_id: string;
  channel_code?: string;
}

/** Only an unrated commission says why it is unrated. */
export function leavingUnrated(commission: Commission): Omit<Commission, 'unrated_reason'> {
  const { unrated_reason: _reason, ...rest } = commission;
  return rest;
}

/** An amount of the commission's currency in minor units. */
export const units = (commission: Commission, amount: number) => toMinorUnits(amount, commission.currency) ?? 0n;

function commissionRefs(commission: Commission): SourceRef[] {
  return [
    { kind: 'order', id: commission.order_id },
    { kind: 'commission', id: commission.commission_id },
    { kind: 'associate', id: commission.associate_id },
  ];
}

/** The event of a change to the commission, with the order, the commission and its associate among its refs. */
export function commissionEvent(
  commission: Commission,
  eventType: 'commission.accrued' | 'commission.voided' | 'commission.adjusted',
  occurredAt: string,
  amount: MinorUnits,
  reason: string,
  origin: ChangeOrigin,
  extraRefs: SourceRef[] = [],
): AccountingEvent {
  return buildEvent(
    {
      event_type: eventType,
      occurred_at: occurredAt,
      amount: { currency: commission.currency, amount: fromMinorUnits(amount, commission.currency) },
      channel_code: commission.channel_code,
      reason,
      source_refs: [...commissionRefs(commission), ...extraRefs],
      request_context: origin.requestContext,
    },
    origin,
  );
}

/** The order's commission as first known: unrated until a rule covers its sale. */
export function newCommission(order: CommissionedOrder, sale: Sale, origin: ChangeOrigin): Commission {
  const now = origin.now.toISOString();
  return {
    commission_id: newId('com', origin.now),
    orgcode: origin.orgcode,
    order_id: order.order_id,
    associate_id: order.associate_id,
    placed_at: sale.placedAt,
    ...(order.channel_code !== undefined && { channel_code: order.channel_code }),
    currency: sale.currency,
    sale_lines: storedSaleLines(sale),
    splits: [],
    lines: [],
    status: 'unrated',
    unrated_reason: 'no_rule_in_force',
    revision: 1,
    created_at: now,
    updated_at: now,
  };
}

/** A new payable line of the commission. */
export function newLine(commission: Commission, fields: Pick<CommissionLine, 'associate_id' | 'kind' | 'amount' | 'counts_at'>, now: Date): CommissionLine {
  return {
    line_id: newId('cml', now),
    orgcode: commission.orgcode,
    commission_id: commission.commission_id,
    order_id: commission.order_id,
    currency: commission.currency,
    status: 'payable',
    ...fields,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

/**
 * Rates an unrated commission: the rule as used, the amount, the associate's
 * whole share as one line counting at the sale's placed_at, and
 * `commission.accrued` dated then too.
 */
export function accrueCommission(current: Commission, rating: Rating, origin: ChangeOrigin): CommissionChange {
  // A commission unrated again keeps the shares set for it; a new one is all its associate's.
  const shares = current.splits.length ? current.splits : [{ associate_id: current.associate_id, share_bps: maxRateBps }];
  const parts = allocate(rating.amount, shares);
  const splits = shares.map((share, index) => ({
    associate_id: share.associate_id,
    share_bps: share.share_bps,
    amount: fromMinorUnits(parts[index] ?? 0n, current.currency),
  }));
  const amount = fromMinorUnits(rating.amount, current.currency);
  const lines = splits.map((split) =>
    newLine(current, { associate_id: split.associate_id, kind: 'commission', amount: split.amount, counts_at: current.placed_at }, origin.now),
  );
  const commission: Commission = {
    ...leavingUnrated(current),
    status: 'accrued',
    base_amount: fromMinorUnits(rating.base, current.currency),
    rule_id: rating.rule.rule_id,
    ...(rating.rule.tiers ? { tiers: rating.rule.tiers } : { rate_bps: rating.rule.rate_bps }),
    amount,
    splits,
    lines: lines.map(lineRef),
    updated_at: origin.now.toISOString(),
  };
  const reason = `Commission ${commission.commission_id} accrued for order ${commission.order_id} under rule ${rating.rule.rule_id}`;
  return {
    commission,
    createdLines: lines,
    voidedLines: [],
    event: commissionEvent(commission, 'commission.accrued', commission.placed_at, rating.amount, reason, origin),
  };
}

/**
 * Sets how an accrued commission is shared (docs/decisions.md: Commissions):
 * the amount divided by largest remainder, one new payable line per share
 * counting at the sale's placed_at, replacing the commission's current lines,
 * whose free payable ones (`lines`, as stored) are voided. The total owed does
 * not change, so `commission.adjusted` records 0, with every associate whose
 * lines it voids or creates among its source refs.
 */
export function splitCommission(
  current: Commission,
  lines: CommissionLine[],
  shares: readonly Allocation[],
  note: string | undefined,
  origin: ChangeOrigin,
): CommissionChange {
  const parts = allocate(units(current, current.amount ?? 0), shares);
  const splits = shares.map((share, index) => ({
    associate_id: share.associate_id,
    share_bps: share.share_bps,
    amount: fromMinorUnits(parts[index] ?? 0n, current.currency),
  }));
  const created = splits.map((split) =>
    newLine(current, { associate_id: split.associate_id, kind: 'commission', amount: split.amount, counts_at: current.placed_at }, origin.now),
  );
  const voidedLines = lines.filter((line) => line.status === 'payable' && line.payout_id === undefined);
  const commission: Commission = { ...current, splits, lines: created.map(lineRef), updated_at: origin.now.toISOString() };
  // The order's associate is among the commission's refs already.
  const associates = [...new Set([...voidedLines, ...created].map((line) => line.associate_id))].filter((id) => id !== current.associate_id);
  const described = splits.map((split) => `${split.associate_id} ${split.share_bps} bps`).join(', ');
  const reason = `Commission ${current.commission_id} split set: ${described}${note ? ` (${note})` : ''}`;
  const event = commissionEvent(commission, 'commission.adjusted', origin.now.toISOString(), 0n, reason, origin, associates.map((id) => ({ kind: 'associate', id })));
  return { commission, createdLines: created, voidedLines, event };
}

/** The associates besides the order's whose lines a change voids or creates: each one's lineage shows it. */
export function otherAssociates(commission: Commission, lines: readonly CommissionLine[]): SourceRef[] {
  const ids = [...new Set(lines.map((line) => line.associate_id))].filter((id) => id !== commission.associate_id);
  return ids.map((id) => ({ kind: 'associate', id }));
}

/** The rating a commission carries, to tell whether the rules in force now rate it otherwise. */
function ratedAs(commission: Commission): string {
  return JSON.stringify([commission.rule_id, commission.base_amount, commission.rate_bps, commission.tiers, commission.amount]);
}

/**
 * An accrued commission, none of whose lines a payout holds, rated anew by the
 * rules in force now (docs/decisions.md: Commissions, re-rating), so the end
 * state does not depend on whether a rule change came before or after the
 * order: no rule covers it any more, and it is unrated again (its lines voided,
 * `commission.voided` for what it had accrued); another rule or amount, and
 * its lines are replaced under the same split shares (`commission.adjusted`
 * for the difference). Undefined when the rating it has is the one in force.
 */
export function rerateCommission(
  current: Commission,
  lines: CommissionLine[],
  rating: Rating | undefined,
  origin: ChangeOrigin,
): CommissionChange | undefined {
  const free = lines.filter((line) => line.status === 'payable' && line.payout_id === undefined);
  const now = origin.now.toISOString();
  const before = units(current, current.amount ?? 0);
  const { base_amount: _base, rule_id: _rule, rate_bps: _rate, tiers: _tiers, amount: _amount, ...unrated } = current;
  if (!rating) {
    // Shares set by /commission/split/set wait for the next rating; the default one is no choice to keep.
    const byOwnAssociate = current.splits.length === 1 && current.splits[0]?.associate_id === current.associate_id;
    const splits = byOwnAssociate ? [] : current.splits.map((split) => ({ ...split, amount: 0 }));
    const commission: Commission = { ...unrated, status: 'unrated', unrated_reason: 'no_rule_in_force', splits, lines: [], updated_at: now };
    const reason = `Commission ${current.commission_id} unrated: rule ${current.rule_id} no longer covers order ${current.order_id}`;
    const event = commissionEvent(commission, 'commission.voided', now, before, reason, origin, otherAssociates(current, free));
    return { commission, createdLines: [], voidedLines: free, event };
  }
  const { commission, createdLines } = accrueCommission(unrated, rating, origin);
  if (ratedAs(commission) === ratedAs(current)) return undefined;
  const reason = `Commission ${current.commission_id} re-rated under rule ${rating.rule.rule_id} (was ${current.rule_id}): ${commission.amount} instead of ${current.amount}`;
  const refs = otherAssociates(current, [...free, ...createdLines]);
  return { commission, createdLines, voidedLines: free, event: commissionEvent(commission, 'commission.adjusted', now, rating.amount - before, reason, origin, refs) };
}
