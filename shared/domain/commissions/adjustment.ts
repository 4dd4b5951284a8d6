import * as z from 'zod/mini';
import {
  type RequestContext,
  type SourceRef,
  amount,
  builtOnFirstUse,
  clientId,
  idempotencyKey,
  instant,
  longText,
  maxSourceRefs,
  requestContext,
  sourceRef,
} from '../common-schemas';
import type { ValidationIssue } from '../errors';
import { type AccountingEvent, buildEvent } from '../events/accounting-event';
import { newId } from '../identifiers';
import { type MinorUnits, currencyCode, fromMinorUnits, minorDigits, toMinorUnits } from '../receivables/money';
import { type AdjustmentKind, type Commission, type CommissionLine, adjustmentKinds, lineStatuses } from './commission';
import type { ChangeOrigin } from '../change-origin';

/**
 * Commission adjustments (docs/decisions.md: Commissions): a bonus, chargeback
 * or correction is a line in its associate's partition like a commission's,
 * counting when it is made, with the why and the who kept on the line.
 */
export const adjustRequest = builtOnFirstUse(() => z.strictObject({
  associate_id: clientId,
  kind: z.enum(adjustmentKinds),
  /** Signed: a bonus adds, a chargeback takes back, a correction does either. */
  amount,
  currency: currencyCode,
  reason: longText,
  commission_id: z.optional(clientId),
  idempotency_key: z.optional(idempotencyKey),
  /** Room is left for the refs the service adds (associate, commission, order, adjustment) within an event's. */
  source_refs: z._default(z.array(sourceRef).check(z.maxLength(maxSourceRefs - 4)), []),
  request_context: z.optional(requestContext),
}));
export type AdjustRequest = z.infer<typeof adjustRequest>;

/** An adjustment line as stored: a line, plus what a line of a commission takes from its commission. */
export interface AdjustmentLine extends CommissionLine {
  kind: AdjustmentKind;
  reason: string;
  source_refs: SourceRef[];
  request_context: RequestContext;
}

export const adjustmentSchema = builtOnFirstUse(() => z.object({
  adjustment_id: z.string(),
  orgcode: z.string(),
  associate_id: z.string(),
  kind: z.enum(adjustmentKinds),
  amount: z.number(),
  currency: currencyCode,
  reason: z.string(),
  commission_id: z.optional(z.string()),
  order_id: z.optional(z.string()),
  counts_at: instant,
  status: z.enum(lineStatuses),
  payout_id: z.optional(z.string()),
  source_refs: z.array(sourceRef),
  request_context: requestContext,
  created_at: instant,
  updated_at: instant,
}));
export type Adjustment = z.infer<typeof adjustmentSchema>;

const signRules: Record<AdjustmentKind, { holds: (units: MinorUnits) => boolean; message: string }> = {
  bonus: { holds: (units) => units > 0n, message: 'must be greater than zero for a bonus' },
  chargeback: { holds: (units) => units < 0n, message: 'must be less than zero for a chargeback' },
  correction: { holds: (units) => units !== 0n, message: 'must not be zero' },
};

/** The amount in minor units of the currency, or the issue with it (too many decimals, the wrong sign for its kind). */
export function adjustmentUnits(request: AdjustRequest): { units: MinorUnits } | { issue: ValidationIssue } {
  const units = toMinorUnits(request.amount, request.currency);
  if (units === undefined) {
    return { issue: { path: 'amount', message: `has more decimals than ${request.currency} has (${minorDigits(request.currency)})` } };
  }
  const rule = signRules[request.kind];
  return rule.holds(units) ? { units } : { issue: { path: 'amount', message: rule.message } };
}

/**
 * The adjustment's line, counting now, and its `commission.adjusted` event,
 * whose source refs lead to the associate, the commission and its order (when
 * given), the adjustment, then the caller's own.
 */
export function newAdjustment(
  request: AdjustRequest,
  units: MinorUnits,
  commission: Commission | undefined,
  origin: ChangeOrigin,
): { line: AdjustmentLine; event: AccountingEvent } {
  const now = origin.now.toISOString();
  const line: AdjustmentLine = {
    line_id: newId('adj', origin.now),
    orgcode: origin.orgcode,
    ...(commission && { commission_id: commission.commission_id, order_id: commission.order_id }),
    associate_id: request.associate_id,
    kind: request.kind,
    amount: fromMinorUnits(units, request.currency),
    currency: request.currency,
    status: 'payable',
    counts_at: now,
    reason: request.reason,
    source_refs: request.source_refs,
    request_context: origin.requestContext,
    created_at: now,
    updated_at: now,
  };
  const refs: SourceRef[] = [
    { kind: 'associate', id: line.associate_id },
    ...(commission ? [{ kind: 'commission', id: commission.commission_id }, { kind: 'order', id: commission.order_id }] : []),
    { kind: 'adjustment', id: line.line_id },
    ...request.source_refs,
  ];
  const event = buildEvent(
    {
      event_type: 'commission.adjusted',
      occurred_at: now,
      amount: { currency: line.currency, amount: line.amount },
      channel_code: commission?.channel_code,
      reason: request.reason,
      source_refs: refs,
      request_context: origin.requestContext,
    },
    origin,
  );
  return { line, event };
}

/** The adjustment as answered: its line under the name the caller knows it by. */
export function adjustmentOf(line: AdjustmentLine): Adjustment {
  const { line_id, ...fields } = line;
  return { adjustment_id: line_id, ...fields };
}
