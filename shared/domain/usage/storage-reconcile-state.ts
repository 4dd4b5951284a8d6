/**
 * Where a storage reconcile run stands (docs/decisions.md: Storage reconcile):
 * the specification's StorageUsageCursor without its seal, plus the run's
 * counters so far. A run measures two sources in turn, each a unit of work
 * (one read request) at a time:
 *
 * 0. the object store: the organisation's prefix `orgs/<ORG>/`, listed with
 *    the delimiter `/` (`org_prefix_token` resumes that listing), whose
 *    sub-prefixes wait in `pending_prefixes` and are then listed one at a
 *    time (`current_prefix`, resumed by `continuation_token`). A prefix done
 *    is one object_store measurement (its bytes and objects, gathered in
 *    `partial_bytes` and `partial_objects`); the org's prefix itself only when
 *    objects lie directly in it.
 * 1. the table store: the organisation's item families, one at a time
 *    (`current_prefix` names it, the ones after it wait in `pending_prefixes`,
 *    `continuation_token` resumes its Query); a family kept per day is read
 *    for each UTC day of the window (`dt_index`, from 0). Bytes and items are
 *    gathered per cost centre in `partial_record_by_cccode` ('-': none) and
 *    become one table_store measurement per cost centre once every family is
 *    read.
 *
 * The functions here are pure: the caller does the reading and writing.
 */

import { noCostCentre } from './cost-centre';

export const objectStoreSource = 0;
export const tableStoreSource = 1;
/** The source index of a finished run: past the last source. */
const finishedSource = 2;

export interface CostCentreUsage {
  bytes: number;
  items: number;
}

/** The run's counters so far: what a call answers in `reconcile`, besides the table store's (in `partial_record_by_cccode`). */
export interface ReconcileProgress {
  /** Prefixes found: the org's own, its sub-prefixes, and the table store's families once it starts. */
  scanned_prefixes: number;
  /** Prefixes and families read to the end. */
  processed_prefixes: number;
  usage_records: number;
  /** Every object listed so far, the current prefix's included: every version's bytes, as S3 bills them, and the current objects. */
  object_bytes: number;
  object_count: number;
  /**
   * The share of object_bytes held by noncurrent versions (what a rebuild
   * replaced, until the bucket expires it). Absent from a cursor answered
   * before it was counted: such a run counts it from where it resumes.
   */
  noncurrent_bytes?: number;
  /** Units that failed; each was retried by the next call. */
  errors: number;
}

export interface ReconcileState {
  source_index: number;
  dt_index: number;
  org_prefix_token: string;
  pending_prefixes: string[];
  current_prefix: string;
  continuation_token: string;
  partial_bytes: number;
  partial_objects: number;
  partial_record_by_cccode: Record<string, CostCentreUsage>;
  progress: ReconcileProgress;
}

/** A table family: one Query source, or one per day of the window. */
export interface TableFamily {
  name: string;
  perDay: boolean;
}

/** The next read a run makes. */
export type ReconcileUnit =
  | { source: 'object_store'; prefix: string; delimited: boolean; token?: string }
  | { source: 'table_store'; family: string; dayIndex: number; token?: string };

/** One page of objects: counted, with the sub-prefixes a delimited listing found. */
export interface ObjectPage {
  /** Current objects. */
  objects: number;
  /** Every version's bytes, and of them the noncurrent versions'. */
  bytes: number;
  noncurrentBytes: number;
  prefixes: string[];
  nextToken?: string;
}

/** One page of a family's items, measured per cost centre. */
export interface TablePage {
  byCostCentre: Record<string, CostCentreUsage>;
  nextToken?: string;
}

/** What a finished prefix or the finished table store measured: a usage record to write. */
export interface Measurement {
  resource_type: 'object_store' | 'table_store';
  resource_ref: string;
  bytes: number;
  objects?: number;
  items?: number;
  cccode?: string;
}

export interface ReconcileStep {
  state: ReconcileState;
  completed: Measurement[];
}

/** The organisation's prefix in the object store: every object of it, and only of it, lies below. */
export const orgPrefix = (orgcode: string) => `orgs/${orgcode}/`;

export function startState(orgcode: string): ReconcileState {
  return {
    source_index: objectStoreSource,
    dt_index: 0,
    org_prefix_token: '',
    pending_prefixes: [],
    current_prefix: orgPrefix(orgcode),
    continuation_token: '',
    partial_bytes: 0,
    partial_objects: 0,
    partial_record_by_cccode: {},
    progress: { scanned_prefixes: 1, processed_prefixes: 0, usage_records: 0, object_bytes: 0, object_count: 0, noncurrent_bytes: 0, errors: 0 },
  };
}

export const isFinished = (state: ReconcileState) => state.source_index === finishedSource;

/** The read `state` resumes with; undefined once the run is finished. */
export function nextUnit(state: ReconcileState, orgcode: string): ReconcileUnit | undefined {
  const token = (value: string) => (value === '' ? undefined : value);
  if (state.source_index === objectStoreSource) {
    const delimited = state.current_prefix === orgPrefix(orgcode);
    const resumeWith = delimited ? state.org_prefix_token : state.continuation_token;
    return { source: 'object_store', prefix: state.current_prefix, delimited, token: token(resumeWith) };
  }
  if (state.source_index === tableStoreSource) {
    return { source: 'table_store', family: state.current_prefix, dayIndex: state.dt_index, token: token(state.continuation_token) };
  }
  return undefined;
}

/** The state after one page of the current prefix's objects, and the prefix's measurement once it is listed to the end. */
export function afterObjectPage(state: ReconcileState, page: ObjectPage, orgcode: string, families: readonly TableFamily[]): ReconcileStep {
  const delimited = state.current_prefix === orgPrefix(orgcode);
  // S3 lists each common prefix once, in order; a prefix already waiting is never taken twice.
  const found = delimited ? page.prefixes.filter((prefix) => !state.pending_prefixes.includes(prefix)) : [];
  const next: ReconcileState = {
    ...state,
    pending_prefixes: [...state.pending_prefixes, ...found],
    partial_bytes: state.partial_bytes + page.bytes,
    partial_objects: state.partial_objects + page.objects,
    progress: {
      ...state.progress,
      scanned_prefixes: state.progress.scanned_prefixes + found.length,
      object_bytes: state.progress.object_bytes + page.bytes,
      object_count: state.progress.object_count + page.objects,
      noncurrent_bytes: (state.progress.noncurrent_bytes ?? 0) + page.noncurrentBytes,
    },
  };
  if (page.nextToken !== undefined) {
    return { state: delimited ? { ...next, org_prefix_token: page.nextToken } : { ...next, continuation_token: page.nextToken }, completed: [] };
  }

  const completed: Measurement[] =
    delimited && next.partial_objects === 0
      ? []
      : [{ resource_type: 'object_store', resource_ref: next.current_prefix, bytes: next.partial_bytes, objects: next.partial_objects }];
  const [following, ...waiting] = next.pending_prefixes;
  const done: ReconcileState = {
    ...next,
    org_prefix_token: '',
    continuation_token: '',
    partial_bytes: 0,
    partial_objects: 0,
    progress: { ...next.progress, processed_prefixes: next.progress.processed_prefixes + 1 },
  };
  if (following !== undefined) return { state: { ...done, current_prefix: following, pending_prefixes: waiting }, completed };
  return { state: startTableStore(done, families), completed };
}

function startTableStore(state: ReconcileState, families: readonly TableFamily[]): ReconcileState {
  const [first, ...rest] = families.map((family) => family.name);
  if (first === undefined) throw new Error('The table store has no families to read');
  return {
    ...state,
    source_index: tableStoreSource,
    dt_index: 0,
    current_prefix: first,
    pending_prefixes: rest,
    progress: { ...state.progress, scanned_prefixes: state.progress.scanned_prefixes + families.length },
  };
}

function addUsage(totals: Record<string, CostCentreUsage>, added: Record<string, CostCentreUsage>): Record<string, CostCentreUsage> {
  const sum = { ...totals };
  for (const [cccode, usage] of Object.entries(added)) {
    const before = sum[cccode] ?? { bytes: 0, items: 0 };
    sum[cccode] = { bytes: before.bytes + usage.bytes, items: before.items + usage.items };
  }
  return sum;
}

/**
 * The state after one page of the current family (of day `dt_index` when it
 * is kept per day); once the last family is read, one table_store
 * measurement per cost centre of the table `tableRef`.
 */
export function afterTablePage(state: ReconcileState, page: TablePage, family: TableFamily, windowDays: number, tableRef: string): ReconcileStep {
  const next: ReconcileState = { ...state, partial_record_by_cccode: addUsage(state.partial_record_by_cccode, page.byCostCentre) };
  if (page.nextToken !== undefined) return { state: { ...next, continuation_token: page.nextToken }, completed: [] };
  if (family.perDay && next.dt_index + 1 < windowDays) {
    return { state: { ...next, dt_index: next.dt_index + 1, continuation_token: '' }, completed: [] };
  }

  const [following, ...waiting] = next.pending_prefixes;
  const done: ReconcileState = {
    ...next,
    dt_index: 0,
    continuation_token: '',
    progress: { ...next.progress, processed_prefixes: next.progress.processed_prefixes + 1 },
  };
  if (following !== undefined) return { state: { ...done, current_prefix: following, pending_prefixes: waiting }, completed: [] };
  const completed = Object.entries(done.partial_record_by_cccode)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([cccode, usage]): Measurement => ({
      resource_type: 'table_store',
      resource_ref: tableRef,
      bytes: usage.bytes,
      items: usage.items,
      ...(cccode !== noCostCentre && { cccode }),
    }));
  return { state: { ...done, source_index: finishedSource, current_prefix: '' }, completed };
}

export function withRecordsWritten(state: ReconcileState, records: number): ReconcileState {
  return { ...state, progress: { ...state.progress, usage_records: state.progress.usage_records + records } };
}

export function withFailedUnit(state: ReconcileState): ReconcileState {
  return { ...state, progress: { ...state.progress, errors: state.progress.errors + 1 } };
}

/** The table store's totals so far, over every cost centre. */
export function tableTotals(state: ReconcileState): CostCentreUsage {
  return Object.values(state.partial_record_by_cccode).reduce(
    (sum, usage) => ({ bytes: sum.bytes + usage.bytes, items: sum.items + usage.items }),
    { bytes: 0, items: 0 },
  );
}
