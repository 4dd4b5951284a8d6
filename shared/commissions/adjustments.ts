import { TransactionConflictError } from '../db/atomic-write';
import { commissionLines, findCommission, saveAdjustment, saveCommissionChange } from '../db/commissions/commission-repository';
import { type IdempotencyClaim, idempotencyRecordPut } from '../db/idempotency-repository';
import { type AdjustRequest, type Adjustment, adjustmentOf, adjustmentUnits, newAdjustment } from '../domain/commissions/adjustment';
import type { Commission, CommissionLine } from '../domain/commissions/commission';
import { splitCommission } from '../domain/commissions/commission-changes';
import type { SplitSetRequest } from '../domain/commissions/split';
import { InvalidStateError, NotFoundError, RevisionConflictError, ValidationError } from '../domain/errors';
import { requireExpectedRevision } from '../domain/revision';
import type { ChangeOrigin } from '../domain/change-origin';

/**
 * `/commission/adjust`: a bonus, chargeback or correction line for an
 * associate, with `commission.adjusted` and the idempotency record in the
 * same transaction. A commission named must be the organisation's, in the
 * adjustment's currency; it is referred to, not changed.
 */
export async function adjustCommission(
  request: AdjustRequest,
  origin: ChangeOrigin,
  idempotency?: IdempotencyClaim,
): Promise<{ adjustment: Adjustment }> {
  const read = adjustmentUnits(request);
  if ('issue' in read) throw new ValidationError([read.issue]);
  let commission: Commission | undefined;
  if (request.commission_id !== undefined) {
    commission = await findCommission(origin.orgcode, request.commission_id);
    if (!commission) throw new NotFoundError();
    if (commission.currency !== request.currency) {
      throw new ValidationError([{ path: 'currency', message: `must be the commission's currency, ${commission.currency}` }]);
    }
  }
  const { line, event } = newAdjustment(request, read.units, commission, origin);
  const data = { adjustment: adjustmentOf(line) };
  await saveAdjustment(line, event, idempotency && idempotencyRecordPut(idempotency, data, origin.now));
  return data;
}

/** A line in a payout is the payout's: the commission's split can no longer move it. */
function refuseTakenLines(commission: Commission, lines: CommissionLine[]): void {
  const taken = lines.filter((line) => line.payout_id !== undefined);
  if (taken.length) {
    throw new InvalidStateError("A line of the commission is in a payout: its split can no longer be set", {
      status: commission.status,
      line_ids: taken.map((line) => line.line_id),
    });
  }
}

/**
 * `/commission/split/set`: shares an accrued commission between associates,
 * under its expected revision, replacing its lines in one transaction
 * (docs/decisions.md: Commissions). Unrated, voided and paid commissions, and
 * those with a line in a payout, keep their split (409 invalid-state).
 */
export async function setCommissionSplit(request: SplitSetRequest, origin: ChangeOrigin): Promise<{ commission: Commission }> {
  const expected = requireExpectedRevision(request.expected_revision);
  const commission = await findCommission(origin.orgcode, request.commission_id);
  if (!commission) throw new NotFoundError();
  if (commission.revision !== expected) throw new RevisionConflictError(expected, commission.revision);
  if (commission.status !== 'accrued') {
    throw new InvalidStateError(`A ${commission.status} commission's split cannot be set: only an accrued one's`, { status: commission.status });
  }
  const lines = await commissionLines(commission);
  refuseTakenLines(commission, lines);
  const change = splitCommission(commission, lines, request.allocations, request.reason, origin);
  try {
    return { commission: await saveCommissionChange(commission, change) };
  } catch (error) {
    // A line's void is conditioned on it still being free: a payout took one meanwhile.
    if (error instanceof TransactionConflictError) refuseTakenLines(commission, await commissionLines(commission));
    throw error;
  }
}
