import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../shared/db/client';
import { s3 } from '../../shared/s3/client';
import { createOrg, headersOf, useOrg, useStack } from '../support/harness';
import { issueCredential, post } from '../support/local-api';
import { type Holding, metersPerDay, seedItems, seedObjects } from '../support/storage-seed';

const day = '2026-01-15';
const window = { from_utc: `${day}T00:00:00Z`, to_utc: '2026-01-16T00:00:00Z' };
const seededObjects = 5000;
const seededItems = 5000;

useStack();
const org = useOrg('REC', { writer: { roles: ['acct_export_admin'] }, reader: { roles: ['acct_view'] } }, { per: 'file' });
/** Another organisation whose code starts with this one's: its prefix `orgs/<org>X/` starts with `orgs/<org>` too. */
const neighbour = () => `${org.orgcode}X`;
let prefixes: Record<string, Holding>;
let costCentres: Record<string, Holding>;
/** Credentials of the organisation (the callers): table items too, without a cost centre. */
const credentials = () => Object.keys(org.credentials).length;

// Under the AWS-like mode the bucket answers some writes SlowDown (the SDK backs off) and each batch of items is read
// before it is written, for the stale index images: on a shared machine the seeding takes about two minutes.
beforeAll(async () => {
  [prefixes, costCentres] = await Promise.all([seedObjects(org.orgcode, seededObjects), seedItems(org.orgcode, seededItems, day)]);
  await Promise.all([seedObjects(neighbour(), 300), seedItems(neighbour(), metersPerDay + 400, day)]);
}, 300_000);

async function reconcile(body: Record<string, unknown>, headers = org.headers.writer) {
  const response = await post('/storage/usage/reconcile', { ...window, ...body }, headers);
  expect(response.status).toBe(200);
  return response.body.data as { reconcile: Record<string, unknown>; next_cursor: Record<string, unknown> | null };
}

/** Calls until next_cursor is null: every answer but the last is partial. */
async function reconcileToTheEnd(body: Record<string, unknown>, headers = org.headers.writer) {
  const answers = [];
  let cursor: Record<string, unknown> | null = null;
  do {
    const answer = await reconcile({ ...body, cursor }, headers);
    answers.push(answer);
    cursor = answer.next_cursor;
    expect(answer.reconcile.partial).toBe(cursor !== null);
  } while (cursor);
  return answers;
}

const usagesOfWindow = () => org.listAll('reader', '/storage/usage/list', { ...window, limit: 256 }, 'usages');

const sum = (holdings: Record<string, Holding>) =>
  Object.values(holdings).reduce((total, holding) => ({ count: total.count + holding.count, bytes: total.bytes + holding.bytes }), { count: 0, bytes: 0 });

describe('/storage/usage/reconcile over 5,000 objects and 5,000 items', () => {
  let uninterrupted: Record<string, unknown>;
  let recorded: any[];

  beforeAll(async () => {
    const [answer, ...more] = await reconcileToTheEnd({ limit: 100 });
    expect(more).toEqual([]);
    uninterrupted = answer!.reconcile;
    recorded = await usagesOfWindow();
  }, 60_000);

  it("measures exactly the organisation's objects, per prefix, and its items, per cost centre, and never a neighbour's", () => {
    const objects = sum(prefixes);
    expect(objects.count).toBe(seededObjects);
    expect(uninterrupted).toEqual({
      orgcode: org.orgcode,
      window: { from_utc: '2026-01-15T00:00:00.000Z', to_utc: '2026-01-16T00:00:00.000Z' },
      scanned_prefixes: expect.any(Number),
      processed_prefixes: expect.any(Number),
      usage_records: Object.keys(prefixes).length + Object.keys(costCentres).length,
      object_bytes: objects.bytes,
      object_count: seededObjects,
      noncurrent_bytes: 0,
      record_bytes: expect.any(Number),
      record_items: seededItems + credentials(),
      errors: 0,
      partial: false,
    });
    expect(uninterrupted.processed_prefixes).toBe(uninterrupted.scanned_prefixes);

    const objectRecords = recorded.filter((usage) => usage.resource_type === 'object_store');
    expect(Object.fromEntries(objectRecords.map((usage) => [usage.resource_ref, { count: usage.object_count, bytes: usage.bytes }]))).toEqual(prefixes);
    const tableRecords = recorded.filter((usage) => usage.resource_type === 'table_store');
    const byCostCentre = Object.fromEntries(tableRecords.map((usage) => [usage.cccode ?? '-', { count: usage.item_count, bytes: usage.bytes }]));
    expect(Object.keys(byCostCentre).sort()).toEqual(Object.keys(costCentres).sort());
    for (const cccode of ['AAAA-0000-0001', 'BBBB-0000-0002']) expect(byCostCentre[cccode]).toEqual(costCentres[cccode]);
    // The callers' credentials have no cost centre either.
    expect(byCostCentre['-']!.count).toBe(costCentres['-']!.count + credentials());
    expect(byCostCentre['-']!.bytes).toBeGreaterThan(costCentres['-']!.bytes);
    expect(uninterrupted.record_bytes).toBe(tableRecords.reduce((total, usage) => total + usage.bytes, 0));
    for (const usage of recorded) {
      expect(usage).toMatchObject({ usage_id: expect.stringMatching(/^stur_[0-9a-f]{32}$/), service: 'accounting', window: uninterrupted.window });
    }
  });

  it('gives, resumed call after call with limit 7, exactly the totals of the uninterrupted run, and re-writes the same records', async () => {
    const answers = await reconcileToTheEnd({ limit: 7 });
    expect(answers.length).toBeGreaterThan(3);
    expect(answers.at(-1)!.reconcile).toEqual(uninterrupted);

    const rewritten = await usagesOfWindow();
    const figures = (usages: any[]) =>
      usages.map(({ usage_id, resource_ref, cccode, bytes, object_count, item_count }) => ({ usage_id, resource_ref, cccode, bytes, object_count, item_count }));
    expect(figures(rewritten)).toEqual(figures(recorded));
    expect(rewritten.map((usage) => usage.measured_at)).not.toEqual(recorded.map((usage) => usage.measured_at));
  }, 60_000);

  it('answers every call with the totals so far and a cursor whose fields say where it stands', async () => {
    const first = await reconcile({ limit: 1, dry_run: true });
    expect(first.reconcile).toMatchObject({ scanned_prefixes: 3, processed_prefixes: 1, object_count: 2, partial: true });
    expect(first.next_cursor).toEqual({
      source_index: 0,
      dt_index: 0,
      org_prefix_token: '',
      pending_prefixes: [`orgs/${org.orgcode}/exports/`],
      current_prefix: `orgs/${org.orgcode}/attachments/`,
      continuation_token: '',
      partial_bytes: 0,
      partial_objects: 0,
      partial_record_by_cccode: {},
      progress: expect.objectContaining({ scanned_prefixes: 3, processed_prefixes: 1, object_count: 2 }),
      seal: expect.any(String),
    });
    const second = await reconcile({ limit: 1, dry_run: true, cursor: first.next_cursor });
    expect(second.next_cursor).toMatchObject({
      current_prefix: `orgs/${org.orgcode}/attachments/`,
      continuation_token: expect.any(String),
      partial_objects: 1000,
      partial_bytes: expect.any(Number),
    });
  });

  it('answers a forged, altered or foreign cursor with 400 validation-error', async () => {
    const { next_cursor: cursor } = await reconcile({ limit: 3, dry_run: true });
    const forgeries: Array<[Record<string, unknown>, Record<string, unknown>, Record<string, string>?]> = [
      [{ cursor: { ...cursor, partial_bytes: 0 } }, { dry_run: true }],
      [{ cursor: { ...cursor, pending_prefixes: [] } }, { dry_run: true }],
      [{ cursor: { ...cursor, progress: { ...(cursor!.progress as object), object_count: 0 } } }, { dry_run: true }],
      [{ cursor: { ...cursor, seal: 'A'.repeat(43) } }, { dry_run: true }],
      // A dry run's cursor cannot resume a run that writes, nor another window's, nor another organisation's.
      [{ cursor }, {}],
      [{ cursor, to_utc: '2026-01-17T00:00:00Z' }, { dry_run: true }],
      [{ cursor }, { dry_run: true }, headersOf(await issueCredential({ orgcode: neighbour(), actor: 'tester', roles: ['acct_export_admin'] }))],
    ];
    for (const [change, fields, headers] of forgeries) {
      const response = await post('/storage/usage/reconcile', { ...window, ...fields, ...change }, headers ?? org.headers.writer);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ error_code: 'accounting.invalid_token', major: { tag: 'validation-error' } });
      expect(response.body.error.details.issues).toEqual([{ path: 'cursor', message: expect.any(String) }]);
    }
    const { seal: _seal, ...unsealed } = cursor!;
    const response = await org.post('writer', '/storage/usage/reconcile', { ...window, dry_run: true, cursor: unsealed });
    expect(response.status).toBe(400);
    expect(response.body.error.details.issues).toEqual([{ path: 'cursor.seal', message: 'Required' }]);
  });

  it('ends a call whose read fails (injected throttling) as partial with the error counted; resuming gives the same totals', async () => {
    const name = 'injected-throttling';
    let queries = 0;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'QueryCommand' && (queries += 1) === 3) {
          throw new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} });
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const answers = await reconcileToTheEnd({ limit: 100, dry_run: true });
      expect(answers.map((answer) => answer.reconcile.errors)).toEqual([1, 1]);
      expect(answers.at(-1)!.reconcile).toEqual({ ...uninterrupted, usage_records: 0, errors: 1 });
      const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(lines).toContainEqual(expect.objectContaining({ message: 'storage reconcile unit failed', orgcode: org.orgcode, unit: expect.any(Object) }));
    } finally {
      logged.mockRestore();
      dynamo().middlewareStack.remove(name);
    }
  }, 60_000);
});

describe('/storage/usage/reconcile windows', () => {
  it('refuses a window over more than 366 UTC days, whose meters it would read day by day', async () => {
    const response = await org.post('writer', '/storage/usage/reconcile', { from_utc: '2025-01-01T12:00:00Z', to_utc: '2026-01-02T00:00:01Z' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.issues).toEqual([{ path: 'to_utc', message: 'must be within 366 UTC days of from_utc' }]);
    const year = await org.post('writer', '/storage/usage/reconcile', { from_utc: '2024-01-01T00:00:00Z', to_utc: '2025-01-01T00:00:00Z', dry_run: true, limit: 1 });
    expect(year.status).toBe(200);
  });
});

describe('/storage/usage/reconcile of a versioned bucket (a noncurrent version added to the listing of each prefix, mocked: s3rver keeps no versions)', () => {
  it('answers the noncurrent bytes apart, carried call after call through the cursor, and counts them in object_bytes and the records', async () => {
    const versioned = await createOrg('RECVER', { writer: { roles: ['acct_export_admin'] }, reader: { roles: ['acct_view'] } });
    const holdings = await seedObjects(versioned.orgcode, 40);
    const name = 'addNoncurrentVersion';
    s3().middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const { Prefix: prefix } = args.input as { Prefix?: string };
        if (context.commandName === 'ListObjectVersionsCommand' && prefix?.startsWith(`orgs/${versioned.orgcode}/`)) {
          const output = result.output as { Versions?: Array<Record<string, unknown>> };
          output.Versions = [...(output.Versions ?? []), { Key: `${prefix}replaced.jsonl`, VersionId: 'v-earlier', IsLatest: false, Size: 500 }];
        }
        return result;
      },
      { step: 'initialize', name },
    );
    try {
      const answers = await reconcileToTheEnd({ limit: 1 }, versioned.headers.writer);
      const replaced = 500 * Object.keys(holdings).length;
      expect(answers.length).toBeGreaterThan(Object.keys(holdings).length);
      expect(answers.at(-1)!.reconcile).toMatchObject({ noncurrent_bytes: replaced, object_bytes: sum(holdings).bytes + replaced, object_count: 40 });
      const records = await versioned.listAll('reader', '/storage/usage/list', { ...window, resource_type: 'object_store' }, 'usages');
      expect(records.map((usage) => usage.bytes).sort()).toEqual(Object.values(holdings).map((holding) => holding.bytes + 500).sort());
    } finally {
      s3().middlewareStack.remove(name);
    }
  });
});

describe('/storage/usage/reconcile as a dry run', () => {
  it('measures as a run does and writes nothing', async () => {
    const auditor = await createOrg('RECDRY', { auditor: { roles: ['finance_audit'] } });
    // Seeded straight into the table, each event with its copies in the ledger's lists, which the reconcile reads consistently.
    await Promise.all([seedObjects(auditor.orgcode, 40), seedItems(auditor.orgcode, metersPerDay + 20, day)]);
    const [answer] = await reconcileToTheEnd({ dry_run: true, limit: 100 }, auditor.headers.auditor);
    expect(answer!.reconcile).toMatchObject({ object_count: 40, record_items: metersPerDay + 20 + 1, usage_records: 0, partial: false });
    const listed = await auditor.post('auditor', '/storage/usage/list', { ...window });
    expect(listed.body.data.usages).toEqual([]);
  });
});
