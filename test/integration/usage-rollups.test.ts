import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { orgsMarkedOn } from '../../shared/db/active-days';
import { dynamo, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/keys';
import { meterShards } from '../../shared/db/usage/usage-meter-repository';
import { addDays } from '../../shared/domain/rollups/rollup-days';
import { type UsageRollupRun, runUsageRollup } from '../../shared/rollups/usage-rollup';
import { useStack } from '../support/harness';
import { type HttpResult, flushMeters, post, runScheduled } from '../support/local-api';
import type { UsageBook } from '../support/usage-book';
import {
  type MeteredOrg,
  aMeteredDay,
  aSteadyDay,
  costCentreA,
  costCentreB,
  readerCostCentre,
  wholeDay,
} from '../support/usage-days';

/**
 * The daily usage rollup (docs/decisions.md: Usage rollups) end to end: an
 * organisation's calls over HTTP (and an export batch delivered), metered from
 * their request log lines (the log subscription flushed before each run), and its storage usage records, rolled up by the 01:00
 * function or by the same run for the one organisation (the day is today,
 * which the operator refuses: usage-rollup-admin.test.ts runs it over a past
 * day), and read back through /usage/rollup/get and /usage/rollup/list.
 * Every expected figure is summed by the test from the calls it made and the
 * answers it got.
 */

const stack = useStack();

/**
 * The daily run reads gsi3 (the orgs marked metered, the late marks) hours
 * after the marks it finds. Run at once, it waits out the AWS-like mode's
 * index lag, when on: after it, every replica of the index has them.
 */
const untilMarksIndexed = () => new Promise((resolve) => setTimeout(resolve, stack.api.awsLike?.options.indexLagMs ?? 0));

/** The 01:00 function's run for the day after `day`, whose previous day is `day`. */
const scheduledRun = (day: string) => runScheduled<UsageRollupRun>('daily-usage-rollup', new Date(`${addDays(day, 1)}T01:00:00Z`));

async function listAll(book: UsageBook, headers: Record<string, string>, body: Record<string, unknown>): Promise<any[]> {
  const records: any[] = [];
  let token: { after: string } | null = null;
  do {
    const page: HttpResult = await book.call('/usage/rollup/list', { ...body, ...(token && { next_token: token }) }, headers);
    expect(page.status).toBe(200);
    records.push(...page.body.data.rollups);
    token = page.body.data.next_token;
    expect(token === null || (typeof token === 'object' && typeof token.after === 'string')).toBe(true);
  } while (token);
  return records;
}

const subjectOf = (record: any) => [record.service, record.scope, record.cccode ?? null];

/** The orgs the 01:00 function will find metered on `day` (gsi3, which the meter aggregator's marks reach with the index's lag). */
async function markedMetered(day: string): Promise<string[]> {
  const marked: string[] = [];
  for await (const orgcode of orgsMarkedOn('metered', day)) marked.push(orgcode);
  return marked;
}

/** The record of `service` and cost centre (`-`: none; `org`: the org's) the book expects, as listed. */
function expectedRecord(book: UsageBook, day: string, service: string, cccode: string, run: { run_id: string; revision: number }) {
  const scope = cccode === 'org' ? 'org' : cccode === '-' ? 'unattributed' : 'cccode';
  const figures = book.expected(service, day, cccode);
  if (!figures) throw new Error(`the book has nothing of ${service} ${cccode}`);
  return {
    rollup_id: expect.stringMatching(/^urr_[0-9a-f]{32}$/),
    orgcode: book.orgcode,
    dt: day,
    service,
    scope,
    ...(scope === 'cccode' && { cccode }),
    window: wholeDay(day),
    ...figures,
    run_id: run.run_id,
    revision: run.revision,
    // The day is today: its last input was counted within it.
    last_input_at: expect.stringMatching(new RegExp(`^${day}T`)),
    last_input_late_seconds: 0,
    created_at: expect.any(String),
    updated_at: expect.any(String),
  };
}

/** Every record the book expects of the day, in the order the list answers: by service, then cost centres, unattributed, the org. */
function expectedRecords(book: UsageBook, day: string, run: { run_id: string; revision: number }) {
  return ['accounting', 'media'].flatMap((service) => {
    const costCentres = book.costCentres(service, day);
    const parts = [...costCentres.filter((cccode) => cccode !== '-'), ...costCentres.filter((cccode) => cccode === '-'), 'org'];
    return parts.map((cccode) => expectedRecord(book, day, service, cccode, run));
  });
}

describe("a day of an organisation's calls, deliveries and storage usage", () => {
  let day: string;
  let org: MeteredOrg;
  let other: MeteredOrg;
  let firstRun: UsageRollupRun;
  /** What each organisation's book held when the 01:00 function ran. */
  let asRolledUp: UsageBook;
  let otherAsRolledUp: UsageBook;
  let firstRecords: any[];

  beforeAll(async () => {
    day = await aSteadyDay();
    [org, other] = await Promise.all([aMeteredDay('USG', day), aMeteredDay('USO', day)]);
    await flushMeters();
    asRolledUp = org.book.copy();
    otherAsRolledUp = other.book.copy();
    await untilMarksIndexed();
    firstRun = await scheduledRun(day);
  }, 240_000);

  it('is rolled up by the 01:00 function, which finds the organisation by its metered day without being told it', async () => {
    const marked = await markedMetered(day);

    expect(org.book.days).toEqual(new Set([day]));
    expect(marked).toEqual(expect.arrayContaining([org.orgcode, other.orgcode]));
    expect(firstRun).toEqual({
      run_id: expect.stringMatching(/^urun_/),
      days: [{ dt: day, orgs: expect.any(Number), records: expect.any(Number), removed: expect.any(Number) }],
      late_org_days: expect.any(Number),
    });
    expect(firstRun.days[0]!.orgs).toBeGreaterThanOrEqual(2);
  });

  it('sums the calls per cost centre, per route and for the organisation, exactly as they were made and answered, with the storage they recorded', async () => {
    firstRecords = await listAll(org.book, org.reader, { from_dt: day, to_dt: day, limit: 256 });
    expect(firstRecords).toEqual(expectedRecords(asRolledUp, day, { run_id: firstRun.run_id, revision: 1 }));

    expect(firstRecords.map(subjectOf)).toEqual([
      ['accounting', 'cccode', costCentreA],
      ['accounting', 'cccode', costCentreB],
      ['accounting', 'unattributed', null],
      ['accounting', 'org', null],
      ['media', 'cccode', costCentreA],
      ['media', 'org', null],
    ]);
    // A service with storage only has records all the same, with no usage.
    expect(firstRecords.find((record) => record.service === 'media' && record.scope === 'org')).toMatchObject({
      usage: { totals: { api_calls: 0, records: 0, deliveries: 0, bandwidth_in_bytes: 0, bandwidth_out_bytes: 0, errors: 0 }, surfaces: {} },
      source_stats: { objects: 3, bytes: 1000, records: 1 },
    });
    expect(firstRecords.find((record) => record.scope === 'cccode' && record.cccode === costCentreA && record.service === 'accounting').usage.surfaces.export_batch).toMatchObject({
      deliveries: 1,
      api_calls: 0,
    });
    expect(new Set(firstRecords.map((record) => record.rollup_id)).size).toBe(firstRecords.length);
    for (const record of firstRecords) expect(record.created_at).toBe(record.updated_at);
  });

  it('reads one record: the organisation\'s without a cost centre, a cost centre\'s with one, the unattributed usage by its scope', async () => {
    const get = (body: Record<string, unknown>) => org.book.call('/usage/rollup/get', { dt: day, ...body }, org.reader);
    const listed = (service: string, scope: string, cccode?: string) =>
      firstRecords.find((record) => record.service === service && record.scope === scope && record.cccode === cccode);

    const orgWide = await get({ service: 'accounting' });
    const costCentre = await get({ service: 'accounting', cccode: costCentreA });
    const unattributed = await get({ service: 'accounting', scope: 'unattributed' });
    const media = await get({ service: 'media', scope: 'org' });
    const absent = await get({ service: 'accounting', cccode: readerCostCentre });

    expect(orgWide.body.data.rollup).toEqual(listed('accounting', 'org'));
    expect(costCentre.body.data.rollup).toEqual(listed('accounting', 'cccode', costCentreA));
    expect(unattributed.body.data.rollup).toEqual(listed('accounting', 'unattributed'));
    expect(media.body.data.rollup).toEqual(listed('media', 'org'));
    expect(absent.status).toBe(404);
  });

  it("gives the same records on a re-run (same ids, revision + 1, created_at kept), counting only the calls made since: the reader's", async () => {
    await flushMeters();
    const asRerun = org.book.copy();

    const rerun = await runUsageRollup({ from: day, to: day, orgcode: org.orgcode });

    expect(rerun.days).toEqual([{ dt: day, orgs: 1, records: firstRecords.length + 1, removed: 0 }]);
    expect(rerun.run_id).not.toBe(firstRun.run_id);
    const after = await listAll(org.book, org.reader, { from_dt: day, to_dt: day, limit: 256 });
    expect(after).toEqual(expectedRecords(asRerun, day, { run_id: rerun.run_id, revision: 2 }));
    for (const before of firstRecords) {
      const now = after.find((record) => record.rollup_id === before.rollup_id);
      expect(now).toMatchObject({ revision: 2, run_id: rerun.run_id, created_at: before.created_at });
      expect(now.updated_at > before.updated_at).toBe(true);
      // Only the organisation's figures of this service grew: by the reader's calls.
      if (!(before.service === 'accounting' && before.scope === 'org')) expect(now.usage).toEqual(before.usage);
    }
  });

  it("removes a cost centre's record once its meters are gone, and the organisation's no longer counts it", async () => {
    await flushMeters();
    for (let shard = 0; shard < meterShards; shard += 1) {
      const { Items } = await dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.usageMeterPartition(org.orgcode, day, shard) },
        }),
      );
      for (const item of Items ?? []) {
        if (item.cccode === costCentreB) await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
      }
    }
    org.book.forget(costCentreB);
    await flushMeters();
    const asRerun = org.book.copy();

    const rerun = await runUsageRollup({ from: day, to: day, orgcode: org.orgcode });

    expect(rerun.days).toEqual([expect.objectContaining({ removed: 1 })]);
    const gone = await org.book.call('/usage/rollup/get', { dt: day, service: 'accounting', cccode: costCentreB }, org.reader);
    expect(gone.status).toBe(404);
    const orgWide = await org.book.call('/usage/rollup/get', { dt: day, service: 'accounting' }, org.reader);
    expect(orgWide.body.data.rollup).toEqual(expectedRecord(asRerun, day, 'accounting', 'org', { run_id: rerun.run_id, revision: 3 }));
  });

  it('lists by service, cost centre and scope, and page by page with an object next_token that resumes the same listing', async () => {
    const list = (body: Record<string, unknown>) => listAll(org.book, org.reader, { from_dt: day, to_dt: day, ...body });

    // The records as the last test's run left them: the cost centre it removed gone from every list.
    const everything = await list({ limit: 256 });
    const byOne = await list({ limit: 1 });
    const media = await list({ service: 'media' });
    const orgWide = await list({ service: 'accounting', scope: 'org' });
    const costCentreOf = await list({ cccode: costCentreA });
    const removedCostCentre = await list({ service: 'accounting', cccode: costCentreB });
    const costCentres = await list({ service: 'accounting', scope: 'cccode' });
    const unattributed = await list({ scope: 'unattributed' });
    const later = await list({ from_dt: addDays(day, 1), to_dt: undefined });

    expect(everything.map((record) => record.revision)).toEqual(everything.map(() => 3));
    expect(byOne).toEqual(everything);
    expect(media.map(subjectOf)).toEqual([['media', 'cccode', costCentreA], ['media', 'org', null]]);
    expect(orgWide.map(subjectOf)).toEqual([['accounting', 'org', null]]);
    expect(costCentreOf.map(subjectOf)).toEqual([['accounting', 'cccode', costCentreA], ['media', 'cccode', costCentreA]]);
    expect(removedCostCentre).toEqual([]);
    expect(costCentres.map(subjectOf)).toEqual([['accounting', 'cccode', readerCostCentre], ['accounting', 'cccode', costCentreA]]);
    expect(unattributed.map(subjectOf)).toEqual([['accounting', 'unattributed', null]]);
    expect(later).toEqual([]);
  });

  it('answers 400 validation-error to a forged, altered, foreign or malformed next_token', async () => {
    const first = await post('/usage/rollup/list', { from_dt: day, to_dt: day, limit: 1 }, org.reader);
    const token: { after: string } = first.body.data.next_token;
    const flipped = `${token.after.slice(0, -2)}${token.after.endsWith('AA') ? 'BB' : 'AA'}`;
    const listWith = (next_token: unknown, headers = org.reader, filters: Record<string, unknown> = {}) =>
      post('/usage/rollup/list', { from_dt: day, to_dt: day, limit: 1, next_token, ...filters }, headers);

    const answers = {
      forged: await listWith({ after: 'bm90IGEgdG9rZW4gYXQgYWxsLCBqdXN0IGJ5dGVz' }),
      altered: await listWith({ after: flipped }),
      otherFilters: await listWith(token, org.reader, { service: 'media' }),
      otherOrganisation: await listWith(token, other.reader),
      aString: await listWith(token.after),
      extraField: await listWith({ ...token, dt: day }),
    };

    for (const [name, answer] of Object.entries(answers)) {
      expect({ name, status: answer.status, tag: answer.body.error.major.tag }).toEqual({ name, status: 400, tag: 'validation-error' });
    }
    expect(answers.forged.body.error.error_code).toBe('accounting.invalid_token');
    expect(answers.otherOrganisation.body.error.error_code).toBe('accounting.invalid_token');
    expect((await listWith(token)).status).toBe(200);
  });

  it("never shows one organisation another's records, though both used the same cost centres the same day", async () => {
    const mine = await listAll(other.book, other.reader, { from_dt: day, to_dt: day, limit: 256 });
    const theirs = await listAll(org.book, org.reader, { from_dt: day, to_dt: day, cccode: costCentreA });

    expect(mine).toEqual(expectedRecords(otherAsRolledUp, day, { run_id: firstRun.run_id, revision: 1 }));
    expect(mine.every((record) => record.orgcode === other.orgcode)).toBe(true);
    expect(theirs.every((record) => record.orgcode === org.orgcode)).toBe(true);
    expect(mine.filter((record) => theirs.some((their) => their.rollup_id === record.rollup_id && their.orgcode === record.orgcode))).toEqual([]);
  });
});
