import {
  type Desk,
  type DeskWork,
  type LinePeriod,
  DeskHeldError,
  DeskLostError,
  abandonAssembly,
  claimLines,
  completeAssembly,
  deskWorkPut,
  findPayout,
  freeLines,
  payoutListings,
  takeDesk,
} from '../db/commissions/commission-payout-repository';
import { eventRecordWrites } from '../db/events/event-repository';
import { shardLayout } from '../db/shard-layout';
import { type IdempotencyClaim, idempotencyRecordPut } from '../db/idempotency-repository';
import { inboxItemPuts } from '../db/inbox/inbox-repository';
import { outboxPut } from '../db/outbox-repository';
import { updateRevisioned } from '../db/revisioned-update';
import * as keys from '../db/keys';
import { withoutStorageAttributes } from '../db/item';
import type { ChangeOrigin } from '../domain/change-origin';
import {
  type Payout,
  type PayoutCreateRequest,
  type PayoutStatusSetRequest,
  invalidPayoutMove,
  movedPayout,
  newPayout,
  payoutEvent,
  payoutMoveSources,
  sumPayoutLines,
} from '../domain/commissions/payout';
import { InvalidStateError, NotFoundError, PayoutInProgressError, RevisionConflictError } from '../domain/errors';
import { payoutApprovedNotice } from '../domain/inbox/notices';
import { lineageItem } from '../domain/events/accounting-event';
import { newId } from '../domain/identifiers';
import { fromMinorUnits } from '../domain/receivables/money';
import { requireExpectedRevision } from '../domain/revision';
import type { OutgoingEvent } from '../domain/outgoing-event';
import { fenceRemainingMs } from '../invocation-fence';
import { leftForTheSweep, runDeskWorkWithin, runOutstandingDeskWork, sweepDueAt } from './payout-desk';

/**
 * How long an assembly holds its desk: until its invocation's fence ends, since
 * nothing of the call runs after that (shared/invocation-fence.ts), so the
 * retry of a call that ran out of time takes the desk over instead of waiting
 * out a fixed lease; 2 minutes where nothing fences the work. Every claim and
 * the last transaction check the desk, so a write still in flight at the
 * fence's end cannot take a line once the desk is another's.
 */
const deskLeaseMs = (): number => Math.min(120_000, fenceRemainingMs());
/**
 * Kept of a creation's deadline for the assembly's last transaction (the
 * payout, its event and the desk's release): claims stop this long before it.
 */
const assemblyReserveMs = 1_000;

/** How long a payout call may work: until its deadline; past it, the desk's sweep does the rest. */
export interface PayoutCallLimits {
  deadline: Date;
  idempotency?: IdempotencyClaim;
}

function payoutNotice(payout: Payout): OutgoingEvent {
  return {
    detailType: 'commission.payout.status_changed',
    detail: {
      orgcode: payout.orgcode,
      payout_id: payout.payout_id,
      status: payout.status,
      revision: payout.revision,
      occurred_at: payout.updated_at,
    },
  };
}

/**
 * `/commission/payout/create` (docs/decisions.md: Commissions, payouts): takes
 * every payable line of the associate in the currency and period that no
 * payout holds, commission shares and adjustments alike (chargebacks net
 * against the rest), on the associate's desk, which one assembly holds at a
 * time. Nothing to pay (no free line, or a net of zero or less): 409
 * invalid-state, and the lines stay free. Claims stop shortly before the
 * call's deadline: a desk bigger than one call can claim gets a payout of the
 * lines claimed by then, and the rest stay free for the next payout.
 */
export async function createPayout(request: PayoutCreateRequest, origin: ChangeOrigin, { deadline, idempotency }: PayoutCallLimits): Promise<{ payout: Payout }> {
  const desk: Desk = { orgcode: origin.orgcode, associate_id: request.associate_id, currency: request.currency };
  const period = { from_utc: request.from_utc, to_utc: request.to_utc };
  const payoutId = newId('cpo', origin.now);
  try {
    await takeDesk(desk, period, payoutId, origin.now, new Date(origin.now.getTime() + deskLeaseMs()));
  } catch (error) {
    if (error instanceof DeskHeldError) throw new PayoutInProgressError(request.associate_id, request.currency);
    throw error;
  }
  const claimsUntil = new Date(deadline.getTime() - assemblyReserveMs);
  let ended = false;
  try {
    // Lines a cancelled or stopped payout still holds are freed first, so this payout can take them.
    await runOutstandingDeskWork(desk, origin.now, claimsUntil);
    const claimed = await claimLines(desk, payoutId, await freeLines(desk, period), origin.now, claimsUntil);
    const sum = sumPayoutLines(claimed, request.currency);
    if (sum.amount <= 0n) {
      throw new InvalidStateError(
        claimed.length
          ? `Nothing to pay: the associate's free lines in ${request.currency} for the period net to ${fromMinorUnits(sum.amount, request.currency)}`
          : `Nothing to pay: the associate has no free payable line in ${request.currency} for the period`,
        { line_count: claimed.length, amount: fromMinorUnits(sum.amount, request.currency) },
        'nothing_payable',
      );
    }
    const payout = newPayout(payoutId, request, sum, origin);
    const event = payoutEvent(payout, creationReason(payout), request.source_refs, origin);
    const link: DeskWork = { ...desk, ...period, kind: 'LINK', payout_id: payoutId, link: lineageItem(event, { kind: 'payout', id: payoutId }) };
    const data = { payout };
    await completeAssembly(
      desk,
      payout,
      event,
      outboxPut(payoutNotice(payout), origin.now),
      [deskWorkPut(link, sweepDueAt(origin.now))],
      idempotency && idempotencyRecordPut(idempotency, data, origin.now),
    );
    ended = true;
    await runDeskWorkWithin(link, origin.now, deadline);
    return data;
  } finally {
    if (!ended) await abandon(desk, period, payoutId, origin.now, deadline);
  }
}

/**
 * Leaves the desk and frees what the assembly claimed. If the desk cannot be
 * left (another assembly took it over and frees these lines itself, or
 * storage failed), the lease runs out and the sweep frees them.
 */
async function abandon(desk: Desk, period: LinePeriod, payoutId: string, now: Date, deadline: Date): Promise<void> {
  const release = await abandonAssembly(desk, period, payoutId, now).catch((error: unknown) => {
    if (!(error instanceof DeskLostError)) leftForTheSweep({ kind: 'RELEASE', payout_id: payoutId }, error);
    return undefined;
  });
  if (release) await runDeskWorkWithin(release, now, deadline);
}

/** An approval tells the payout's creator in their inbox, in the move's transaction: once, as the move happens once. */
function inboxNoticeOf(payout: Payout, origin: ChangeOrigin) {
  const notice = payout.status === 'approved' ? payoutApprovedNotice(payout, origin) : undefined;
  return notice ? inboxItemPuts(notice) : [];
}

const creationReason = (payout: Payout) =>
  `Payout ${payout.payout_id} created for associate ${payout.associate_id}: ${payout.line_count} line(s) counting from ${payout.from_utc} to ${payout.to_utc}${payout.reason ? ` (${payout.reason})` : ''}`;

/**
 * `/commission/payout/status/set`: pending → approved → paid, and pending or
 * approved → cancelled, under the expected revision; each move records
 * `commission.payout_status_changed` and announces
 * `commission.payout.status_changed` in its transaction, with the payout's
 * copies in its lists. Cancelling frees the payout's lines; paying marks the
 * commissions whose every line is now paid. Both are desk work written in the
 * same transaction and done before the answer, until the call's deadline, or
 * by the sweep.
 */
export async function setPayoutStatus(request: PayoutStatusSetRequest, origin: ChangeOrigin, { deadline }: PayoutCallLimits): Promise<{ payout: Payout }> {
  const expected = requireExpectedRevision(request.expected_revision);
  const current = await findPayout(origin.orgcode, request.payout_id);
  if (!current) throw new NotFoundError();
  if (current.revision !== expected) throw new RevisionConflictError(expected, current.revision);
  const target = request.status;
  if (!payoutMoveSources(target).includes(current.status)) throw invalidPayoutMove(current.status, target);
  const payout = movedPayout(current, target, origin.now);
  const reason = `Payout ${payout.payout_id} ${target}${request.reason ? ` (${request.reason})` : ''}`;
  const event = payoutEvent(payout, reason, request.source_refs, origin);
  const desk: Desk = { orgcode: payout.orgcode, associate_id: payout.associate_id, currency: payout.currency };
  const followUp: DeskWork | undefined =
    target === 'cancelled' || target === 'paid'
      ? { ...desk, from_utc: payout.from_utc, to_utc: payout.to_utc, kind: target === 'cancelled' ? 'RELEASE' : 'SETTLE', payout_id: payout.payout_id }
      : undefined;
  const stored = await updateRevisioned({
    key: keys.commissionPayout(payout.orgcode, payout.payout_id),
    expectedRevision: expected,
    statusMove: { from: payoutMoveSources(target), invalid: (from) => invalidPayoutMove(from, target) },
    set: { status: target, [`${target}_at`]: payout.updated_at },
    companions: [
      ...eventRecordWrites(event, await shardLayout(payout.orgcode)),
      outboxPut(payoutNotice(payout), origin.now),
      ...(followUp ? [deskWorkPut(followUp, sweepDueAt(origin.now))] : []),
      ...inboxNoticeOf(payout, origin),
    ],
    listings: { after: payoutListings(current) },
    now: origin.now,
  });
  if (followUp) await runDeskWorkWithin(followUp, origin.now, deadline);
  return { payout: withoutStorageAttributes<Payout>(stored) };
}
