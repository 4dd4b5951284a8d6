import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Comment, CommentTarget } from '../../domain/comments/comment';
import type { ExplicitTags } from '../../domain/comments/comment-content';
import { countChanges } from '../../domain/comments/comment-report';
import { type LifecycleStatus } from '../../domain/lifecycle';
import { type GuardedPut, type GuardedWrite, writeAtomically } from '../atomic-write';
import { dynamo, tableName } from '../client';
import { commentCountUpdates } from './comment-count-repository';
import { withoutStorageAttributes } from '../item';
import * as keys from '../keys';
import { type Listing, listingPuts } from '../listings';
import { type Page, type StartKey, queryPage } from '../query-page';
import { updateRevisioned } from '../revisioned-update';

/**
 * Comments (docs/decisions.md: Comments): each in its target's partition,
 * with a copy in the org's list partition on the table of its status and one
 * in its author's (shared/db/listings.ts); the revision a change replaces is
 * kept beside it, and the counters the report reads change in the same
 * transaction.
 */

/** A comment as stored: the record and the tags its caller gave explicitly (kept, never shown). */
export interface StoredComment {
  comment: Comment;
  explicit: ExplicitTags;
}

const explicitAttributes = { hashtags: 'explicit_hashtags', mentions_users: 'explicit_mentions_users', mentions_teams: 'explicit_mentions_teams' } as const;

const keyOf = (comment: Pick<Comment, 'orgcode' | 'target_type' | 'target_id' | 'comment_id'>) =>
  keys.comment(comment.orgcode, comment.target_type, comment.target_id, comment.comment_id);

/** The record's fields as stored: `current_revision` is the `revision` every revisioned write keeps. */
function recordAttributes({ current_revision, ...comment }: Comment) {
  return { ...comment, revision: current_revision };
}

/**
 * Where a comment is listed: the org's list of its status and its author's,
 * by creation (the sort key ends with its id, so it is unique in each list).
 * A status change moves it between lists (docs/decisions.md: Acknowledged
 * writes are listed).
 */
export function commentListings(comment: Pick<Comment, 'orgcode' | 'status' | 'author_guid' | 'created_at' | 'comment_id'>): Listing[] {
  const sortKey = keys.timeOrderedKey(comment.created_at, comment.comment_id);
  return [
    { partition: keys.commentsOfOrg(comment.orgcode, comment.status), sortKey },
    { partition: keys.commentsOfAuthor(comment.orgcode, comment.author_guid, comment.status), sortKey },
  ];
}

function storedComment({ comment, explicit }: StoredComment): Record<string, unknown> {
  return {
    ...keyOf(comment),
    record_type: 'comment',
    ...recordAttributes(comment),
    [explicitAttributes.hashtags]: explicit.hashtags,
    [explicitAttributes.mentions_users]: explicit.mentions_users,
    [explicitAttributes.mentions_teams]: explicit.mentions_teams,
  };
}

function toComment(item: Record<string, unknown>): Comment {
  const { revision, ...rest } = withoutStorageAttributes<Record<string, unknown>>(item);
  for (const attribute of Object.values(explicitAttributes)) delete rest[attribute];
  return { ...rest, current_revision: Number(revision) } as Comment;
}

function toStoredComment(item: Record<string, unknown>): StoredComment {
  const list = (attribute: string) => (item[attribute] as string[] | undefined) ?? [];
  return {
    comment: toComment(item),
    explicit: {
      hashtags: list(explicitAttributes.hashtags),
      mentions_users: list(explicitAttributes.mentions_users),
      mentions_teams: list(explicitAttributes.mentions_teams),
    },
  };
}

/** Consistent read (spec list rule 5: a get by identifier is the consistent read). */
export async function findComment(orgcode: string, target: CommentTarget, commentId: string): Promise<StoredComment | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.comment(orgcode, target.target_type, target.target_id, commentId), ConsistentRead: true }),
  );
  return Item && toStoredComment(Item);
}

/**
 * An earlier revision, as it was. Consistent, though revisions never change:
 * an eventually consistent read may not have the one a revise answered a
 * moment ago yet (docs/decisions.md: Acknowledged writes are listed).
 */
export async function findCommentRevision(orgcode: string, target: CommentTarget, commentId: string, revision: number): Promise<Comment | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.commentRevision(orgcode, target.target_type, target.target_id, commentId, revision),
      ConsistentRead: true,
    }),
  );
  return Item && toComment(Item);
}

/**
 * Stores a new comment, its copies in its lists, its counts and `companions`
 * (its notices, the idempotency record), all or nothing. At the limits
 * (commentLimits: 10 hashtags, 20 users and the 5 teams mentioned, and a
 * reply's notice) that is 3 + 24 counters + 26 notices of 2 writes each + 1 =
 * 80 writes of a transaction's 100.
 */
export async function createComment(stored: StoredComment, companions: GuardedWrite[]): Promise<void> {
  const { comment } = stored;
  const item = storedComment(stored);
  await writeAtomically([
    { item, condition: { expression: 'attribute_not_exists(pk)' } },
    ...listingPuts(item, commentListings(comment)),
    ...commentCountUpdates(comment.orgcode, comment, countChanges(undefined, comment)),
    ...companions,
  ]);
}

/** The replaced revision, kept as it was beside the comment. */
function revisionPut(comment: Comment): GuardedPut {
  return {
    item: {
      ...keys.commentRevision(comment.orgcode, comment.target_type, comment.target_id, comment.comment_id, comment.current_revision),
      record_type: 'comment_revision',
      ...recordAttributes(comment),
    },
  };
}

export interface CommentChange {
  before: Comment;
  after: StoredComment;
  /** The statuses the change may start from; `invalid` is the error for any other. */
  from: readonly LifecycleStatus[];
  invalid: (current: string) => Error;
  companions: GuardedWrite[];
  now: Date;
}

/**
 * Replaces the comment with its next revision under the revision it had
 * (409 when another change came first), keeping the replaced one readable,
 * moving its counts and its copies (from the lists of the comment as it was
 * read, `before`), with `companions` (its notices), all or nothing. At the
 * limits a revise is 3 + 1 + 40 counters + 25 notices of 2 writes = 94 writes,
 * a status change 5 + 1 + 48 = 54.
 */
export async function saveCommentChange(change: CommentChange): Promise<Comment> {
  const { before, after } = change;
  const stored = await updateRevisioned({
    key: keyOf(before),
    expectedRevision: before.current_revision,
    statusMove: { from: change.from, invalid: change.invalid },
    replace: storedComment(after),
    companions: [
      revisionPut(before),
      ...commentCountUpdates(before.orgcode, before, countChanges(before, after.comment)),
      ...change.companions,
    ],
    listings: { before: commentListings(before), after: commentListings(after.comment) },
    now: change.now,
  });
  return toComment(stored);
}

export type CommentListScope = { target: CommentTarget } | { author_guid: string } | { org_wide: true };

export interface CommentListFilter {
  status: LifecycleStatus;
  hashtag?: string;
  /** Created at or after. */
  created_after?: string;
  /** Created before. */
  created_before?: string;
}

/**
 * A page of comments, oldest first, read consistently (queryPage), so it
 * shows every change answered before it. The org's or an author's: a Query of
 * that list partition on the table, the creation window a key condition. A
 * target's: a Query of its partition, filtered on status and creation (a
 * target has few comments). The hashtag is always a filter.
 */
export function listComments(
  orgcode: string,
  scope: CommentListScope,
  filter: CommentListFilter,
  limit: number,
  startKey?: StartKey,
): Promise<Page<Comment>> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const filters: string[] = [];
  if (filter.hashtag !== undefined) {
    names['#hashtags'] = 'hashtags';
    values[':hashtag'] = filter.hashtag;
    filters.push('contains(#hashtags, :hashtag)');
  }
  let keyCondition: string;
  if ('target' in scope) {
    values[':pk'] = keys.commentsOfTarget(orgcode, scope.target.target_type, scope.target.target_id);
    values[':prefix'] = keys.commentSortKeyPrefix;
    keyCondition = 'pk = :pk AND begins_with(sk, :prefix)';
    names['#status'] = 'status';
    values[':status'] = filter.status;
    filters.push('#status = :status');
    if (filter.created_after !== undefined) {
      names['#created'] = 'created_at';
      values[':after'] = filter.created_after;
      filters.push('#created >= :after');
    }
    if (filter.created_before !== undefined) {
      names['#created'] = 'created_at';
      values[':before'] = filter.created_before;
      filters.push('#created < :before');
    }
  } else {
    values[':pk'] = 'org_wide' in scope ? keys.commentsOfOrg(orgcode, filter.status) : keys.commentsOfAuthor(orgcode, scope.author_guid, filter.status);
    // Sort keys are `<created_at>#<id>`: an instant's keys sort right after the instant itself, so `>= after`
    // keeps those created at `after`, and `< before` (or BETWEEN, whose inclusive end no key equals) leaves out `before`'s.
    const [after, before] = [filter.created_after, filter.created_before];
    if (after !== undefined) values[':after'] = after;
    if (before !== undefined) values[':before'] = before;
    keyCondition =
      'pk = :pk' +
      (after !== undefined && before !== undefined
        ? ' AND sk BETWEEN :after AND :before'
        : after !== undefined
          ? ' AND sk >= :after'
          : before !== undefined
            ? ' AND sk < :before'
            : '');
  }
  return queryPage(
    {
      KeyConditionExpression: keyCondition,
      ...(filters.length > 0 && { FilterExpression: filters.join(' AND ') }),
      ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
      ExpressionAttributeValues: values,
    },
    limit,
    startKey,
    toComment,
  );
}
