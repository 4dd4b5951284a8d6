import { InvokeCommand, LambdaClient, ResourceNotFoundException } from '@aws-sdk/client-lambda';
import { orgsMarkedOn } from '../../shared/db/active-days';
import { localApiClientConfig } from '../../shared/local/environment';
import type { UsageRollupRun } from '../../shared/rollups/usage-rollup';
import { storageUsageRequest } from '../support/fixtures/storage-usage';
import { useOrg, useStack } from '../support/harness';
import { invokeOperator, post } from '../support/local-api';
import { seedObjects } from '../support/storage-seed';
import { costCentreA, todayUtc, wholeDay } from '../support/usage-days';
import { refusedInvocation } from '../support/expected-logs';

/**
 * The usage rollup's operator function (the admin CLI's path) over a past day
 * of storage usage, and what its routes and functions refuse
 * (docs/decisions.md: Usage rollups), and a resource measured twice in a day
 * counted once. A day of calls is in usage-rollups.test.ts.
 */

const stack = useStack();

/**
 * An operator runs a past day long after its records marked it: waits out the
 * AWS-like mode's index lag, when on, after which every replica of gsi3 has the marks.
 */
const untilMarksIndexed = () => new Promise((resolve) => setTimeout(resolve, stack.api.awsLike?.options.indexLagMs ?? 0));

const org = useOrg('USP', { writer: { roles: ['acct_export_admin'] }, reader: { roles: ['acct_view'] } });

const operatorRun = (payload: Record<string, unknown>) => invokeOperator<UsageRollupRun>('usage-rollup-admin', { action: 'run', ...payload });
const subjectOf = (record: any) => [record.service, record.scope, record.cccode ?? null];
const measured = (usage: Record<string, unknown>) => storageUsageRequest(org.orgcode, usage, { reason: 'measured', source_refs: [] });
const rollupsOn = async (dt: string) => (await org.post('reader', '/usage/rollup/list', { from_dt: dt, to_dt: dt })).body.data.rollups;

/** Whether a run over every org would find this one on `dt`: its records mark the day metered on gsi3, which lags them. */
async function markedMetered(dt: string): Promise<boolean> {
  for await (const orgcode of orgsMarkedOn('metered', dt)) if (orgcode === org.orgcode) return true;
  return false;
}

describe('a past day of storage usage, re-run by the operator', () => {
  /** A day no other test records usage on, so a run over every metered org sees only this file's. */
  const pastDay = '2024-06-11';

  it('finds the organisation by the day its storage counts on, gives a service without calls zero usage, and re-runs one organisation', async () => {
    const measurements = [
      { resource_type: 'object_store', resource_ref: 'orgs/media/', service: 'media', bytes: 10.5, object_count: 2, cccode: costCentreA, window: wholeDay(pastDay) },
      { resource_type: 'object_store', resource_ref: 'orgs/media/2/', service: 'media', bytes: 20.25, object_count: 4, cccode: costCentreA, measured_at: `${pastDay}T23:59:59Z` },
      { resource_type: 'table_store', resource_ref: 'accounting-table', service: 'accounting', bytes: 4096, item_count: 40, measured_at: `${pastDay}T08:00:00Z` },
    ];
    for (const usage of measurements) {
      const recorded = await org.post('writer', '/storage/usage/record', measured(usage));
      expect(recorded.status).toBe(200);
    }

    await untilMarksIndexed();
    expect(await markedMetered(pastDay)).toBe(true);
    const run = await operatorRun({ dt: pastDay });
    const records = await rollupsOn(pastDay);
    expect(records).toHaveLength(4);

    expect(run.days).toEqual([{ dt: pastDay, orgs: expect.any(Number), records: expect.any(Number), removed: 0 }]);
    expect(run.days[0]!.orgs).toBeGreaterThanOrEqual(1);
    const noUsage = { totals: { records: 0, api_calls: 0, deliveries: 0, bandwidth_in_bytes: 0, bandwidth_out_bytes: 0, errors: 0 }, surfaces: {} };
    const storageRefs = [{ kind: 'storage_usage_day', id: pastDay }];
    expect(records.map((record: any) => [...subjectOf(record), record.usage, record.source_stats, record.source_refs])).toEqual([
      ['accounting', 'unattributed', null, noUsage, { objects: 0, bytes: 4096, records: 1 }, storageRefs],
      ['accounting', 'org', null, noUsage, { objects: 0, bytes: 4096, records: 1 }, storageRefs],
      ['media', 'cccode', costCentreA, noUsage, { objects: 6, bytes: 31, records: 2 }, storageRefs],
      ['media', 'org', null, noUsage, { objects: 6, bytes: 31, records: 2 }, storageRefs],
    ]);

    const rerun = await operatorRun({ dt: pastDay, orgcode: org.orgcode });

    expect(rerun.days).toEqual([{ dt: pastDay, orgs: 1, records: 4, removed: 0 }]);
    expect(await rollupsOn(pastDay)).toEqual(records.map((record: any) => ({ ...record, run_id: rerun.run_id, revision: 2, updated_at: expect.any(String) })));
  });

  it('counts a prefix a client recorded and the reconcile then measured once, by the later measurement', async () => {
    const day = '2024-06-12';
    const prefixes = await seedObjects(org.orgcode, 6);
    // The client names the prefix relative to the organisation's root, the reconcile as `orgs/<ORG>/exports/`.
    const usage = {
      resource_type: 'object_store',
      resource_ref: 'exports/',
      service: 'accounting',
      bytes: 52_428_800,
      object_count: 120,
      cccode: costCentreA,
      window: wholeDay(day),
    };
    expect((await org.post('writer', '/storage/usage/record', measured(usage))).status).toBe(200);
    let cursor: unknown = null;
    do {
      const answer = await org.post('writer', '/storage/usage/reconcile', { ...wholeDay(day), limit: 100, cursor });
      expect(answer.status).toBe(200);
      cursor = answer.body.data.next_cursor;
    } while (cursor);

    await operatorRun({ dt: day, orgcode: org.orgcode });

    const records = await rollupsOn(day);
    expect(records).toHaveLength(3);
    const usages = (await org.post('reader', '/storage/usage/list', { ...wholeDay(day), limit: 100 })).body.data.usages;
    const reconciled = usages.filter((record: any) => record.usage_id.startsWith('stur_'));
    const exportsPrefix = `orgs/${org.orgcode}/exports/`;
    expect(reconciled.find((record: any) => record.resource_ref === exportsPrefix)).toMatchObject({ bytes: prefixes[exportsPrefix]!.bytes });
    // The reconcile measured the client's record among the table's items too: cost centre A's, as the record carries it.
    const reconciledBytes = (cccode: string | null) =>
      reconciled
        .filter((record: any) => cccode === 'org' || (record.cccode ?? null) === cccode)
        .reduce((total: number, record: any) => total + record.bytes, 0);
    expect(records.map((record: any) => [...subjectOf(record), record.source_stats.bytes])).toEqual([
      ['accounting', 'cccode', costCentreA, reconciledBytes(costCentreA)],
      ['accounting', 'unattributed', null, reconciledBytes(null)],
      ['accounting', 'org', null, reconciledBytes('org')],
    ]);
  });

  it('refuses a day that has not ended, a range backwards or longer than 31 days, and a malformed day', async () => {
    expect((await refusedInvocation('usage-rollup-admin', { action: 'run', dt: todayUtc() })).message).toMatch(/dt: must be a day that has ended/);
    expect((await refusedInvocation('usage-rollup-admin', { action: 'run', dt: '2024-06-14', to: '2024-06-13' })).message).toMatch(/to: must not be before dt/);
    expect((await refusedInvocation('usage-rollup-admin', { action: 'run', dt: '2024-06-01', to: '2024-07-02' })).message).toMatch(/to: must be at most 31 days/);
    expect((await refusedInvocation('usage-rollup-admin', { action: 'run', dt: '2024-02-30' })).message).toMatch(/dt: must be a day of the calendar/);
  });
});

describe('the usage rollup routes and functions', () => {
  it('answers a cost centre with another scope, or scope cccode without one, with 400 validation-error', async () => {
    const owner = await org.issue({ actor: 'tester', owner: true });

    const answers = [
      await post('/usage/rollup/get', { dt: '2024-06-11', service: 'accounting', cccode: costCentreA, scope: 'org' }, owner),
      await post('/usage/rollup/get', { dt: '2024-06-11', service: 'accounting', scope: 'cccode' }, owner),
      await post('/usage/rollup/list', { cccode: costCentreA, scope: 'unattributed' }, owner),
      await post('/usage/rollup/list', { from_dt: '2024-06-12', to_dt: '2024-06-11' }, owner),
    ];

    expect(answers.map((answer) => [answer.status, answer.body.error.details.issues])).toEqual([
      [400, [{ path: 'scope', message: 'must be cccode, or left out, with a cccode' }]],
      [400, [{ path: 'cccode', message: 'is required with scope cccode' }]],
      [400, [{ path: 'scope', message: 'must be cccode, or left out, with a cccode' }]],
      [400, [{ path: 'to_dt', message: 'must not be before from_dt' }]],
    ]);
  });

  it('keeps the usage rollup functions off the HTTP API and its routes off the Invoke API', async () => {
    const lambda = new LambdaClient(localApiClientConfig(stack.api.invokeUrl));
    const invoke = (name: string) => lambda.send(new InvokeCommand({ FunctionName: name, Payload: new TextEncoder().encode('{}') }));
    try {
      for (const path of ['/usage-rollup-admin', '/daily-usage-rollup', '/usage/rollup/usage-rollup-admin', '/usage/rollup/run']) {
        expect((await post(path, { action: 'run', dt: '2024-06-11' })).status).toBe(404);
      }
      for (const name of ['usage-rollup-get', 'usage-rollup-list']) {
        await expect(invoke(name)).rejects.toBeInstanceOf(ResourceNotFoundException);
      }
    } finally {
      lambda.destroy();
    }
  });
});
