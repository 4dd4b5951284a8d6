import { callerHeaders, uniqueOrgcode } from '../support/callers';
import { type LocalApi, post, startLocalApi } from '../support/local-api';

/**
 * Comments (docs/decisions.md: Comments) through the HTTP routes and DynamoDB
 * Local: targets, threads, tags and mentions, the three list modes, revisions,
 * statuses, the report, and what they put in inboxes.
 */

let api: LocalApi;
let orgcode: string;
let owner: Record<string, string>;
let alice: Record<string, string>;
let bob: Record<string, string>;
let auditor: Record<string, string>;
let outsider: Record<string, string>;

beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

beforeEach(async () => {
  orgcode = uniqueOrgcode('CMT');
  owner = await callerHeaders({ orgcode, actor: 'olga', owner: true });
  // Members with no role at all: comments are for any member of the organisation.
  alice = await callerHeaders({ orgcode, actor: 'alice' });
  bob = await callerHeaders({ orgcode, actor: 'bob', kind: 'session' });
  auditor = await callerHeaders({ orgcode, actor: 'carol', roles: ['finance_audit'] });
  const otherOrgcode = uniqueOrgcode('CMTX');
  outsider = await callerHeaders({ orgcode: otherOrgcode, actor: 'alice', owner: true, roles: ['finance_audit'] });
});

/** An accounting event of the org to comment on (the owner may record events). */
async function anEvent(headers = owner): Promise<string> {
  const response = await post(
    '/event/record',
    {
      event_type: 'order.placed',
      occurred_at: '2026-11-20T10:15:00Z',
      reason: 'Order placed',
      source_refs: [{ kind: 'order', id: 'ord_1' }],
      request_context: { orgcode: headers['x-orgcode'], actor: 'olga', context_source: 'api_key' },
    },
    headers,
  );
  expect(response.status).toBe(200);
  return response.body.data.event.event_id;
}

const onEvent = (eventId: string) => ({ target_type: 'event', target_id: eventId });

async function comment(eventId: string, fields: Record<string, unknown>, headers = alice) {
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
      orgcode,
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
      request_context: { orgcode, actor: 'alice', context_source: 'api_key' },
    });
    expect(added.comment_id).toMatch(/^cmt_/);
    const read = await post('/comment/get', { comment_id: added.comment_id, ...onEvent(eventId) }, bob);
    expect(read.body.data.comment).toEqual(added);
  });

  it('answers 404 for a target the organisation does not have, even one another organisation has', async () => {
    const theirs = await anEvent(outsider);
    const mine = await post('/comment', { ...onEvent('evt_missing'), body: 'x' }, alice);
    const foreign = await post('/comment', { ...onEvent(theirs), body: 'x' }, alice);
    const rollup = await post('/comment', { target_type: 'financial_rollup', target_id: '2026-11-20/sales/web_store', body: 'x' }, alice);

    for (const response of [mine, foreign, rollup]) expect(response.status).toBe(404);
  });

  it('refuses a comment that says nothing, an unknown target type, and more hashtags or mentions than the limits', async () => {
    const eventId = await anEvent();
    const empty = await post('/comment', onEvent(eventId), alice);
    const unknownType = await post('/comment', { target_type: 'customer', target_id: 'c1', body: 'x' }, alice);
    const tooManyTags = await post('/comment', { ...onEvent(eventId), body: Array.from({ length: 11 }, (_, i) => `#t${i}`).join(' ') }, alice);
    const tooManyUsers = await post('/comment', { ...onEvent(eventId), body: 'x', mentions_users: Array.from({ length: 21 }, (_, i) => `u${i}`) }, alice);
    const unknownTeam = await post('/comment', { ...onEvent(eventId), body: 'x', mentions_teams: ['sales'] }, alice);

    expect(issuePaths(empty)).toEqual(['body']);
    expect(issuePaths(unknownType)).toEqual(['target_type']);
    expect(tooManyTags.body.error).toMatchObject({ details: { issues: [{ path: 'hashtags', message: expect.stringMatching(/at most 10 \(found 11\)/) }] } });
    expect(issuePaths(tooManyUsers)).toEqual(['mentions_users']);
    expect(issuePaths(unknownTeam)).toEqual(['mentions_teams.0']);
  });

  it('threads a reply under a parent of the same target only, never under a doomed one', async () => {
    const eventId = await anEvent();
    const otherEventId = await anEvent();
    const parent = await comment(eventId, { body: 'Why is this order here?' });

    const reply = await comment(eventId, { body: 'Entered twice', parent_comment_id: parent.comment_id }, bob);
    const elsewhere = await post('/comment', { ...onEvent(otherEventId), body: 'x', parent_comment_id: parent.comment_id }, bob);
    await post('/comment/status', { comment_id: parent.comment_id, ...onEvent(eventId), status: 'doomed', expected_revision: 1 }, alice);
    const underDoomed = await post('/comment', { ...onEvent(eventId), body: 'x', parent_comment_id: parent.comment_id }, bob);

    expect(reply.parent_comment_id).toBe(parent.comment_id);
    expect(elsewhere.status).toBe(404);
    expect(underDoomed.status).toBe(409);
    expect(underDoomed.body.error.major.tag).toBe('invalid-state');
  });

  it('adds once per idempotency key: a replay answers the same comment and notifies nobody twice', async () => {
    const eventId = await anEvent();
    const body = { ...onEvent(eventId), body: 'Please check @bob', idempotency_key: 'check-1' };

    const [first, second] = [await post('/comment', body, alice), await post('/comment', body, alice)];
    const listed = await post('/comment/list', onEvent(eventId), alice);

    expect(second.body.data).toEqual(first.body.data);
    expect(listed.body.data.comments).toHaveLength(1);
    expect((await inbox(bob)).filter((item) => item.kind === 'comment.mention')).toHaveLength(1);
  });
});

describe('/comment/get', () => {
  it("answers 404 for another organisation's comment, and for a comment asked for under another target", async () => {
    const theirEvent = await anEvent(outsider);
    const theirs = await comment(theirEvent, { body: 'private' }, outsider);
    const eventId = await anEvent();
    const mine = await comment(eventId, { body: 'mine' });

    const foreign = await post('/comment/get', { comment_id: theirs.comment_id, ...onEvent(theirEvent) }, alice);
    const wrongTarget = await post('/comment/get', { comment_id: mine.comment_id, ...onEvent(theirEvent) }, alice);

    expect(foreign.status).toBe(404);
    expect(wrongTarget.status).toBe(404);
  });
});

describe('/comment/list', () => {
  it("lists a target's comments, a user's, or the organisation's, oldest first", async () => {
    const [first, second] = [await anEvent(), await anEvent()];
    const a1 = await comment(first, { body: 'one' });
    const b1 = await comment(first, { body: 'two' }, bob);
    const a2 = await comment(second, { body: 'three' });

    const ids = async (filter: Record<string, unknown>) => {
      const response = await post('/comment/list', filter, bob);
      expect(response.status).toBe(200);
      return response.body.data.comments.map((listed: { comment_id: string }) => listed.comment_id);
    };

    expect(await ids(onEvent(first))).toEqual([a1.comment_id, b1.comment_id]);
    expect(await ids({ user_guid: 'alice' })).toEqual([a1.comment_id, a2.comment_id]);
    expect(await ids({ org_wide: true })).toEqual([a1.comment_id, b1.comment_id, a2.comment_id]);
    expect(await post('/comment/list', { org_wide: true }, outsider)).toMatchObject({ body: { data: { comments: [] } } });
  });

  it('needs exactly one of a target, a user or org_wide: true, naming the rule otherwise', async () => {
    const rule = /give exactly one of target_type with target_id, user_guid, or org_wide: true/;
    for (const filter of [{}, { org_wide: false }, { target_type: 'event' }, { target_id: 'evt_1' }, { user_guid: 'alice', org_wide: true }, { target_type: 'event', target_id: 'e', user_guid: 'bob' }]) {
      const response = await post('/comment/list', filter, alice);
      expect({ filter, status: response.status }).toEqual({ filter, status: 400 });
      expect(response.body.error.message).toMatch(rule);
    }
  });

  it('filters by status (current unless asked), hashtag and creation window, in every mode', async () => {
    const eventId = await anEvent();
    const tagged = await comment(eventId, { body: 'about #VAT' });
    const archived = await comment(eventId, { body: 'old #vat' });
    await post('/comment/status', { comment_id: archived.comment_id, ...onEvent(eventId), status: 'archived', expected_revision: 1 }, alice);
    await comment(eventId, { body: 'untagged' });
    const later = new Date(Date.parse(tagged.created_at) + 1).toISOString();

    for (const scope of [onEvent(eventId), { user_guid: 'alice' }, { org_wide: true }]) {
      const list = async (filter: Record<string, unknown>) =>
        (await post('/comment/list', { ...scope, ...filter }, bob)).body.data.comments.map((listed: { comment_id: string }) => listed.comment_id);
      expect(await list({ hashtag: '#vat' })).toEqual([tagged.comment_id]);
      expect(await list({ status: 'archived', hashtag: 'VAT' })).toEqual([archived.comment_id]);
      expect(await list({ created_before: tagged.created_at })).toEqual([]);
      expect(await list({ created_after: tagged.created_at, created_before: later, hashtag: 'vat' })).toEqual([tagged.comment_id]);
      expect((await list({ created_after: later })).includes(tagged.comment_id)).toBe(false);
    }
    const backwards = await post('/comment/list', { org_wide: true, created_after: later, created_before: tagged.created_at }, bob);
    expect(issuePaths(backwards)).toEqual(['created_before']);
  });

  it('pages with tokens bound to the listing, at most 100 a page', async () => {
    const eventId = await anEvent();
    const added = [];
    for (let i = 0; i < 5; i += 1) added.push((await comment(eventId, { body: `note ${i}` })).comment_id);

    const seen: string[] = [];
    let next_token: string | undefined;
    do {
      const page = await post('/comment/list', { ...onEvent(eventId), limit: 2, ...(next_token && { next_token }) }, bob);
      expect(page.body.data.comments.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.comments.map((listed: { comment_id: string }) => listed.comment_id));
      next_token = page.body.data.next_token ?? undefined;
      if (next_token) {
        const elsewhere = await post('/comment/list', { org_wide: true, next_token }, bob);
        expect(elsewhere.body.error.error_code).toBe('accounting.invalid_token');
      }
    } while (next_token);
    const clamped = await post('/comment/list', { ...onEvent(eventId), limit: 1000 }, bob);

    expect(seen).toEqual(added);
    expect(clamped.body.data.comments).toHaveLength(5);
  });
});

describe('/comment/revise', () => {
  it('makes a new revision under the expected one, keeping the earlier one readable', async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, { caption: 'Note', body: 'first words #draft', hashtags: ['kept'] });
    const address = { comment_id: added.comment_id, ...onEvent(eventId) };

    const missing = await post('/comment/revise', { ...address, body: 'x' }, alice);
    const revised = await post('/comment/revise', { ...address, expected_revision: 1, body: 'second words #final' }, alice);
    const stale = await post('/comment/revise', { ...address, expected_revision: 1, body: 'third' }, alice);

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
    const first = await post('/comment/get', { ...address, revision: 1 }, bob);
    expect(first.body.data.comment).toEqual(added);
    expect((await post('/comment/get', { ...address, revision: 2 }, bob)).body.data.comment).toEqual(revised.body.data.comment);
    expect((await post('/comment/get', { ...address, revision: 3 }, bob)).status).toBe(404);
  });

  it("lets only the author, the owner or finance_audit revise a comment", async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, { body: 'mine' });
    const address = { comment_id: added.comment_id, ...onEvent(eventId) };

    const byBob = await post('/comment/revise', { ...address, expected_revision: 1, body: 'hijacked' }, bob);
    const byAuditor = await post('/comment/revise', { ...address, expected_revision: 1, body: 'audited' }, auditor);
    const byOwner = await post('/comment/revise', { ...address, expected_revision: 2, body: 'owned' }, owner);
    const byOutsider = await post('/comment/revise', { ...address, expected_revision: 3, body: 'x' }, outsider);

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

    await post('/comment/revise', { ...address, expected_revision: 1, body: 'cc @bob and @carol' }, alice);

    const bobsMentions = (await inbox(bob)).filter((item) => item.kind === 'comment.mention');
    const carolsMentions = (await inbox(auditor)).filter((item) => item.kind === 'comment.mention' && item.user_guid === 'carol');
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
    await post('/comment/status', { ...address, status: 'doomed', expected_revision: 1 }, alice);

    const revised = await post('/comment/revise', { ...address, expected_revision: 2, body: 'back' }, alice);

    expect(revised.status).toBe(409);
    expect(revised.body.error.major.tag).toBe('invalid-state');
  });
});

describe('/comment/status', () => {
  it('moves current to archived and back, and either to doomed, which is terminal', async () => {
    const eventId = await anEvent();
    const added = await comment(eventId, { body: 'lifecycle' });
    const address = { comment_id: added.comment_id, ...onEvent(eventId) };
    const move = (status: string, expected_revision?: number) => post('/comment/status', { ...address, status, expected_revision }, alice);

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
    expect((await post('/comment/get', { ...address, revision: 2 }, bob)).body.data.comment.status).toBe('archived');
    expect((await post('/comment/status', { ...address, status: 'archived', expected_revision: 4 }, bob)).status).toBe(403);
  });
});

describe('/comment/report', () => {
  it("counts a target's comments and the organisation's by status, hashtag and author", async () => {
    const [first, second] = [await anEvent(), await anEvent()];
    await comment(first, { body: '#vat #q4' });
    const archived = await comment(first, { body: '#vat' }, bob);
    await comment(second, { body: '#q4' }, bob);
    await post('/comment/status', { comment_id: archived.comment_id, ...onEvent(first), status: 'archived', expected_revision: 1 }, bob);
    await post('/comment/revise', { comment_id: archived.comment_id, ...onEvent(first), expected_revision: 2, body: '#gst' }, bob);

    const report = async (request: Record<string, unknown>) => (await post('/comment/report', request, alice)).body.data.report;

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
    expect((await post('/comment/report', { org_wide: true }, outsider)).body.data.report.comment_count).toBe(0);
    expect((await post('/comment/report', { user_guid: 'alice' }, alice)).status).toBe(400);
  });

  it('stays exact while many comments of the organisation change at once', async () => {
    const eventIds = await Promise.all(Array.from({ length: 4 }, () => anEvent()));
    const added = await Promise.all(
      Array.from({ length: 24 }, (_, i) => comment(eventIds[i % 4]!, { body: `#load ${i}` }, i % 2 ? alice : bob)),
    );

    const archived = await Promise.all(
      added.slice(0, 12).map((each) =>
        post('/comment/status', { comment_id: each.comment_id, target_type: 'event', target_id: each.target_id, status: 'archived', expected_revision: 1 }, auditor),
      ),
    );

    expect(archived.map((response) => response.status)).toEqual(Array(12).fill(200));
    const report = (await post('/comment/report', { org_wide: true }, alice)).body.data.report;
    expect(report).toMatchObject({ comment_count: 24, by_status: { current: 12, archived: 12, doomed: 0 }, by_hashtag: { load: 24 }, by_author: { alice: 12, bob: 12 } });
  });
});

describe('notifications', () => {
  it('puts a mention in the inbox of each user and team mentioned, and a reply in the parent author’s, never the author’s own', async () => {
    const eventId = await anEvent();
    const parent = await comment(eventId, { body: 'Question for @bob and @finance_audit, cc @alice' });

    const reply = await comment(eventId, { body: 'Answered', parent_comment_id: parent.comment_id }, bob);
    await comment(eventId, { body: 'Thanks', parent_comment_id: reply.comment_id });

    const kinds = (items: any[]) => items.map((item) => `${item.kind} ${item.user_guid ?? `team:${item.team}`}`).sort();
    expect(kinds(await inbox(bob))).toEqual(['comment.mention bob', 'comment.reply bob']);
    expect(kinds(await inbox(auditor))).toEqual(['comment.mention team:finance_audit']);
    expect(kinds(await inbox(alice))).toEqual(['comment.reply alice']);
    const [mention] = (await inbox(bob)).filter((item) => item.kind === 'comment.mention');
    expect(mention).toMatchObject({ title: 'alice mentioned you on event ' + eventId, body: parent.body, request_context: { actor: 'alice' } });
  });
});
