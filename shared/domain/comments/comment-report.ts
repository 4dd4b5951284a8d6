import * as z from 'zod/mini';
import { builtOnFirstUse } from '../common-schemas';
import { type LifecycleStatus, lifecycleStatuses } from '../lifecycle';
import { type Comment, type CommentTarget, commentTargetTypes } from './comment';

/**
 * `/comment/report` (docs/decisions.md: Comments): how many comments a target
 * or the organisation has, by status, by hashtag and by author. Counts are
 * kept per status, hashtag and author as comments change, in the change's own
 * transaction, so a report reads counters, never the comments.
 */

export const countDimensions = ['status', 'hashtag', 'author'] as const;
export type CountDimension = (typeof countDimensions)[number];

/** One counter: comments of `status` (with this hashtag, or by this author). */
export interface CountKey {
  dimension: CountDimension;
  status: LifecycleStatus;
  /** The hashtag or author; the status itself for the status dimension. */
  value: string;
}

export interface CountChange extends CountKey {
  delta: number;
}

/** The counters a comment adds one to. */
function countKeysOf(comment: Pick<Comment, 'status' | 'hashtags' | 'author_guid'>): CountKey[] {
  const { status } = comment;
  return [
    { dimension: 'status', status, value: status },
    ...comment.hashtags.map((hashtag) => ({ dimension: 'hashtag' as const, status, value: hashtag })),
    { dimension: 'author', status, value: comment.author_guid },
  ];
}

const keyOf = (count: CountKey) => `${count.dimension}\n${count.status}\n${count.value}`;

/**
 * What changing a comment from `before` (none: it is new) to `after` does to
 * the counters, netted: a counter both versions count is not touched, so no
 * counter appears twice in one transaction.
 */
export function countChanges(
  before: Pick<Comment, 'status' | 'hashtags' | 'author_guid'> | undefined,
  after: Pick<Comment, 'status' | 'hashtags' | 'author_guid'>,
): CountChange[] {
  const changes = new Map<string, CountChange>();
  const add = (counts: CountKey[], delta: number) => {
    for (const count of counts) {
      const key = keyOf(count);
      const netted = (changes.get(key)?.delta ?? 0) + delta;
      changes.set(key, { ...count, delta: netted });
    }
  };
  if (before) add(countKeysOf(before), -1);
  add(countKeysOf(after), 1);
  return [...changes.values()].filter((change) => change.delta !== 0);
}

export interface CountRow extends CountKey {
  count: number;
}

const statusCounts = builtOnFirstUse(() => z.object({ current: z.int(), archived: z.int(), doomed: z.int() }));

export const commentReportSchema = builtOnFirstUse(() => z.object({
  target_type: z.optional(z.enum(commentTargetTypes)),
  target_id: z.optional(z.string()),
  org_wide: z.optional(z.boolean()),
  /** The status `by_hashtag` and `by_author` count; absent: every status. */
  status: z.optional(z.enum(lifecycleStatuses)),
  /** Comments of every status. */
  comment_count: z.int(),
  by_status: statusCounts,
  /** Comments of the status asked for (or all) per hashtag. */
  by_hashtag: z.record(z.string(), z.int()),
  /** Comments of the status asked for (or all) per author. */
  by_author: z.record(z.string(), z.int()),
}));
export type CommentReport = z.infer<typeof commentReportSchema>;

/** The report of a scope from its counters; counters at zero are left out. */
export function commentReport(scope: CommentTarget | { org_wide: true }, status: LifecycleStatus | undefined, rows: readonly CountRow[]): CommentReport {
  const byStatus = { current: 0, archived: 0, doomed: 0 };
  // Without a prototype: an author may be called `__proto__`.
  const byHashtag: Record<string, number> = Object.create(null);
  const byAuthor: Record<string, number> = Object.create(null);
  for (const row of rows) {
    if (row.count === 0) continue;
    if (row.dimension === 'status') byStatus[row.status] += row.count;
    else if (status === undefined || row.status === status) {
      const tally = row.dimension === 'hashtag' ? byHashtag : byAuthor;
      tally[row.value] = (tally[row.value] ?? 0) + row.count;
    }
  }
  return {
    ...scope,
    ...(status !== undefined && { status }),
    comment_count: byStatus.current + byStatus.archived + byStatus.doomed,
    by_status: byStatus,
    by_hashtag: byHashtag,
    by_author: byAuthor,
  };
}
