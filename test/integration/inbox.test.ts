import { s3 } from '../../shared/s3/client';
import { createInboxItem } from '../../shared/db/inbox/inbox-repository';
import { inParallel } from '../../shared/db/in-parallel';
import { systemOrigin } from '../../shared/domain/change-origin';
import { type Addressee, newInboxItem } from '../../shared/domain/inbox/inbox-item';
import { notifyBuildOutcome } from '../../shared/inbox/build-outcome-notices';
import { notifyDeadLetter } from '../../shared/inbox/dead-letter-notices';
import { logMessagesOf } from '../support/expected-logs';
import { pollUntil } from '../support/exports';
import { exportRequest } from '../support/fixtures/exports';
import { createOrg, listPagesAs, useOrg, useStack } from '../support/harness';
import { post } from '../support/local-api';

/**
 * The inbox (docs/decisions.md: Inbox) through the HTTP routes, the export
 * worker, the payout routes, the consumers' dead letters and DynamoDB Local.
 */

const stack = useStack();
const org = useOrg('INB', {
  // An API key with no role: a service account of the organisation, which may put items in inboxes.
  system: { actor: 'ticketing' },
  bob: { kind: 'session' },
  dana: { roles: ['finance_audit', 'acct_view'], kind: 'session' },
  erin: { roles: ['acct_export_admin', 'acct_view'] },
});

async function create(fields: Record<string, unknown>, headers = org.headers.system) {
  const response = await post('/inbox/create', { kind: 'task.review', title: 'Look at this', ...fields }, headers);
  expect(response.status).toBe(200);
  return response.body.data.item;
}

/** `count` items put straight into the table, as the service puts its own: more than HTTP calls would make quickly. */
async function putMany(count: number, addressee: Addressee) {
  const origin = systemOrigin(org.orgcode, 'ticketing', new Date());
  const items = Array.from({ length: count }, (_, i) => newInboxItem({ item_id: `bulk_${i}`, addressee, kind: 'task.review', title: `Bulk ${i}` }, origin));
  await inParallel(items, createInboxItem);
  return items;
}

async function listAll(headers: Record<string, string>, filter: Record<string, unknown> = {}, limit = 100) {
  return (await listPagesAs(headers, '/inbox/list', { limit, ...filter })).flatMap((page) => page.items);
}

const ids = (items: Array<{ item_id: string }>) => items.map((item) => item.item_id);
const newestFirst = (items: Array<{ item_id: string; created_at: string }>) =>
  [...items].sort((a, b) => (`${a.created_at}#${a.item_id}` < `${b.created_at}#${b.item_id}` ? 1 : -1));

describe('/inbox/create', () => {
  it('puts an item, current and unread, in a user’s inbox or a team’s', async () => {
    const forBob = await create({ user_guid: 'bob', body: 'Please review', target_type: 'invoice', target_id: 'inv_1', source_refs: [{ kind: 'ticket', id: 't1' }] });
    const forTeam = await create({ team: 'finance_audit' });

    expect(forBob).toMatchObject({
      orgcode: org.orgcode,
      user_guid: 'bob',
      kind: 'task.review',
      title: 'Look at this',
      body: 'Please review',
      target_type: 'invoice',
      target_id: 'inv_1',
      source_refs: [{ kind: 'ticket', id: 't1' }],
      status: 'current',
      state: 'unread',
      revision: 1,
      request_context: { actor: 'ticketing', context_source: 'api_key' },
    });
    expect(forBob.item_id).toMatch(/^inb_/);
    expect(forTeam).toMatchObject({ team: 'finance_audit', source_refs: [] });
    expect(forTeam.user_guid).toBeUndefined();
  });

  it('needs finance_audit, the owner or an API key: a session without finance_audit is 403', async () => {
    const owner = await org.issue({ actor: 'olga', owner: true, kind: 'session' });

    const bySession = await org.post('bob', '/inbox/create', { user_guid: 'bob', kind: 'task.review', title: 'x' });

    expect(bySession.status).toBe(403);
    expect(bySession.body.error.details).toEqual({ allowed_roles: ['finance_audit'], owner_allowed: true, api_keys_allowed: true });
    await create({ user_guid: 'bob' }, org.headers.dana);
    await create({ user_guid: 'bob' }, owner);
  });

  it('needs exactly one addressee, a known team, a dotted kind and a target given whole; an item_id once', async () => {
    const both = await org.post('system', '/inbox/create', { user_guid: 'bob', team: 'finance_audit', kind: 'a.b', title: 'x' });
    const neither = await org.post('system', '/inbox/create', { kind: 'a.b', title: 'x' });
    const unknownTeam = await org.post('system', '/inbox/create', { team: 'sales', kind: 'a.b', title: 'x' });
    const badKind = await org.post('system', '/inbox/create', { team: 'finance_audit', kind: 'Review!', title: 'x' });
    const halfTarget = await org.post('system', '/inbox/create', { team: 'finance_audit', kind: 'a.b', title: 'x', target_type: 'invoice' });
    await create({ user_guid: 'bob', item_id: 'ticket-42' });
    const again = await org.post('system', '/inbox/create', { user_guid: 'bob', kind: 'a.b', title: 'x', item_id: 'ticket-42' });

    const paths = (response: { body: any }) => response.body.error.details.issues.map((issue: { path: string }) => issue.path);
    expect(paths(both)).toEqual(['user_guid']);
    expect(paths(neither)).toEqual(['user_guid']);
    expect(paths(unknownTeam)).toEqual(['team']);
    expect(paths(badKind)).toEqual(['kind']);
    expect(paths(halfTarget)).toEqual(['target_id']);
    expect(again.status).toBe(409);
    expect(again.body.error.error_code).toBe('accounting.duplicate_id');
  });
});

describe('who sees what', () => {
  it("shows a caller its own items and its teams', never another user's: 404 on get, status and state", async () => {
    const bobs = await create({ user_guid: 'bob' });
    const danas = await create({ user_guid: 'dana' });
    const audit = await create({ team: 'finance_audit' });
    const viewers = await create({ team: 'acct_view' });
    const elsewhere = await createOrg('INBX', { bob: { owner: true, roles: ['finance_audit'] } });
    const bobElsewhere = elsewhere.headers.bob;

    expect(ids(await listAll(org.headers.bob))).toEqual([bobs.item_id]);
    expect(ids(await listAll(org.headers.dana)).sort()).toEqual([danas.item_id, audit.item_id, viewers.item_id].sort());
    expect(await listAll(bobElsewhere)).toEqual([]);
    expect((await org.post('dana', '/inbox/get', { item_id: audit.item_id })).body.data.item).toEqual(audit);
    for (const [headers, itemId] of [[org.headers.bob, danas.item_id], [org.headers.bob, audit.item_id], [org.headers.dana, bobs.item_id], [bobElsewhere, bobs.item_id]] as const) {
      const get = await post('/inbox/get', { item_id: itemId }, headers);
      const status = await post('/inbox/status', { item_id: itemId, status: 'archived', expected_revision: 1 }, headers);
      const state = await post('/inbox/state', { item_id: itemId, state: 'read' }, headers);
      expect([get.status, status.status, state.status]).toEqual([404, 404, 404]);
    }
    expect((await org.post('dana', '/inbox/get', { item_id: danas.item_id })).body.data.item).toMatchObject({ state: 'unread', status: 'current', revision: 1 });
  });
});

describe('/inbox/list', () => {
  it("merges the caller's and its teams' items newest first, page by page, each once", async () => {
    const created = [];
    for (const addressee of [{ user_guid: 'dana' }, { team: 'finance_audit' }, { team: 'acct_view' }, { user_guid: 'dana' }, { team: 'finance_audit' }, { user_guid: 'bob' }, { team: 'acct_view' }]) {
      created.push(await create(addressee));
    }
    const danas = created.filter((item) => item.user_guid !== 'bob');

    for (const limit of [1, 2, 3, 8]) expect(ids(await listAll(org.headers.dana, {}, limit))).toEqual(ids(newestFirst(danas)));
  });

  it('lists an item written a moment ago, read by another caller at once (consistent read of the table)', async () => {
    const shared = await create({ team: 'acct_view' });

    expect(ids(await listAll(org.headers.erin, { state: 'unread' }))).toEqual([shared.item_id]);
    expect((await org.post('dana', '/inbox/state', { item_id: shared.item_id, state: 'read' })).status).toBe(200);
    expect(await listAll(org.headers.erin, { state: 'unread' })).toEqual([]);
    expect(await listAll(org.headers.erin)).toEqual([{ ...shared, state: 'read', read_at: expect.any(String) }]);
    expect((await org.post('dana', '/inbox/status', { item_id: shared.item_id, status: 'archived', expected_revision: 1 })).status).toBe(200);
    expect(await listAll(org.headers.erin)).toEqual([]);
    expect(await listAll(org.headers.erin, { status: 'archived' })).toEqual([
      expect.objectContaining({ item_id: shared.item_id, status: 'archived', state: 'read', revision: 2 }),
    ]);
  });

  it('filters by state, status (current unless asked) and kind', async () => {
    const review = await create({ user_guid: 'bob' });
    const reminder = await create({ user_guid: 'bob', kind: 'task.reminder' });
    const archived = await create({ user_guid: 'bob' });
    await org.post('bob', '/inbox/state', { item_id: review.item_id, state: 'read' });
    await org.post('bob', '/inbox/status', { item_id: archived.item_id, status: 'archived', expected_revision: 1 });

    expect(ids(await listAll(org.headers.bob))).toEqual(ids(newestFirst([review, reminder])));
    expect(ids(await listAll(org.headers.bob, { state: 'unread' }))).toEqual([reminder.item_id]);
    expect(ids(await listAll(org.headers.bob, { kind: 'task.review' }))).toEqual([review.item_id]);
    expect(ids(await listAll(org.headers.bob, { status: 'archived' }))).toEqual([archived.item_id]);
    const page = await org.post('bob', '/inbox/list', { limit: 1 });
    const foreign = await org.post('dana', '/inbox/list', { limit: 1, next_token: page.body.data.next_token });
    expect(foreign.body.error.error_code).toBe('accounting.invalid_token');
  });
});

describe('/inbox/status', () => {
  it('moves current to archived and back, and either to doomed, which is terminal, under the expected revision', async () => {
    const item = await create({ user_guid: 'bob' });
    const move = (status: string, expected_revision?: number) => org.post('bob', '/inbox/status', { item_id: item.item_id, status, expected_revision });

    expect((await move('archived')).status).toBe(428);
    expect((await move('archived', 1)).body.data.item).toMatchObject({ status: 'archived', revision: 2 });
    expect((await move('current', 1)).body.error.error_code).toBe('accounting.conflict_revision');
    expect((await move('archived', 2)).body.error).toMatchObject({ error_code: 'accounting.invalid_transition', details: { from: 'archived', to: 'archived' } });
    expect((await move('current', 2)).body.data.item).toMatchObject({ status: 'current', revision: 3 });
    expect((await move('doomed', 3)).body.data.item).toMatchObject({ status: 'doomed', revision: 4 });
    for (const status of ['current', 'archived']) expect((await move(status, 4)).body.error.major.tag).toBe('invalid-state');
    expect(ids(await listAll(org.headers.bob, { status: 'doomed' }))).toEqual([item.item_id]);
  });

  it('keeps an item in the one list of its status and read state when a status move and a read mark meet', async () => {
    const items = await Promise.all(Array.from({ length: 6 }, () => create({ user_guid: 'bob' })));

    const answers = await Promise.all(
      items.flatMap((item) => [
        org.post('bob', '/inbox/status', { item_id: item.item_id, status: 'archived', expected_revision: 1 }),
        org.post('bob', '/inbox/state', { item_id: item.item_id, state: 'read' }),
      ]),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(await listAll(org.headers.bob)).toEqual([]);
    expect(await listAll(org.headers.bob, { status: 'archived', state: 'unread' })).toEqual([]);
    expect(ids(await listAll(org.headers.bob, { status: 'archived', state: 'read' })).sort()).toEqual(ids(items).sort());
  });
});

describe('/inbox/state', () => {
  it('marks one item or up to 100 read or unread, all or none, without a new revision', async () => {
    const [first, second, third] = [await create({ user_guid: 'dana' }), await create({ team: 'finance_audit' }), await create({ user_guid: 'bob' })];

    const both = await org.post('dana', '/inbox/state', { item_ids: [first.item_id, second.item_id, first.item_id], state: 'read' });
    const again = await org.post('dana', '/inbox/state', { item_id: first.item_id, state: 'read' });
    const withAnothers = await org.post('dana', '/inbox/state', { item_ids: [second.item_id, third.item_id], state: 'unread' });
    const untouched = (await org.post('dana', '/inbox/get', { item_id: second.item_id })).body.data.item;
    const unread = await org.post('dana', '/inbox/state', { item_id: second.item_id, state: 'unread' });
    const tooMany = await org.post('dana', '/inbox/state', { item_ids: Array.from({ length: 101 }, (_, i) => `inb_${i}`), state: 'read' });

    expect(both.body.data).toMatchObject({ marked: 2, complete: true });
    expect(both.body.data.items).toEqual([
      { ...first, state: 'read', read_at: expect.any(String) },
      { ...second, state: 'read', read_at: expect.any(String) },
    ]);
    expect(again.body.data).toMatchObject({ marked: 0, items: [{ item_id: first.item_id, state: 'read', revision: 1 }] });
    expect(withAnothers.status).toBe(404);
    expect(untouched.state).toBe('read');
    expect(unread.body.data.items).toEqual([second]);
    expect(tooMany.body.error.details.issues.map((issue: { path: string }) => issue.path)).toEqual(['item_ids']);
  });

  it("marks every item of the caller's and its teams' unread up to now read, and only those", async () => {
    for (const addressee of [{ user_guid: 'dana' }, { user_guid: 'dana' }, { team: 'finance_audit' }, { team: 'acct_view' }, { user_guid: 'bob' }]) await create(addressee);

    const unreadOnly = await org.post('dana', '/inbox/state', { all: true, state: 'unread' });
    const all = await org.post('dana', '/inbox/state', { all: true, state: 'read' });

    expect(unreadOnly.body.error.details.issues).toEqual([{ path: 'state', message: 'all: true marks items read; give state read' }]);
    expect(all.body.data).toEqual({ items: [], marked: 4, complete: true });
    expect(await listAll(org.headers.dana, { state: 'unread' })).toEqual([]);
    expect(await listAll(org.headers.bob, { state: 'unread' })).toHaveLength(1);
  });

  it('marks 100 named items, more than one transaction takes, and all unread up to now, each listed in its new state at once', async () => {
    const items = await putMany(100, { user_guid: 'dana' });

    const read = await org.post('dana', '/inbox/state', { item_ids: ids(items), state: 'read' });
    expect(read.body.data).toMatchObject({ marked: 100, complete: true });
    expect(read.body.data.items.map((item: { state: string }) => item.state)).toEqual(Array(100).fill('read'));
    expect(await listAll(org.headers.dana, { state: 'unread' })).toEqual([]);
    expect(ids(await listAll(org.headers.dana, { state: 'read' })).sort()).toEqual(ids(items).sort());

    const unread = await org.post('dana', '/inbox/state', { item_ids: ids(items).slice(0, 40), state: 'unread' });
    expect(unread.body.data).toMatchObject({ marked: 40, complete: true });
    expect(ids(await listAll(org.headers.dana, { state: 'unread' })).sort()).toEqual(ids(items).slice(0, 40).sort());

    const all = await org.post('dana', '/inbox/state', { all: true, state: 'read' });
    expect(all.body.data).toEqual({ items: [], marked: 40, complete: true });
    expect(await listAll(org.headers.dana, { state: 'unread' })).toEqual([]);
    expect(await listAll(org.headers.dana, { state: 'read' })).toHaveLength(100);
  });
});

describe('what the service puts in inboxes', () => {
  it("tells an export's creator it is ready, or that it failed and why, once however often the outcome is published", async () => {
    const createExport = () =>
      org.post('erin', '/export/create', exportRequest(org.orgcode, { reason: 'close', source_refs: [], request_context: org.requestContext('erin') }));
    const ready = await pollUntil('/export/get', { export_id: (await createExport()).body.data.export_id }, org.headers.erin, 'export', (record) => record.status === 'ready');
    // s3rver cannot fail on demand: the worker's S3 client is made to.
    const fault = 'inbox-test-s3-fault';
    s3().middlewareStack.add(
      (next, context) => async (args) => {
        if (/PutObject|CreateMultipartUpload/.test(String(context.commandName))) throw new Error('injected: S3 unavailable');
        return next(args);
      },
      { step: 'initialize', name: fault },
    );
    let failed: any;
    try {
      // The worker logs the unexpected fault in full before it stores the export failed.
      const { value, messages } = await logMessagesOf(async () => {
        const failing = (await createExport()).body.data.export_id;
        return pollUntil('/export/get', { export_id: failing }, org.headers.erin, 'export', (record) => record.status === 'failed');
      });
      failed = value;
      expect(messages).toEqual(['export build failed']);
    } finally {
      s3().middlewareStack.remove(fault);
    }

    // The worker tells the creator after it stores the outcome, maybe not yet: told again here, each is still one item, listed with it.
    await notifyBuildOutcome(ready, new Date());
    await notifyBuildOutcome(failed, new Date());
    const items = await listAll(org.headers.erin);
    expect(items.map((item) => `${item.kind} ${item.target_id}`).sort()).toEqual([`export.failed ${failed.export_id}`, `export.ready ${ready.export_id}`].sort());
    expect(items.find((item) => item.kind === 'export.failed')).toMatchObject({
      user_guid: 'erin',
      title: `Export ${failed.export_id} failed`,
      body: failed.failure_reason,
      target_type: 'export',
      source_refs: [{ kind: 'export', id: failed.export_id }],
      request_context: { actor: 'export-worker', context_source: 'system' },
    });
  }, 120_000);

  it("tells whoever created a schedule of the exports the scheduler made for it", async () => {
    const created = await org.post(
      'erin',
      '/export/schedule/create',
      {
        cadence: { type: 'interval', interval_minutes: 60, timezone: 'UTC' },
        reason: 'nightly feed',
        source_refs: [],
        request_context: { orgcode: org.orgcode, actor: 'erin', context_source: 'api_key' },
      },
    );
    const scheduled = {
      orgcode: org.orgcode,
      export_id: 'exp_scheduled_1',
      status: 'ready',
      schedule_id: created.body.data.schedule.schedule_id,
      request_context: { orgcode: org.orgcode, actor: 'export-scheduler', context_source: 'system' as const },
    };

    await notifyBuildOutcome(scheduled, new Date());
    await notifyBuildOutcome({ ...scheduled, export_id: 'exp_unscheduled', schedule_id: undefined }, new Date());

    expect((await listAll(org.headers.erin)).map((item) => `${item.kind} ${item.target_id}`)).toEqual(['export.ready exp_scheduled_1']);
  });

  it("tells a payout's creator that someone approved it, in the approval's transaction", async () => {
    const paula = await org.issue({ actor: 'paula', roles: ['commission_admin'] });
    const quinn = await org.issue({ actor: 'quinn', roles: ['commission_admin'] });
    const payout = async (associate_id: string, headers: Record<string, string>) => {
      const bonus = await post('/commission/adjust', { associate_id, kind: 'bonus', amount: 10, currency: 'USD', reason: 'contest' }, headers);
      const at = Date.parse(bonus.body.data.adjustment.counts_at);
      const created = await post(
        '/commission/payout/create',
        { associate_id, currency: 'USD', from_utc: new Date(at - 3_600_000).toISOString(), to_utc: new Date(at + 3_600_000).toISOString() },
        headers,
      );
      expect(created.status).toBe(200);
      return created.body.data.payout;
    };
    const approve = (made: { payout_id: string }, headers: Record<string, string>) =>
      post('/commission/payout/status/set', { payout_id: made.payout_id, status: 'approved', expected_revision: 1 }, headers);

    const byQuinn = await payout('assoc_a', paula);
    const byHerself = await payout('assoc_b', paula);
    expect((await approve(byQuinn, quinn)).status).toBe(200);
    expect((await approve(byHerself, paula)).status).toBe(200);

    expect(await listAll(paula)).toEqual([
      expect.objectContaining({
        user_guid: 'paula',
        kind: 'payout.approved',
        title: `Payout ${byQuinn.payout_id} approved by quinn`,
        target_type: 'payout',
        target_id: byQuinn.payout_id,
      }),
    ]);
  });

  it('tells team finance_audit of the organisation of an event that was dead-lettered, once per event', async () => {
    const outcomes = await org.deliver('retail.orders', 'order.placed', { order_id: 'ord_bad', customer_id: 'c1' });
    const eventId = outcomes[0]!.event.id;
    const deadLetter = outcomes.map((outcome) => (outcome.status === 'dead-lettered' ? outcome.deadLetter : undefined));
    expect(deadLetter.every(Boolean)).toBe(true);
    for (const letter of deadLetter) expect(stack.api.consumers.deadLetters()).toContainEqual(letter);
    const record = {
      requestContext: { functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:order-placed:$LATEST', approximateInvokeCount: 3 },
      requestPayload: outcomes[0]!.event,
      responsePayload: { errorType: 'ValidationError', errorMessage: 'detail.total: Required' },
    };
    expect(await notifyDeadLetter(record, new Date())).toMatchObject({ notified: true, event_id: eventId, consumer: 'order-placed' });

    expect(await listAll(org.headers.dana)).toEqual([
      expect.objectContaining({
        team: 'finance_audit',
        kind: 'event.dead_lettered',
        title: `retail.orders order.placed event ${eventId} was dead-lettered`,
        body: expect.stringMatching(/^order-placed(-commission|-ledger)? failed 3 times: ValidationError: /),
        source_refs: [{ kind: 'eventbridge_event', id: eventId }],
        request_context: { orgcode: org.orgcode, actor: 'dead-letter-notifier', context_source: 'system' },
      }),
    ]);
    expect(await notifyDeadLetter({ ...record, requestPayload: { ...outcomes[0]!.event, detail: {} } }, new Date())).toMatchObject({ notified: false });
  });
});
