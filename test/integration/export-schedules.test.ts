import { pollUntil } from '../support/exports';
import { storedExport } from '../support/fixtures/exports';
import { untilListed, useOrg, useStack } from '../support/harness';
import { runScheduled } from '../support/local-api';

/**
 * The scheduler is run here as EventBridge runs it: the `export-scheduler`
 * function invoked with a scheduled event whose `time` is the tick. Ticks are
 * set in 2021, where no other test file has a due schedule, so runs here never
 * act on another file's schedules.
 */
useStack();
const org = useOrg('SCH', { admin: { roles: ['acct_export_admin', 'acct_view'] }, viewer: { roles: ['acct_view'] } });

const requestContext = () => ({ orgcode: org.orgcode, actor: 'finance', context_source: 'session' as const });
const tick = (time: string) => runScheduled<{ exports_created: number }>('export-scheduler', new Date(time));

/**
 * Ticks at `time` until the schedule is no longer due by then (or, when it was
 * not due, once). The scheduler finds due schedules on gsi3, which follows a
 * schedule's writes on its own time and, as on AWS, answers from any of its
 * replicas: one run may miss a schedule another replica already lists, and the
 * next run, a minute later on AWS, catches it. `concurrent` ticks overlap.
 */
async function tickUntilRun(scheduleId: string, time: string, concurrent = 1): Promise<void> {
  await untilListed(async () => {
    await Promise.all(Array.from({ length: concurrent }, () => tick(time)));
    const stored = await getSchedule(scheduleId);
    if (stored.status === 'active') expect(Date.parse(stored.next_run_at)).toBeGreaterThan(Date.parse(time));
  });
}

async function createSchedule(fields: Record<string, unknown>) {
  const response = await org.post(
    'admin',
    '/export/schedule/create',
    { reason: 'nightly ERP feed', source_refs: [{ kind: 'erp_contract', id: 'c1' }], request_context: requestContext(), ...fields },
  );
  expect(response.status).toBe(200);
  return response.body.data.schedule;
}

const getSchedule = async (scheduleId: string) =>
  (await org.post('admin', '/export/schedule/get', { schedule_id: scheduleId })).body.data.schedule;

/**
 * Every export of the org, whatever its status, by window. One list per status:
 * an export finishing between two of them shows up in both, so it counts once by id.
 */
async function exportsOfOrg() {
  const byId = new Map<string, any>();
  for (const status of ['pending', 'running', 'ready', 'failed']) {
    const response = await org.post('admin', '/export/list', { status, limit: 256 });
    for (const record of response.body.data.exports) byId.set(record.export_id, record);
  }
  return [...byId.values()].sort((a, b) => (a.to_utc < b.to_utc ? -1 : a.to_utc > b.to_utc ? 1 : 0));
}

/** Suspends a schedule left due in 2021, so later ticks of this file do not keep catching it up. */
async function retire(scheduleId: string) {
  const { revision } = await getSchedule(scheduleId);
  const response = await org.post(
    'admin',
    '/export/schedule/status/set',
    { schedule_id: scheduleId, status: 'suspended', expected_revision: revision, reason: 'test over', source_refs: [], request_context: requestContext() },
  );
  expect(response.status).toBe(200);
}

describe('/export/schedule/create, get, list', () => {
  it('stores an active schedule with its next run computed, and validates cadence, zone and window', async () => {
    const before = Date.now();
    const schedule = await createSchedule({ cadence: { type: 'interval', interval_minutes: 60, timezone: 'UTC' } });
    expect(schedule).toMatchObject({ schedule_id: expect.stringMatching(/^sch_/), status: 'active', revision: 1, format: 'jsonl' });
    const next = Date.parse(schedule.next_run_at);
    expect(next).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(next % 60_000).toBe(0);

    const cron = await createSchedule({ schedule_id: 'nightly', cadence: { type: 'cron', cron: '30 2 * * *', timezone: 'Europe/Berlin' } });
    expect(cron.schedule_id).toBe('nightly');
    const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
    expect(berlin.format(new Date(cron.next_run_at))).toBe('02:30');
    expect(await getSchedule('nightly')).toEqual(cron);

    const bad = await org.post(
      'admin',
      '/export/schedule/create',
      {
        cadence: { type: 'cron', cron: '61 * * * *', timezone: 'Mars/Olympus' },
        window: { from_offset_minutes: 0, to_offset_minutes: -5 },
        reason: 'r',
        source_refs: [],
        request_context: requestContext(),
      },
    );
    expect(bad.status).toBe(400);
    const paths = bad.body.error.details.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['cadence.cron', 'cadence.timezone', 'window.to_offset_minutes']));
    const noInterval = await org.post('admin', '/export/schedule/create', { cadence: { type: 'interval', timezone: 'UTC' }, reason: 'r', source_refs: [], request_context: requestContext() });
    expect(noInterval.body.error.details.issues).toEqual([{ path: 'cadence.interval_minutes', message: 'is required for an interval cadence' }]);

    const duplicate = await org.post('admin', '/export/schedule/create', { schedule_id: 'nightly', cadence: { type: 'interval', interval_minutes: 5, timezone: 'UTC' }, reason: 'r', source_refs: [], request_context: requestContext() });
    expect(duplicate.status).toBe(409);

    const active = await org.post('admin', '/export/schedule/list', { status: 'active' });
    expect(active.body.data.schedules.map((s: any) => s.schedule_id).sort()).toEqual(['nightly', schedule.schedule_id].sort());
    expect((await org.post('admin', '/export/schedule/list', { status: 'suspended' })).body.data.schedules).toEqual([]);
  });
});

describe('the export scheduler', () => {
  it('creates one export per slot when two scheduler runs overlap, and catches up missed slots', async () => {
    const schedule = await createSchedule({
      cadence: { type: 'interval', interval_minutes: 60, timezone: 'UTC' },
      next_run_at: '2021-02-01T00:00:00Z',
      window: { from_offset_minutes: -60, to_offset_minutes: 0 },
      event_types: ['order.placed'],
      destination_ref: 'erp://inbox',
    });
    await tickUntilRun(schedule.schedule_id, '2021-02-01T00:00:20Z', 2);
    // The scheduler's exports are in the org's partition of exports, read consistently: listed once its runs end.
    const first = await exportsOfOrg();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      schedule_id: schedule.schedule_id,
      from_utc: '2021-01-31T23:00:00.000Z',
      to_utc: '2021-02-01T00:00:00.000Z',
      event_types: ['order.placed'],
      destination_ref: 'erp://inbox',
      request_context: { orgcode: org.orgcode, actor: 'export-scheduler', context_source: 'system' },
    });
    expect(await getSchedule(schedule.schedule_id)).toMatchObject({
      last_run_at: '2021-02-01T00:00:00.000Z',
      next_run_at: '2021-02-01T01:00:00.000Z',
    });

    await tickUntilRun(schedule.schedule_id, '2021-02-01T03:00:05Z', 3);
    const all = await exportsOfOrg();
    expect(all.map((e) => e.to_utc)).toEqual([
      '2021-02-01T00:00:00.000Z',
      '2021-02-01T01:00:00.000Z',
      '2021-02-01T02:00:00.000Z',
      '2021-02-01T03:00:00.000Z',
    ]);
    const built = await pollUntil('/export/get', { export_id: all[3].export_id }, org.headers.admin, 'export', (e) => e.status === 'ready');
    // An export that reads ready has every batch listed, by its schedule too.
    const batches = await org.post('admin', '/export/batch/list', { schedule_id: schedule.schedule_id });
    expect(batches.body.data.batches.filter((b: any) => b.export_id === built.export_id)).toHaveLength(built.batch_count);
    await retire(schedule.schedule_id);
  }, 120_000);

  it('fires a cron schedule at the right instants across DST changes in a non-UTC zone', async () => {
    // 02:30 does not exist in New York on 2021-03-14 (clocks go 02:00 → 03:00): it fires at 03:30 EDT.
    const spring = await createSchedule({ cadence: { type: 'cron', cron: '30 2 * * *', timezone: 'America/New_York' }, next_run_at: '2021-03-13T07:30:00Z' });
    // 01:30 happens twice in New York on 2021-11-07: it fires once, at the first.
    const autumn = await createSchedule({ cadence: { type: 'cron', cron: '30 1 * * *', timezone: 'America/New_York' }, next_run_at: '2021-11-06T05:30:00Z' });

    const runsOf = async (scheduleId: string, ticks: string[]) => {
      const runs: string[] = [];
      for (const time of ticks) {
        await tickUntilRun(scheduleId, time);
        runs.push((await getSchedule(scheduleId)).last_run_at);
      }
      return runs;
    };
    expect(await runsOf(spring.schedule_id, ['2021-03-13T07:30:00Z', '2021-03-14T07:30:00Z', '2021-03-15T06:30:00Z'])).toEqual([
      '2021-03-13T07:30:00.000Z', // 02:30 EST
      '2021-03-14T07:30:00.000Z', // 03:30 EDT: the skipped 02:30
      '2021-03-15T06:30:00.000Z', // 02:30 EDT
    ]);
    expect(await runsOf(autumn.schedule_id, ['2021-11-06T05:30:00Z', '2021-11-07T05:30:00Z', '2021-11-07T06:30:00Z', '2021-11-08T06:30:00Z'])).toEqual([
      '2021-11-06T05:30:00.000Z', // 01:30 EDT
      '2021-11-07T05:30:00.000Z', // the first 01:30 (EDT)
      '2021-11-07T05:30:00.000Z', // the second 01:30 (EST) does not fire again
      '2021-11-08T06:30:00.000Z', // 01:30 EST
    ]);
    // Without a window, each run exports the time since the previous slot: 23 h, then 25 h across the changes.
    const windows = (await exportsOfOrg()).map((e) => [e.from_utc, e.to_utc]);
    expect(windows).toEqual(
      expect.arrayContaining([
        ['2021-03-13T07:30:00.000Z', '2021-03-14T07:30:00.000Z'],
        ['2021-11-07T05:30:00.000Z', '2021-11-08T06:30:00.000Z'],
      ]),
    );
    await retire(spring.schedule_id);
    await retire(autumn.schedule_id);
  }, 120_000);

  it('never runs a suspended schedule, and a resumed one does not replay the slots it missed', async () => {
    const schedule = await createSchedule({
      status: 'suspended',
      cadence: { type: 'interval', interval_minutes: 30, timezone: 'UTC' },
      next_run_at: '2021-05-01T00:00:00Z',
    });
    await tick('2021-05-01T02:00:00Z');
    expect(await exportsOfOrg()).toEqual([]);

    const resumed = await org.post(
      'admin',
      '/export/schedule/status/set',
      { schedule_id: schedule.schedule_id, status: 'active', expected_revision: 1, reason: 'back', source_refs: [], request_context: requestContext() },
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.schedule).toMatchObject({ status: 'active', revision: 2 });
    // Resumed now: the next slot is on its 30-minute grid, after now, not back in 2021.
    expect(Date.parse(resumed.body.data.schedule.next_run_at)).toBeGreaterThanOrEqual(Date.now() - 1000);
    expect((Date.parse(resumed.body.data.schedule.next_run_at) - Date.parse('2021-05-01T00:00:00Z')) % (30 * 60_000)).toBe(0);
    await tick('2021-05-01T03:00:00Z');
    expect(await exportsOfOrg()).toEqual([]);
  });
});

describe('/export/schedule/list', () => {
  it('lists a schedule written a moment ago, read by another caller at once (consistent read of the table)', async () => {
    const listed = async (status: string) =>
      (await org.post('viewer', '/export/schedule/list', { status, limit: 256 })).body.data.schedules.map((s: any) => [s.schedule_id, s.revision]);
    const schedule = await createSchedule({ cadence: { type: 'interval', interval_minutes: 60, timezone: 'UTC' } });
    expect(await listed('active')).toContainEqual([schedule.schedule_id, 1]);
    const suspended = await org.post(
      'admin',
      '/export/schedule/status/set',
      { schedule_id: schedule.schedule_id, status: 'suspended', expected_revision: 1, reason: 'r', source_refs: [], request_context: requestContext() },
    );
    expect(suspended.status).toBe(200);
    expect(await listed('suspended')).toContainEqual([schedule.schedule_id, 2]);
    expect((await listed('active')).map(([id]: string[]) => id)).not.toContain(schedule.schedule_id);
  });
});

describe('/export/schedule/status/set', () => {
  it('suspends and resumes under the revision rules: 428, 409 conflict, 409 invalid-state', async () => {
    const schedule = await createSchedule({ cadence: { type: 'interval', interval_minutes: 15, timezone: 'UTC' } });
    const set = (status: string, expected_revision?: number) =>
      org.post('admin', '/export/schedule/status/set', { schedule_id: schedule.schedule_id, status, expected_revision, reason: 'r', source_refs: [], request_context: requestContext() });

    expect((await set('suspended')).status).toBe(428);
    const stale = await set('suspended', 3);
    expect(stale.status).toBe(409);
    expect(stale.body.error.details).toEqual({ supplied_revision: 3, current_revision: 1 });
    const same = await set('active', 1);
    expect(same.status).toBe(409);
    expect(same.body.error.major.tag).toBe('invalid-state');
    const suspended = await set('suspended', 1);
    expect(suspended.body.data.schedule).toMatchObject({ status: 'suspended', revision: 2 });
    expect((await set('suspended', 2)).body.error.major.tag).toBe('invalid-state');
    const unknown = await org.post('admin', '/export/schedule/status/set', { schedule_id: 'nope', status: 'active', expected_revision: 1, reason: 'r', source_refs: [], request_context: requestContext() });
    expect(unknown.status).toBe(404);
  });
});

describe('lost work', () => {
  it('is restarted by the scheduler when no worker took an export in time', async () => {
    // Stored as the create route stores it, but the worker is never started: a lost invocation.
    const now = new Date();
    const record = await storedExport(requestContext(), new Date(now.getTime() + 120_000), { from_utc: '2021-06-01T00:00:00.000Z', to_utc: '2021-06-02T00:00:00.000Z' });
    expect((await org.post('admin', '/export/get', { export_id: record.export_id })).body.data.export.status).toBe('pending');

    await tick(new Date(now.getTime() + 60_000).toISOString());
    expect((await org.post('admin', '/export/get', { export_id: record.export_id })).body.data.export.status).toBe('pending');
    const overdue = new Date(now.getTime() + 180_000);
    // The sweep finds lost work on gsi3, which follows the seeding write on its own time, from any of its
    // replicas: a run that misses it leaves it to the next.
    await untilListed(async () => {
      await tick(overdue.toISOString());
      expect((await org.post('admin', '/export/get', { export_id: record.export_id })).body.data.export.status).not.toBe('pending');
    });
    const built = await pollUntil('/export/get', { export_id: record.export_id }, org.headers.admin, 'export', (e) => e.status === 'ready');
    expect(built.batch_count).toBe(1);
  });
});
