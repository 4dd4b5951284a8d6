import * as z from 'zod/mini';
import {
  type SourceRef,
  builtOnFirstUse,
  clientId,
  dateTime,
  idempotencyKey,
  instant,
  longText,
  maxSourceRefs,
  requestContext,
  revision,
  sourceRef,
} from '../common-schemas';
import { InvalidStateError } from '../errors';
import { statusListing } from '../list-statuses';
import { type AccountingEvent, buildEvent } from '../events/accounting-event';
import { type MinorUnits, currencyCode, fromMinorUnits, sumUnits, toMinorUnits } from '../receivables/money';
import { orderedWindow } from '../time-window';
import type { ChangeOrigin } from '../change-origin';
import { type CommissionLine, type LineKind, lineKinds } from './commission';

/**
 * Commission payouts (docs/decisions.md: Commissions, payouts): what one
 * associate is paid in one currency for one period, the sum of the payable
 * lines it took. A line belongs to at most one live payout.
 */
export const payoutStatuses = ['pending', 'approved', 'paid', 'cancelled'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
export type SettablePayoutStatus = Exclude<PayoutStatus, 'pending'>;
/** Nothing moves a paid or a cancelled payout on. */
export const payoutListing = statusListing(payoutStatuses, ['paid', 'cancelled']);

/** Where each status can be set from: one step at a time, and cancelled only before paid. */
const moveSources: Record<SettablePayoutStatus, readonly PayoutStatus[]> = {
  approved: ['pending'],
  paid: ['approved'],
  cancelled: ['pending', 'approved'],
};

export function payoutMoveSources(target: SettablePayoutStatus): readonly PayoutStatus[] {
  return moveSources[target];
}

export function invalidPayoutMove(from: string, to: SettablePayoutStatus): InvalidStateError {
  const sources = moveSources[to];
  const message = `A ${from} payout cannot become ${to}: only ${sources.join(' or ')} can`;
  // Paying a payout nobody approved is the mistake worth its own code.
  return new InvalidStateError(message, { from, to }, to === 'paid' && from === 'pending' ? 'payout_not_approved' : undefined);
}

const sourceRefsAfter = (serviceRefs: number) => z._default(z.array(sourceRef).check(z.maxLength(maxSourceRefs - serviceRefs)), []);

export const payoutCreateRequest = builtOnFirstUse(() =>
  z
    .strictObject({
      associate_id: clientId,
      currency: currencyCode,
      /** The period: lines counting at from_utc or later, before to_utc. */
      from_utc: dateTime,
      to_utc: dateTime,
      reason: z.optional(longText),
      idempotency_key: z.optional(idempotencyKey),
      /** Room is left for the associate and payout refs the service adds. */
      source_refs: sourceRefsAfter(2),
      request_context: z.optional(requestContext),
    })
    .check(orderedWindow),
);
export type PayoutCreateRequest = z.infer<typeof payoutCreateRequest>;

export const payoutStatusSetRequest = builtOnFirstUse(() => z.strictObject({
  payout_id: clientId,
  status: z.enum(['approved', 'paid', 'cancelled']),
  expected_revision: z.optional(revision),
  reason: z.optional(longText),
  source_refs: sourceRefsAfter(2),
  request_context: z.optional(requestContext),
}));
export type PayoutStatusSetRequest = z.infer<typeof payoutStatusSetRequest>;

/** Sums of the payout's lines per kind, in major units of its currency. */
const kindTotalsSchema = builtOnFirstUse(() => z.object({
  commission: z.number(),
  bonus: z.number(),
  chargeback: z.number(),
  correction: z.number(),
}));

export const payoutSchema = builtOnFirstUse(() => z.object({
  payout_id: z.string(),
  orgcode: z.string(),
  associate_id: z.string(),
  currency: currencyCode,
  from_utc: instant,
  to_utc: instant,
  status: z.enum(payoutStatuses),
  /** What the associate is paid: the sum of its lines, chargebacks netted. */
  amount: z.number(),
  line_count: z.int(),
  by_kind: kindTotalsSchema,
  reason: z.optional(z.string()),
  source_refs: z.array(sourceRef),
  request_context: requestContext,
  approved_at: z.optional(instant),
  paid_at: z.optional(instant),
  cancelled_at: z.optional(instant),
  revision,
  created_at: instant,
  updated_at: instant,
}));
export type Payout = z.infer<typeof payoutSchema>;

/** What the lines a payout took add up to, exactly. */
export interface PayoutSum {
  amount: MinorUnits;
  lineCount: number;
  byKind: Record<LineKind, MinorUnits>;
}

export function sumPayoutLines(lines: readonly CommissionLine[], currency: string): PayoutSum {
  const units = (line: CommissionLine) => toMinorUnits(line.amount, currency) ?? 0n;
  const byKind = Object.fromEntries(
    lineKinds.map((kind) => [kind, sumUnits(lines.filter((line) => line.kind === kind).map(units))]),
  ) as Record<LineKind, MinorUnits>;
  return { amount: sumUnits(lines.map(units)), lineCount: lines.length, byKind };
}

/** The record a line or an event names for the payout, and for its associate. */
export function payoutRefs(payout: Pick<Payout, 'payout_id' | 'associate_id'>): SourceRef[] {
  return [
    { kind: 'associate', id: payout.associate_id },
    { kind: 'payout', id: payout.payout_id },
  ];
}

/** A payout as first stored: pending, with what its lines add up to. */
export function newPayout(payoutId: string, request: PayoutCreateRequest, sum: PayoutSum, origin: ChangeOrigin): Payout {
  const now = origin.now.toISOString();
  const major = (units: MinorUnits) => fromMinorUnits(units, request.currency);
  return {
    payout_id: payoutId,
    orgcode: origin.orgcode,
    associate_id: request.associate_id,
    currency: request.currency,
    from_utc: request.from_utc,
    to_utc: request.to_utc,
    status: 'pending',
    amount: major(sum.amount),
    line_count: sum.lineCount,
    by_kind: {
      commission: major(sum.byKind.commission),
      bonus: major(sum.byKind.bonus),
      chargeback: major(sum.byKind.chargeback),
      correction: major(sum.byKind.correction),
    },
    ...(request.reason !== undefined && { reason: request.reason }),
    source_refs: request.source_refs,
    request_context: origin.requestContext,
    revision: 1,
    created_at: now,
    updated_at: now,
  };
}

const stampOf: Record<SettablePayoutStatus, 'approved_at' | 'paid_at' | 'cancelled_at'> = {
  approved: 'approved_at',
  paid: 'paid_at',
  cancelled: 'cancelled_at',
};

/** The payout moved to `status` (the move is checked by the caller), at its next revision. */
export function movedPayout(current: Payout, status: SettablePayoutStatus, now: Date): Payout {
  return { ...current, status, [stampOf[status]]: now.toISOString(), revision: current.revision + 1, updated_at: now.toISOString() };
}

/**
 * `commission.payout_status_changed` for a payout as it now is, dated at the
 * change, for the payout's amount; its source refs are the associate, the
 * payout, then the caller's.
 */
export function payoutEvent(
  payout: Payout,
  reason: string,
  callerRefs: readonly SourceRef[],
  origin: ChangeOrigin,
): AccountingEvent {
  return buildEvent(
    {
      event_type: 'commission.payout_status_changed',
      occurred_at: payout.updated_at,
      amount: { currency: payout.currency, amount: payout.amount },
      reason,
      source_refs: [...payoutRefs(payout), ...callerRefs],
      request_context: origin.requestContext,
    },
    origin,
  );
}
