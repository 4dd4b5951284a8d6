import { eventRequest } from '../support/fixtures/events';
import { useOrg, useStack } from '../support/harness';
import { type HttpResult, post } from '../support/local-api';

/**
 * Comments (docs/decisions.md: Comments) through the HTTP routes and DynamoDB
 * Local: targets, threads, tags and mentions, the three list modes, revisions,
 * statuses, the report, and what they put in inboxes.
 */

useStack();
const org = useOrg('CMT', {
  owner: { actor: 'olga', owner: true },
  // Members with no role at all: comments are for any member of the organisation.
  alice: {},
  bob: { kind: 'session' },
  auditor: { actor: 'carol', roles: ['finance_audit'] },
});
const strangers = useOrg('CMTX', { outsider: { actor: 'alice', owner: true, roles: ['finance_audit'] } });

/** An accounting event of the org to comment on (the owner may record events). */
async function anEvent(headers = org.headers.owner): Promise<string> {
  const response = await post(
    '/event/record',
    eventRequest(headers['x-orgcode']!, {
      occurred_at: '2026-11-20T10:15:00Z',
      amount: undefined,
      reason: 'Order placed',
      request_context: { orgcode: headers['x-orgcode'], actor: 'olga', context_source: 'api_key' },
    }),
    headers,
  );
  expect(response.status).toBe(200);
  return response.body.data.event.event_id;
}

const onEvent = (eventId: string) => ({ target_type: 'event', target_id: eventId });

async function comment(eventId: string, fields: Record<string, unknown>, headers = org.headers.alice) {
  const response = await post('/comment', { ...onEvent(eventId), ...fields }, headers);
  expect(response.status).toBe(200);
  return response.body.data.comment;
}

async function inbox(headers: Record<string, string>, filter: Record<string, unknown> = {}) {
  const response = await post('/inbox/list', { limit: 100, ...filter }, headers);
  expect(response.status).toBe(200);
  return response.body.data.items as any[];
}

const issuePaths = (response: { body: any }) => response.body.error.details.issues.map((issue: { path: string }) => issue.path);

describe('/comment', () => {
  it('adds a comment by the caller, with hashtags and mentions both given and written in the body', async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, {
      caption: 'Dispute',
      body: 'Line 2 is disputed #Close-2026 #close-2026, @bob and @finance_audit please look (mail alice@example.com, not a#tag).',
      hashtags: ['#Q4'],
      mentions_users: ['dave'],
      attachments: [
        { mrs_guid: 'mrs_1', filename: 'a.pdf', content_type: 'application/pdf', size_bytes: 1000 },
        { mrs_guid: 'mrs_2', size_bytes: 234 },
      ],
    });

    expect(added).toMatchObject({
      orgcode: org.orgcode,
      target_type: 'event',
      target_id: eventId,
      status: 'current',
      current_revision: 1,
      author_guid: 'alice',
      caption: 'Dispute',
      hashtags: ['q4', 'close-2026'],
      mentions_users: ['dave', 'bob'],
      mentions_teams: ['finance_audit'],
      total_size_bytes: 1234,
      request_context: { orgcode: org.orgcode, actor: 'alice', context_source: 'api_key' },
    });
    expect(added.comment_id).toMatch(/^cmt_/);
    const read = await org.post('bob', '/comment/get', { comment_id: added.comment_id, ...onEvent(eventId) });
    expect(read.body.data.comment).toEqual(added);
  });

  it('answers 404 for a target the organisation does not have, even one another organisation has', async () => {
    const theirs = await anEvent(strangers.headers.outsider);
    const mine = await org.post('alice', '/comment', { ...onEvent('evt_missing'), body: 'x' });
    const foreign = await org.post('alice', '/comment', { ...onEvent(theirs), body: 'x' });
    const rollup = await org.post('alice', '/comment', { target_type: 'financial_rollup', target_id: '2026-11-20/sales/web_store', body: 'x' });

    for (const response of [mine, foreign, rollup]) expect(response.status).toBe(404);
  });

  it('refuses a comment that says nothing, an unknown target type, and more hashtags or mentions than the limits', async () => {
    const eventId = await anEvent();
    const empty = await org.post('alice', '/comment', onEvent(eventId));
    const unknownType = await org.post('alice', '/comment', { target_type: 'customer', target_id: 'c1', body: 'x' });
    const tooManyTags = await org.post('alice', '/comment', { ...onEvent(eventId), body: Array.from({ length: 11 }, (_, i) => `#t${i}`).join(' ') });
    const tooManyUsers = await org.post('alice', '/comment', { ...onEvent(eventId), body: 'x', mentions_users: Array.from({ length: 21 }, (_, i) => `u${i}`) });
    const unknownTeam = await org.post('alice', '/comment', { ...onEvent(eventId), body: 'x', mentions_teams: ['sales'] });

    expect(issuePaths(empty)).toEqual(['body']);
    expect(issuePaths(unknownType)).toEqual(['target_type']);
    expect(tooManyTags.body.error).toMatchObject({ details: { issues: [{ path: 'hashtags', message: expect.stringMatching(/at most 10 \(found 11\)/) }] } });
    expect(issuePaths(tooManyUsers)).toEqual(['mentions_users']);
    expect(issuePaths(unknownTeam)).toEqual(['mentions_teams.0']);
  });

  it('writes a comment at every limit, its counts and its every notice in one transaction, and revises and moves one so', async () => {
    const eventId = await anEvent();
    const parent = await comment(eventId, { body: 'Parent' }, org.headers.bob);
    const tags = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}${i}`);
    const users = (prefix: string) => Array.from({ length: 20 }, (_, i) => `${prefix}${i}`);
    const everyTeam = ['acct_view', 'acct_export_admin', 'ar_admin', 'commission_admin', 'finance_audit'];

    // 26 notices: 20 users, 5 teams and the parent's author.
    const added = await comment(eventId, {
      body: 'To everyone',
      parent_comment_id: parent.comment_id,
      hashtags: tags('a'),
      mentions_users: users('u'),
      mentions_teams: everyTeam,
      idempotency_key: 'at-every-limit',
    });
    const plain = await comment(eventId, { body: 'To nobody yet', hashtags: tags('b') });
    const address = { comment_id: plain.comment_id, ...onEvent(eventId) };
    // Every hashtag replaced and 25 mentioned anew; then a move of every counter.
    const revised = await org.post('alice', '/comment/revise', { ...address, expected_revision: 1, hashtags: tags('c'), mentions_users: users('v'), mentions_teams: everyTeam });
    const archived = await org.post('alice', '/comment/status', { ...address, status: 'archived', expected_revision: 2 });

    expect([revised.status, archived.status]).toEqual([200, 200]);
    const onThisEvent = (items: any[]) => items.filter((item) => item.target_id === eventId).map((item) => item.source_refs[0].id);
    expect(onThisEvent(await inbox(org.headers.bob))).toEqual([added.comment_id]);
    expect(onThisEvent(await inbox(org.headers.auditor)).sort()).toEqual([added.comment_id, plain.comment_id].sort());
    const report = (await org.post('alice', '/comment/report', onEvent(eventId))).body.data.report;
    expect(report).toMatchObject({ comment_count: 3, by_status: { current: 2, archived: 1, doomed: 0 } });
    expect(Object.keys(report.by_hashtag).sort()).toEqual([...tags('a'), ...tags('c')].sort());
  });

  it('threads a reply under a parent of the same target only, never under a doomed one', async () => {
    const eventId = await anEvent();
    const otherEventId = await anEvent();
    const parent = await comment(eventId, { body: 'Why is this order here?' });

    const reply = await comment(eventId, { body: 'Entered twice', parent_comment_id: parent.comment_id }, org.headers.bob);
    const elsewhere = await org.post('bob', '/comment', { ...onEvent(otherEventId), body: 'x', parent_comment_id: parent.comment_id });
    await org.post('alice', '/comment/status', { comment_id: parent.comment_id, ...onEvent(eventId), status: 'doomed', expected_revision: 1 });
    const underDoomed = await org.post('bob', '/comment', { ...onEvent(eventId), body: 'x', parent_comment_id: parent.comment_id });

    expect(reply.parent_comment_id).toBe(parent.comment_id);
    expect(elsewhere.status).toBe(404);
    expect(underDoomed.status).toBe(409);
    expect(underDoomed.body.error.major.tag).toBe('invalid-state');
  });

  it('adds once per idempotency key: a replay answers the same comment and notifies nobody twice', async () => {
    const eventId = await anEvent();
    const body = { ...onEvent(eventId), body: 'Please check @bob', idempotency_key: 'check-1' };

    const [first, second] = [await org.post('alice', '/comment', body), await org.post('alice', '/comment', body)];
    const listed = await org.post('alice', '/comment/list', onEvent(eventId));

    expect(second.body.data).toEqual(first.body.data);
    expect(listed.body.data.comments).toHaveLength(1);
    expect((await inbox(org.headers.bob)).filter((item) => item.kind === 'comment.mention')).toHaveLength(1);
  });
});

describe('/comment/get', () => {
  it("answers 404 for another organisation's comment, and for a comment asked for under another target", async () => {
    const theirEvent = await anEvent(strangers.headers.outsider);
    const theirs = await comment(theirEvent, { body: 'private' }, strangers.headers.outsider);
    const eventId = await anEvent();
    const mine = await comment(eventId, { body: 'mine' });

    const foreign = await org.post('alice', '/comment/get', { comment_id: theirs.comment_id, ...onEvent(theirEvent) });
    const wrongTarget = await org.post('alice', '/comment/get', { comment_id: mine.comment_id, ...onEvent(theirEvent) });

    expect(foreign.status).toBe(404);
    expect(wrongTarget.status).toBe(404);
  });
});

describe('/comment/list', () => {
  it("lists a target's comments, a user's, or the organisation's, oldest first", async () => {
    const [first, second] = [await anEvent(), await anEvent()];
    const a1 = await comment(first, { body: 'one' });
    const b1 = await comment(first, { body: 'two' }, org.headers.bob);
    const a2 = await comment(second, { body: 'three' });

    const ids = async (filter: Record<string, unknown>) => {
      const response = await org.post('bob', '/comment/list', filter);
      expect(response.status).toBe(200);
      return response.body.data.comments.map((listed: { comment_id: string }) => listed.comment_id);
    };

    expect(await ids(onEvent(first))).toEqual([a1.comment_id, b1.comment_id]);
    expect(await ids({ user_guid: 'alice' })).toEqual([a1.comment_id, a2.comment_id]);
    expect(await ids({ org_wide: true })).toEqual([a1.comment_id, b1.comment_id, a2.comment_id]);
    expect(await strangers.post('outsider', '/comment/list', { org_wide: true })).toMatchObject({ body: { data: { comments: [] } } });
  });

  it('lists a comment written a moment ago, read by another caller at once (consistent read of the table)', async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, { body: 'Just now #fresh' });
    const listed = async (request: Record<string, unknown>) => {
      const response = await org.post('bob', '/comment/list', { limit: 100, created_after: added.created_at, ...request });
      expect(response.status).toBe(200);
      return response.body.data.comments.filter((each: { comment_id: string }) => each.comment_id === added.comment_id);
    };
    const scopes = [{ org_wide: true }, { user_guid: 'alice' }, onEvent(eventId)];

    for (const scope of scopes) expect(await listed(scope)).toEqual([added]);
    const moved = await org.post('alice', '/comment/status', { comment_id: added.comment_id, ...onEvent(eventId), status: 'archived', expected_revision: 1 });
    expect(moved.status).toBe(200);
    for (const scope of scopes) {
      expect(await listed(scope)).toEqual([]);
      expect(await listed({ ...scope, status: 'archived' })).toEqual([moved.body.data.comment]);
    }
    const revised = await org.post('alice', '/comment/revise', { comment_id: added.comment_id, ...onEvent(eventId), expected_revision: 2, body: 'Reworded #fresh' });
    for (const scope of scopes) expect(await listed({ ...scope, status: 'archived', hashtag: 'fresh' })).toEqual([revised.body.data.comment]);
  });

  it('needs exactly one of a target, a user or org_wide: true, naming the rule otherwise', async () => {
    const rule = /give exactly one of target_type with target_id, user_guid, or org_wide: true/;
    for (const filter of [{}, { org_wide: false }, { target_type: 'event' }, { target_id: 'evt_1' }, { user_guid: 'alice', org_wide: true }, { target_type: 'event', target_id: 'e', user_guid: 'bob' }]) {
      const response = await org.post('alice', '/comment/list', filter);
      expect({ filter, status: response.status }).toEqual({ filter, status: 400 });
      expect(response.body.error.message).toMatch(rule);
    }
  });

  it('filters by status (current unless asked), hashtag and creation window, in every mode', async () => {
    const eventId = await anEvent();
    const tagged = await comment(eventId, { body: 'about #VAT' });
    const archived = await comment(eventId, { body: 'old #vat' });
    await org.post('alice', '/comment/status', { comment_id: archived.comment_id, ...onEvent(eventId), status: 'archived', expected_revision: 1 });
    await comment(eventId, { body: 'untagged' });
    const later = new Date(Date.parse(tagged.created_at) + 1).toISOString();

    for (const scope of [onEvent(eventId), { user_guid: 'alice' }, { org_wide: true }]) {
      const list = async (filter: Record<string, unknown>) =>
        (await org.post('bob', '/comment/list', { ...scope, ...filter })).body.data.comments.map((listed: { comment_id: string }) => listed.comment_id);
      expect(await list({ hashtag: '#vat' })).toEqual([tagged.comment_id]);
      expect(await list({ status: 'archived', hashtag: 'VAT' })).toEqual([archived.comment_id]);
      expect(await list({ created_before: tagged.created_at })).toEqual([]);
      expect(await list({ created_after: tagged.created_at, created_before: later, hashtag: 'vat' })).toEqual([tagged.comment_id]);
      expect((await list({ created_after: later })).includes(tagged.comment_id)).toBe(false);
    }
    const backwards = await org.post('bob', '/comment/list', { org_wide: true, created_after: later, created_before: tagged.created_at });
    expect(issuePaths(backwards)).toEqual(['created_before']);
  });

  it('pages with tokens bound to the listing, at most 100 a page', async () => {
    const eventId = await anEvent();
    const added = [];
    for (let i = 0; i < 5; i += 1) added.push((await comment(eventId, { body: `note ${i}` })).comment_id);

    const seen: string[] = [];
    let next_token: string | undefined;
    do {
      const page = await org.post('bob', '/comment/list', { ...onEvent(eventId), limit: 2, ...(next_token && { next_token }) });
      expect(page.body.data.comments.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.comments.map((listed: { comment_id: string }) => listed.comment_id));
      next_token = page.body.data.next_token ?? undefined;
      if (next_token) {
        const elsewhere = await org.post('bob', '/comment/list', { org_wide: true, next_token });
        expect(elsewhere.body.error.error_code).toBe('accounting.invalid_token');
      }
    } while (next_token);
    const clamped = await org.post('bob', '/comment/list', { ...onEvent(eventId), limit: 1000 });

    expect(seen).toEqual(added);
    expect(clamped.body.data.comments).toHaveLength(5);
  });
});

describe('/comment/revise', () => {
  it('makes a new revision under the expected one, keeping the earlier one readable', async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, { caption: 'Note', body: 'first words #draft', hashtags: ['kept'] });
    const address = { comment_id: added.comment_id, ...onEvent(eventId) };

    const missing = await org.post('alice', '/comment/revise', { ...address, body: 'x' });
    const revised = await org.post('alice', '/comment/revise', { ...address, expected_revision: 1, body: 'second words #final' });
    const stale = await org.post('alice', '/comment/revise', { ...address, expected_revision: 1, body: 'third' });

    expect(missing.status).toBe(428);
    expect(revised.body.data.comment).toMatchObject({
      current_revision: 2,
      caption: 'Note',
      body: 'second words #final',
      hashtags: ['kept', 'final'],
      created_at: added.created_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { error_code: 'accounting.conflict_revision' }, conflict_snapshot: { revision: 2 } });
    const first = await org.post('bob', '/comment/get', { ...address, revision: 1 });
    expect(first.body.data.comment).toEqual(added);
    expect((await org.post('bob', '/comment/get', { ...address, revision: 2 })).body.data.comment).toEqual(revised.body.data.comment);
    expect((await org.post('bob', '/comment/get', { ...address, revision: 3 })).status).toBe(404);
  });

  it("lets only the author, the owner or finance_audit revise a comment", async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, { body: 'mine' });
    const address = { comment_id: added.comment_id, ...onEvent(eventId) };

    const byBob = await org.post('bob', '/comment/revise', { ...address, expected_revision: 1, body: 'hijacked' });
    const byAuditor = await org.post('auditor', '/comment/revise', { ...address, expected_revision: 1, body: 'audited' });
    const byOwner = await org.post('owner', '/comment/revise', { ...address, expected_revision: 2, body: 'owned' });
    const byOutsider = await strangers.post('outsider', '/comment/revise', { ...address, expected_revision: 3, body: 'x' });

    expect(byBob.status).toBe(403);
    expect(byBob.body.error.details).toEqual({ allowed_roles: ['finance_audit'], owner_allowed: true });
    expect(byAuditor.body.data.comment).toMatchObject({ current_revision: 2, author_guid: 'alice', request_context: { actor: 'carol' } });
    expect(byOwner.body.data.comment.current_revision).toBe(3);
    expect(byOutsider.status).toBe(404);
  });

  it('notifies whoever a revision mentions anew, once, and nobody mentioned before', async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, { body: 'cc @bob' });
    const address = { comment_id: added.comment_id, ...onEvent(eventId) };

    await org.post('alice', '/comment/revise', { ...address, expected_revision: 1, body: 'cc @bob and @carol' });

    const bobsMentions = (await inbox(org.headers.bob)).filter((item) => item.kind === 'comment.mention');
    const carolsMentions = (await inbox(org.headers.auditor)).filter((item) => item.kind === 'comment.mention' && item.user_guid === 'carol');
    expect(bobsMentions).toHaveLength(1);
    expect(carolsMentions).toEqual([
      expect.objectContaining({
        user_guid: 'carol',
        target_type: 'event',
        target_id: eventId,
        source_refs: [{ kind: 'comment', id: added.comment_id }],
        state: 'unread',
        status: 'current',
      }),
    ]);
  });

  it('never revises a doomed comment', async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, { body: 'gone soon' });
    const address = { comment_id: added.comment_id, ...onEvent(eventId) };
    await org.post('alice', '/comment/status', { ...address, status: 'doomed', expected_revision: 1 });

    const revised = await org.post('alice', '/comment/revise', { ...address, expected_revision: 2, body: 'back' });

    expect(revised.status).toBe(409);
    expect(revised.body.error.major.tag).toBe('invalid-state');
  });
});

describe('/comment/status', () => {
  it('moves current to archived and back, and either to doomed, which is terminal', async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, { body: 'lifecycle' });
    const address = { comment_id: added.comment_id, ...onEvent(eventId) };
    const move = (status: string, expected_revision?: number) => org.post('alice', '/comment/status', { ...address, status, expected_revision });

    expect((await move('archived')).status).toBe(428);
    expect((await move('current', 1)).body.error).toMatchObject({ error_code: 'accounting.invalid_transition', details: { from: 'current', to: 'current' } });
    expect((await move('archived', 1)).body.data.comment).toMatchObject({ status: 'archived', current_revision: 2 });
    expect((await move('archived', 2)).status).toBe(409);
    expect((await move('current', 2)).body.data.comment).toMatchObject({ status: 'current', current_revision: 3 });
    expect((await move('doomed', 3)).body.data.comment).toMatchObject({ status: 'doomed', current_revision: 4 });
    for (const status of ['current', 'archived', 'doomed']) {
      const response = await move(status, 4);
      expect(response.status).toBe(409);
      expect(response.body.error.major.tag).toBe('invalid-state');
    }
    expect((await move('archived', 1)).body.error.error_code).toBe('accounting.conflict_revision');
    expect((await org.post('bob', '/comment/get', { ...address, revision: 2 })).body.data.comment.status).toBe('archived');
    expect((await org.post('bob', '/comment/status', { ...address, status: 'archived', expected_revision: 4 })).status).toBe(403);
  });
});

describe('/comment/report', () => {
  it("counts a target's comments and the organisation's by status, hashtag and author", async () => {
    const [first, second] = [await anEvent(), await anEvent()];
    await comment(first, { body: '#vat #q4' });
    const archived = await comment(first, { body: '#vat' }, org.headers.bob);
    await comment(second, { body: '#q4' }, org.headers.bob);
    await org.post('bob', '/comment/status', { comment_id: archived.comment_id, ...onEvent(first), status: 'archived', expected_revision: 1 });
    await org.post('bob', '/comment/revise', { comment_id: archived.comment_id, ...onEvent(first), expected_revision: 2, body: '#gst' });

    const report = async (request: Record<string, unknown>) => (await org.post('alice', '/comment/report', request)).body.data.report;

    expect(await report(onEvent(first))).toEqual({
      ...onEvent(first),
      comment_count: 2,
      by_status: { current: 1, archived: 1, doomed: 0 },
      by_hashtag: { vat: 1, q4: 1, gst: 1 },
      by_author: { alice: 1, bob: 1 },
    });
    expect(await report({ org_wide: true, status: 'current' })).toEqual({
      org_wide: true,
      status: 'current',
      comment_count: 3,
      by_status: { current: 2, archived: 1, doomed: 0 },
      by_hashtag: { vat: 1, q4: 2 },
      by_author: { alice: 1, bob: 1 },
    });
    expect((await strangers.post('outsider', '/comment/report', { org_wide: true })).body.data.report.comment_count).toBe(0);
    expect((await org.post('alice', '/comment/report', { user_guid: 'alice' })).status).toBe(400);
  });

  /**
   * Each attempt's answer of a call sent again, with the same body, while its answer says it is retryable: many
   * changes at once meet at the organisation's counters, and one still meeting another after its retries is 429
   * throttled; on a loaded machine some outlast their deadline (503 deadline_exceeded); a retry may then find the key
   * still held by the attempt that gave up (409 idempotency_in_progress) until its lease ends.
   */
  async function attemptsUntilAnswered(send: () => Promise<HttpResult>): Promise<HttpResult[]> {
    const attempts: HttpResult[] = [];
    do {
      if (attempts.length > 0) await new Promise((resolve) => setTimeout(resolve, 250 * attempts.length));
      attempts.push(await send());
    } while (attempts.at(-1)!.body.error?.retryable === true && attempts.length < 6);
    return attempts;
  }

  it('stays exact while many comments of the organisation change at once', async () => {
    const eventIds = await Promise.all(Array.from({ length: 4 }, () => anEvent()));
    // Sent again under their idempotency key, each adds one comment however many attempts it took.
    const adds = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        attemptsUntilAnswered(() => post('/comment', { ...onEvent(eventIds[i % 4]!), body: `#load ${i}`, idempotency_key: `load-${i}` }, i % 2 ? org.headers.alice : org.headers.bob)),
      ),
    );
    expect(adds.map((attempts) => attempts.at(-1)!.status)).toEqual(Array(24).fill(200));
    const added = adds.map((attempts) => attempts.at(-1)!.body.data.comment);

    const archives = await Promise.all(
      added.slice(0, 12).map((each) =>
        attemptsUntilAnswered(() =>
          org.post('auditor', '/comment/status', { comment_id: each.comment_id, target_type: 'event', target_id: each.target_id, status: 'archived', expected_revision: 1 }),
        ),
      ),
    );

    // A change answered 503 may have been made: its retry then conflicts with it, and the comment reads as it left it.
    const made = (attempts: HttpResult[]) => attempts.at(-1)!.status === 200 || (attempts.at(-1)!.status === 409 && attempts.at(-2)?.status === 503);
    expect(archives.filter((attempts) => !made(attempts)).map((attempts) => attempts.map((attempt) => attempt.status))).toEqual([]);
    const archived = await Promise.all(
      added.slice(0, 12).map(async (each) => (await org.post('bob', '/comment/get', { comment_id: each.comment_id, ...onEvent(each.target_id) })).body.data.comment),
    );
    expect(archived.map(({ status, current_revision }) => ({ status, current_revision }))).toEqual(Array(12).fill({ status: 'archived', current_revision: 2 }));
    const report = (await org.post('alice', '/comment/report', { org_wide: true })).body.data.report;
    expect(report).toMatchObject({ comment_count: 24, by_status: { current: 12, archived: 12, doomed: 0 }, by_hashtag: { load: 24 }, by_author: { alice: 12, bob: 12 } });
  }, 120_000);
});

describe('notifications', () => {
  it('puts a mention in the inbox of each user and team mentioned, and a reply in the parent author’s, never the author’s own', async () => {
    const eventId = await anEvent();
    const parent = await comment(eventId, { body: 'Question for @bob and @finance_audit, cc @alice' });

    const reply = await comment(eventId, { body: 'Answered', parent_comment_id: parent.comment_id }, org.headers.bob);
    await comment(eventId, { body: 'Thanks', parent_comment_id: reply.comment_id });

    const kinds = (items: any[]) => items.map((item) => `${item.kind} ${item.user_guid ?? `team:${item.team}`}`).sort();
    expect(kinds(await inbox(org.headers.bob))).toEqual(['comment.mention bob', 'comment.reply bob']);
    expect(kinds(await inbox(org.headers.auditor))).toEqual(['comment.mention team:finance_audit']);
    expect(kinds(await inbox(org.headers.alice))).toEqual(['comment.reply alice']);
    const [mention] = (await inbox(org.headers.bob)).filter((item) => item.kind === 'comment.mention');
    expect(mention).toMatchObject({ title: 'alice mentioned you on event ' + eventId, body: parent.body, request_context: { actor: 'alice' } });
  });
});
