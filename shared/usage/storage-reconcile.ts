import { TransactionConflictError } from '../db/atomic-write';
import { inParallel } from '../db/in-parallel';
import type { StartKey } from '../db/query-page';
import { inventoryTable, measureFamilyPage, tableFamilies } from '../db/inventory/storage-inventory';
import { saveReconciledStorageUsage } from '../db/usage/storage-usage-repository';
import { InvalidTokenError } from '../domain/errors';
import { type ReconcileRun, reconciledUsage, windowDays } from '../domain/usage/storage-reconcile';
import {
  type ReconcileState,
  type ReconcileStep,
  type ReconcileUnit,
  afterObjectPage,
  afterTablePage,
  nextUnit,
  startState,
  withFailedUnit,
  withRecordsWritten,
} from '../domain/usage/storage-reconcile-state';
import { listObjectsPage } from '../s3/object-listing';

/**
 * The storage reconcile (docs/decisions.md: Storage reconcile): measures an
 * organisation's objects and table items a unit of work (one read request) at
 * a time, from where the cursor left off, and writes the usage record of each
 * prefix and of each cost centre's items as soon as it is measured in full.
 */

/** How a table Query's resume key travels in the cursor: as a page token, so the table's keys cannot be read from it. */
export interface ResumeKeys {
  read(token: string | undefined): StartKey | undefined;
  next(key: StartKey | undefined): string | undefined;
}

export interface ReconcileCall extends ReconcileRun {
  /** Units of work this call may do. */
  limit: number;
  /** No unit after the first starts at or after it (the call's deadline): the cursor resumes the rest. */
  deadline: Date;
  /** Measure without writing any record. */
  dryRun: boolean;
  /** Where an earlier call stopped; none starts the run. */
  resumeFrom?: ReconcileState;
  resumeKeys: ResumeKeys;
}

/** Throttling, a fault on the store's side, or a concurrent write of the same records: the unit may succeed when tried again. */
function isTransient(error: unknown): boolean {
  if (error instanceof TransactionConflictError) return true;
  const failure = error as { $fault?: string; $retryable?: unknown; name?: string };
  return (
    failure.$fault === 'server' ||
    failure.$retryable !== undefined ||
    /Throttl|ThroughputExceeded|RequestLimitExceeded|SlowDown/.test(failure.name ?? '')
  );
}

async function readUnit(call: ReconcileCall, state: ReconcileState, unit: ReconcileUnit, days: string[]): Promise<ReconcileStep> {
  const { orgcode } = call.origin;
  if (unit.source === 'object_store') {
    const page = await listObjectsPage(unit.prefix, unit.delimited, unit.token);
    return afterObjectPage(state, page, orgcode, tableFamilies);
  }
  const family = tableFamilies.find((candidate) => candidate.name === unit.family);
  const day = days[unit.dayIndex];
  // Only a cursor of a release that read other families, or a longer window, names what is not here.
  if (!family || day === undefined) throw new InvalidTokenError('cursor');
  const page = await measureFamilyPage(orgcode, family.name, day, call.resumeKeys.read(unit.token));
  const nextToken = call.resumeKeys.next(page.lastKey);
  return afterTablePage(state, { byCostCentre: page.byCostCentre, nextToken }, family, days.length, inventoryTable());
}

/**
 * Runs up to `limit` units, until the call's deadline: 1. read the unit the state names; 2. unless a dry
 * run, write the records of what it finished measuring; 3. only then move
 * the state on, so a unit whose read or writes fail is read again by the next
 * call. A unit that fails transiently ends the call (counted in `errors`); any
 * other failure is the call's.
 */
export async function reconcileStorage(call: ReconcileCall): Promise<ReconcileState> {
  const days = windowDays(call.window);
  let state = call.resumeFrom ?? startState(call.origin.orgcode);
  for (let units = 0; units < call.limit; units += 1) {
    if (units > 0 && Date.now() >= call.deadline.getTime()) break;
    const unit = nextUnit(state, call.origin.orgcode);
    if (!unit) break;
    try {
      const step = await readUnit(call, state, unit, days);
      const records = call.dryRun ? [] : step.completed.map((measurement) => reconciledUsage(call, measurement));
      await inParallel(records, saveReconciledStorageUsage);
      state = withRecordsWritten(step.state, records.length);
    } catch (error) {
      if (!isTransient(error)) throw error;
      console.error(
        JSON.stringify({ level: 'warn', message: 'storage reconcile unit failed', orgcode: call.origin.orgcode, unit, error: String(error) }),
      );
      return withFailedUnit(state);
    }
  }
  return state;
}
