import type { Comment } from '../../shared/domain/comments/comment';
import { systemOrigin } from '../../shared/domain/change-origin';
import { addresseesOf, isAddressedTo } from '../../shared/domain/inbox/inbox-item';
import { mentionNotices, payoutApprovedNotice, replyNotice } from '../../shared/domain/inbox/notices';

const now = new Date('2026-11-20T10:00:00Z');
const origin = (actor: string) => ({ ...systemOrigin('ACME', actor, now), requestContext: { orgcode: 'ACME', actor, context_source: 'session' as const } });

function aComment(overrides: Partial<Comment> = {}): Comment {
  return {
    comment_id: 'cmt_1',
    orgcode: 'ACME',
    target_type: 'invoice',
    target_id: 'inv_1',
    status: 'current',
    current_revision: 1,
    body: 'hello',
    attachments: [],
    total_size_bytes: 0,
    hashtags: [],
    mentions_users: [],
    mentions_teams: [],
    author_guid: 'alice',
    request_context: { orgcode: 'ACME', actor: 'alice', context_source: 'session' },
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    ...overrides,
  };
}

describe('addressees', () => {
  it("are the caller's actor and each service role it holds", () => {
    const caller = { actor: 'dana', roles: ['finance_audit', 'not_a_role'] };
    expect(addresseesOf(caller)).toEqual([{ user_guid: 'dana' }, { team: 'finance_audit' }]);
    expect(isAddressedTo({ team: 'finance_audit' }, caller)).toBe(true);
    expect(isAddressedTo({ team: 'acct_view' }, caller)).toBe(false);
    expect(isAddressedTo({ user_guid: 'bob' }, caller)).toBe(false);
  });
});

describe('notices', () => {
  it('derive their ids from their cause: the same cause, the same item; another revision, another', () => {
    const mentions = { users: ['bob'], teams: ['finance_audit'] };
    const [first] = mentionNotices(aComment(), mentions, origin('alice'));
    const [again] = mentionNotices(aComment(), mentions, origin('alice'));
    const [revised] = mentionNotices(aComment({ current_revision: 2 }), mentions, origin('alice'));
    expect(first?.item_id).toBe(again?.item_id);
    expect(first?.item_id).not.toBe(revised?.item_id);
  });

  it('never tell anyone of their own doing', () => {
    expect(mentionNotices(aComment(), { users: ['alice'], teams: [] }, origin('alice'))).toEqual([]);
    expect(replyNotice(aComment({ comment_id: 'cmt_2' }), aComment(), origin('alice'))).toBeUndefined();
    const payout = { payout_id: 'cpo_1', associate_id: 'a', currency: 'USD', amount: 10, request_context: { actor: 'paula' } };
    expect(payoutApprovedNotice(payout, origin('paula'))).toBeUndefined();
    expect(payoutApprovedNotice(payout, origin('quinn'))).toMatchObject({ user_guid: 'paula', kind: 'payout.approved' });
  });
});
