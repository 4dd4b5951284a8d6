import {
  type Measurement,
  type ObjectPage,
  type ReconcileState,
  type TablePage,
  afterObjectPage,
  afterTablePage,
  isFinished,
  nextUnit,
  startState,
} from '../../shared/domain/usage/storage-reconcile-state';

const orgcode = 'ACME';
const families = [
  { name: 'events', perDay: false },
  { name: 'usage_meters/0', perDay: true },
];
const days = 3;

/** A bucket and a table as pages, by what a unit reads: `prefix|token` or `family|day|token`. */
const objectPages: Record<string, ObjectPage> = {
  'orgs/ACME/|': { objects: 0, bytes: 0, noncurrentBytes: 0, prefixes: ['orgs/ACME/a/', 'orgs/ACME/b/'], nextToken: 'r1' },
  // A listing that repeats a prefix on its next page counts it once.
  'orgs/ACME/|r1': { objects: 0, bytes: 0, noncurrentBytes: 0, prefixes: ['orgs/ACME/b/', 'orgs/ACME/c/'] },
  'orgs/ACME/a/|': { objects: 1000, bytes: 5000, noncurrentBytes: 0, prefixes: [], nextToken: 'a1' },
  // Noncurrent versions: what a rebuild replaced, billed until the bucket expires it.
  'orgs/ACME/a/|a1': { objects: 2, bytes: 30, noncurrentBytes: 20, prefixes: [] },
  'orgs/ACME/b/|': { objects: 1, bytes: 7, noncurrentBytes: 0, prefixes: [] },
  'orgs/ACME/c/|': { objects: 3, bytes: 9, noncurrentBytes: 4, prefixes: [] },
};
const tablePages: Record<string, TablePage> = {
  'events|0|': { byCostCentre: { '-': { bytes: 100, items: 2 }, 'ABCD-1234-EF56': { bytes: 50, items: 1 } }, nextToken: 'e1' },
  'events|0|e1': { byCostCentre: { 'ABCD-1234-EF56': { bytes: 25, items: 1 } } },
  'usage_meters/0|0|': { byCostCentre: { '-': { bytes: 10, items: 1 } } },
  'usage_meters/0|1|': { byCostCentre: {} },
  'usage_meters/0|2|': { byCostCentre: { '-': { bytes: 5, items: 1 } } },
};

function run(start: ReconcileState) {
  let state = start;
  const reads: string[] = [];
  const measured: Measurement[] = [];
  for (let unit = nextUnit(state, orgcode); unit; unit = nextUnit(state, orgcode)) {
    const step =
      unit.source === 'object_store'
        ? afterObjectPage(state, objectPages[`${unit.prefix}|${unit.token ?? ''}`]!, orgcode, families)
        : afterTablePage(state, tablePages[`${unit.family}|${unit.dayIndex}|${unit.token ?? ''}`]!, families.find((f) => f.name === unit.family)!, days, 'table-1');
    reads.push(unit.source === 'object_store' ? `${unit.prefix}|${unit.token ?? ''}` : `${unit.family}|${unit.dayIndex}|${unit.token ?? ''}`);
    measured.push(...step.completed);
    // Every state travels through a cursor: only what survives JSON may matter.
    state = JSON.parse(JSON.stringify(step.state)) as ReconcileState;
  }
  return { state, reads, measured };
}

describe('a storage reconcile run, unit by unit', () => {
  it('lists the org prefix, then each sub-prefix once, then each family (per-day ones for every day)', () => {
    const { reads } = run(startState(orgcode));
    expect(reads).toEqual([
      'orgs/ACME/|',
      'orgs/ACME/|r1',
      'orgs/ACME/a/|',
      'orgs/ACME/a/|a1',
      'orgs/ACME/b/|',
      'orgs/ACME/c/|',
      'events|0|',
      'events|0|e1',
      'usage_meters/0|0|',
      'usage_meters/0|1|',
      'usage_meters/0|2|',
    ]);
  });

  it('measures each finished prefix, and each cost centre once every family is read; the bare org prefix holds no object here', () => {
    const { state, measured } = run(startState(orgcode));
    expect(measured).toEqual([
      { resource_type: 'object_store', resource_ref: 'orgs/ACME/a/', bytes: 5030, objects: 1002 },
      { resource_type: 'object_store', resource_ref: 'orgs/ACME/b/', bytes: 7, objects: 1 },
      { resource_type: 'object_store', resource_ref: 'orgs/ACME/c/', bytes: 9, objects: 3 },
      { resource_type: 'table_store', resource_ref: 'table-1', bytes: 115, items: 4 },
      { resource_type: 'table_store', resource_ref: 'table-1', bytes: 75, items: 2, cccode: 'ABCD-1234-EF56' },
    ]);
    expect(isFinished(state)).toBe(true);
    expect(state.progress).toEqual({
      scanned_prefixes: 1 + 3 + families.length,
      processed_prefixes: 1 + 3 + families.length,
      usage_records: 0,
      object_bytes: 5046,
      object_count: 1006,
      noncurrent_bytes: 24,
      errors: 0,
    });
  });

  it('counts the noncurrent bytes from where it resumes a cursor answered before they were counted', () => {
    const { noncurrent_bytes: _notYetCounted, ...earlierProgress } = startState(orgcode).progress;
    const { state } = run({ ...startState(orgcode), current_prefix: 'orgs/ACME/c/', progress: earlierProgress });
    expect(state.progress.noncurrent_bytes).toBe(4);
  });

  it('records the objects lying directly under the org prefix as the org prefix', () => {
    const root = objectPages['orgs/ACME/|r1']!;
    objectPages['orgs/ACME/|r1'] = { ...root, objects: 2, bytes: 40 };
    try {
      const { measured } = run(startState(orgcode));
      expect(measured[0]).toEqual({ resource_type: 'object_store', resource_ref: 'orgs/ACME/', bytes: 40, objects: 2 });
    } finally {
      objectPages['orgs/ACME/|r1'] = root;
    }
  });
});
