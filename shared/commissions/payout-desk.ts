import { commissionLines, findCommission, markCommissionPaid } from '../db/commissions/commission-repository';
import {
  type Desk,
  type DeskWork,
  abandonStalledAssembly,
  finishDeskWork,
  linesOfPayout,
  outstandingDeskWork,
  readPayoutStatuses,
  releaseLines,
  writeLineageLinks,
} from '../db/commissions/commission-payout-repository';
import { retryingConflicts } from '../db/conflict-retry';
import { inParallel } from '../db/in-parallel';
import * as keys from '../db/keys';
import { findDueEntries, takeDueEntry } from '../db/work-queue';
import type { CommissionLine } from '../domain/commissions/commission';
import type { SourceRef } from '../domain/common-schemas';
import { InvalidStateError } from '../domain/errors';
import { withinDeadline } from '../invocation-fence';

/**
 * The work a payout change leaves on its associate's desk (docs/decisions.md:
 * Commissions, payouts), each piece idempotent: written in the change's
 * transaction, done right after it, and done by the sweep if the call stopped
 * first.
 */

/** When the sweep takes desk work nobody finished: after any call that wrote it has surely stopped. */
export const sweepDueAt = (now: Date) => new Date(now.getTime() + 2 * 60_000);

/** The record a line leads back to in the lineage: its commission, or the adjustment it is. */
function tracedRecord(line: CommissionLine): SourceRef {
  return line.commission_id !== undefined ? { kind: 'commission', id: line.commission_id } : { kind: 'adjustment', id: line.line_id };
}

function distinctRefs(lines: readonly CommissionLine[]): SourceRef[] {
  const refs = new Map(lines.map((line) => tracedRecord(line)).map((ref) => [`${ref.kind}#${ref.id}`, ref]));
  return [...refs.values()];
}

/** An accrued commission is paid once every payable line of it is in a paid payout. */
async function settleCommission(orgcode: string, commissionId: string, now: Date): Promise<void> {
  await retryingConflicts(async () => {
    const commission = await findCommission(orgcode, commissionId);
    if (!commission || commission.status !== 'accrued') return true;
    const payable = (await commissionLines(commission)).filter((line) => line.status === 'payable');
    const statuses = await readPayoutStatuses(orgcode, payable.flatMap((line) => (line.payout_id ? [line.payout_id] : [])));
    const allPaid = payable.length > 0 && payable.every((line) => line.payout_id !== undefined && statuses.get(line.payout_id) === 'paid');
    if (!allPaid) return true;
    try {
      await markCommissionPaid(commission, now);
    } catch (error) {
      // Voided or paid meanwhile: nothing left to mark.
      if (!(error instanceof InvalidStateError)) throw error;
    }
    return true;
  });
}

export async function runDeskWork(work: DeskWork, now: Date): Promise<void> {
  const lines = await linesOfPayout(work, work, work.payout_id);
  if (work.kind === 'RELEASE') await releaseLines(lines, work.payout_id, now);
  if (work.kind === 'LINK' && work.link) {
    const link = work.link;
    await writeLineageLinks(distinctRefs(lines).map((ref) => ({ ref, item: link })), work.orgcode);
  }
  if (work.kind === 'SETTLE') {
    const commissionIds = new Set(lines.filter((line) => line.kind === 'commission').flatMap((line) => (line.commission_id ? [line.commission_id] : [])));
    await inParallel([...commissionIds], (commissionId) => settleCommission(work.orgcode, commissionId, now));
  }
  await finishDeskWork(work);
}

/** Desk work that failed after its change committed: logged, and still queued for the sweep. */
export function leftForTheSweep(work: Pick<DeskWork, 'kind' | 'payout_id'>, error: unknown): void {
  console.error(
    JSON.stringify({ level: 'error', message: 'payout desk work left for the sweep', kind: work.kind, payout_id: work.payout_id, error: String(error) }),
  );
}

/**
 * Desk work a call does before it answers, until `until` (the call's
 * deadline): a payout of thousands of lines may take longer than a call can
 * wait, and then the sweep finishes it (every piece is idempotent, and each
 * stays queued until it is finished). Its fence stops it at `until` with
 * nothing of it left running, so no piece of it commits after the answer.
 * Failures are logged and left for the sweep too: the change itself has committed.
 */
export async function runDeskWorkWithin(work: DeskWork, now: Date, until: Date): Promise<void> {
  try {
    await withinDeadline(until, () => runDeskWork(work, now));
  } catch (error) {
    leftForTheSweep(work, error);
  }
}

/** Whatever the desk still owes, oldest kind first, until `until`; what is left then is the sweep's. */
export async function runOutstandingDeskWork(desk: Desk, now: Date, until: Date): Promise<void> {
  for (const work of await outstandingDeskWork(desk)) {
    if (Date.now() >= until.getTime()) return;
    await runDeskWorkWithin(work, now, until);
  }
}

/** Desk entries the sweep takes per run; the rest wait a minute. */
const entriesPerSweep = 100;
/** How long a sweep run holds an entry it took: past the function's 5-minute timeout, so a live run's hold never lapses. */
const sweepHoldMs = 6 * 60_000;

/**
 * One run of the payout sweep (every minute): frees the desks whose assembly
 * stopped, with the lines it had claimed, and finishes desk work a call left.
 * Each due entry is taken before its work starts, so two runs that overlap
 * never start the same work twice (`overlapped`: entries another run took); an
 * entry whose work failed is due again once the hold lapses.
 */
export async function sweepPayoutDesks(now: Date): Promise<{ done: number; failed: number; overlapped: number }> {
  let done = 0;
  let failed = 0;
  let overlapped = 0;
  const holdUntil = new Date(now.getTime() + sweepHoldMs);
  for (const entry of await findDueEntries(keys.payoutWorkQueue, now, entriesPerSweep)) {
    const desk: Desk = { orgcode: String(entry.orgcode), associate_id: String(entry.associate_id), currency: String(entry.currency) };
    try {
      if (!(await takeDueEntry(entry, holdUntil))) {
        overlapped += 1;
        continue;
      }
      const work = entry.sk === 'DESK' ? await abandonStalledAssembly(desk, now) : (entry as unknown as DeskWork);
      if (work) await runDeskWork(work, now);
      done += 1;
    } catch (error) {
      failed += 1;
      console.error(JSON.stringify({ level: 'error', message: 'payout desk work failed', sk: entry.sk, error: String(error) }));
    }
  }
  return { done, failed, overlapped };
}
