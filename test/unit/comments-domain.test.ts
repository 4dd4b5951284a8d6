import { countChanges, commentReport } from '../../shared/domain/comments/comment-report';
import { targetId } from '../../shared/domain/comments/comment';
import { hashtagsIn, mentionsIn } from '../../shared/domain/comments/comment-text';
import { invalidLifecycleMove, lifecycleMoveSources } from '../../shared/domain/lifecycle';

const teams = ['finance_audit', 'acct_view'];

describe('hashtags and mentions in a body', () => {
  it('finds tags and names where a word starts, lowercasing tags and keeping names as written', () => {
    expect(hashtagsIn('#Q4 close, see #VAT-2026. Not a#b, &#39; or https://x.test/#frag; #_x nor # alone')).toEqual(['q4', 'vat-2026']);
    expect(mentionsIn('@Alice, @bob.smith. and @finance_audit: mail carol@example.com or @@dave', teams)).toEqual({
      users: ['Alice', 'bob.smith'],
      teams: ['finance_audit'],
    });
    expect(hashtagsIn(undefined)).toEqual([]);
  });
});

describe('comment counts', () => {
  const comment = { status: 'current' as const, hashtags: ['vat', 'q4'], author_guid: 'alice' };

  it('counts a new comment once per status, hashtag and author', () => {
    expect(countChanges(undefined, comment)).toEqual([
      { dimension: 'status', status: 'current', value: 'current', delta: 1 },
      { dimension: 'hashtag', status: 'current', value: 'vat', delta: 1 },
      { dimension: 'hashtag', status: 'current', value: 'q4', delta: 1 },
      { dimension: 'author', status: 'current', value: 'alice', delta: 1 },
    ]);
  });

  it('nets a revision down to the counters it changes, and moves every counter with the status', () => {
    expect(countChanges(comment, { ...comment, hashtags: ['vat', 'gst'] })).toEqual([
      { dimension: 'hashtag', status: 'current', value: 'q4', delta: -1 },
      { dimension: 'hashtag', status: 'current', value: 'gst', delta: 1 },
    ]);
    const moved = countChanges(comment, { ...comment, status: 'archived' });
    expect(moved).toHaveLength(8);
    expect(moved.filter((change) => change.delta === 1).every((change) => change.status === 'archived')).toBe(true);
  });

  it('reports by status over all statuses, and by hashtag and author over the status asked for, leaving out zeros', () => {
    const rows = [
      { dimension: 'status' as const, status: 'current' as const, value: 'current', count: 2 },
      { dimension: 'status' as const, status: 'archived' as const, value: 'archived', count: 1 },
      { dimension: 'hashtag' as const, status: 'current' as const, value: 'vat', count: 2 },
      { dimension: 'hashtag' as const, status: 'archived' as const, value: 'vat', count: 1 },
      { dimension: 'hashtag' as const, status: 'current' as const, value: 'gone', count: 0 },
      { dimension: 'author' as const, status: 'archived' as const, value: '__proto__', count: 1 },
    ];
    const report = commentReport({ org_wide: true }, undefined, rows);
    expect(report).toMatchObject({ org_wide: true, comment_count: 3, by_status: { current: 2, archived: 1, doomed: 0 }, by_hashtag: { vat: 3 } });
    // An author may have any name: it is counted as a name, never taken for the map's prototype.
    expect(Object.entries(report.by_author)).toEqual([['__proto__', 1]]);
    expect(commentReport({ target_type: 'invoice', target_id: 'inv_1' }, 'current', rows).by_hashtag).toEqual({ vat: 2 });
  });
});

describe('the lifecycle of comments and inbox items', () => {
  it('moves current and archived to each other, either to doomed, and doomed nowhere', () => {
    expect(lifecycleMoveSources('archived')).toEqual(['current']);
    expect(lifecycleMoveSources('current')).toEqual(['archived']);
    expect(lifecycleMoveSources('doomed')).toEqual(['current', 'archived']);
    expect(invalidLifecycleMove('comment', 'doomed', 'current').message).toBe('A doomed comment cannot become current: a doomed comment never changes again');
  });
});

describe('a comment target id', () => {
  it("refuses exactly Unicode's control characters (Cc), wherever they are in the id", () => {
    const controls = /^\p{Cc}$/u;
    const refused: number[] = [];
    for (let codePoint = 0; codePoint <= 0x2fff; codePoint += 1) {
      if (!targetId.safeParse(`ord_${String.fromCodePoint(codePoint)}_1`).success) refused.push(codePoint);
    }

    expect(refused).toEqual(Array.from({ length: 0x3000 }, (_value, codePoint) => codePoint).filter((codePoint) => controls.test(String.fromCodePoint(codePoint))));
    expect(refused).toHaveLength(65);
  });
});
