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
import { type Page, type StartKey, queryPage } from '../query-page';
import { updateRevisioned } from '../revisioned-update';

/**
 * Comments (docs/decisions.md: Comments): each in its target's partition,
 * listed by the org's status partition on gsi1 and the author's on gsi2; the
 * revision a change replaces is kept beside it, and the counters the report
 * reads change in the same transaction.
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

function storedComment({ comment, explicit }: StoredComment): Record<string, unknown> {
  const listedAt = keys.timeOrderedKey(comment.created_at, comment.comment_id);
  return {
    ...keyOf(comment),
    record_type: 'comment',
    ...recordAttributes(comment),
    [explicitAttributes.hashtags]: explicit.hashtags,
    [explicitAttributes.mentions_users]: explicit.mentions_users,
    [explicitAttributes.mentions_teams]: explicit.mentions_teams,
    gsi1pk: keys.commentsOfOrg(comment.orgcode, comment.status),
    gsi1sk: listedAt,
    gsi2pk: keys.commentsOfAuthor(comment.orgcode, comment.author_guid, comment.status),
    gsi2sk: listedAt,
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

/** An earlier revision, as it was (revisions are immutable, so any copy read is right). */
export async function findCommentRevision(orgcode: string, target: CommentTarget, commentId: string, revision: number): Promise<Comment | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.commentRevision(orgcode, target.target_type, target.target_id, commentId, revision) }),
  );
  return Item && toComment(Item);
}

/** Stores a new comment, its counts and `companions` (its notices, the idempotency record), all or nothing. */
export async function createComment(stored: StoredComment, companions: GuardedWrite[]): Promise<void> {
  const { comment } = stored;
  await writeAtomically([
    { item: storedComment(stored), condition: { expression: 'attribute_not_exists(pk)' } },
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
 * (409 when another change came first), keeping the replaced one readable and
 * moving its counts, with `companions` (its notices), all or nothing.
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
 * A page of comments, oldest first. The org's or an author's: a Query of
 * that status partition (gsi1, gsi2), the creation window a key condition.
 * A target's: a Query of its partition, filtered on status and creation
 * (a target has few comments). The hashtag is always a filter.
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
  let index: 'gsi1' | 'gsi2' | undefined;
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
    index = 'org_wide' in scope ? 'gsi1' : 'gsi2';
    values[':pk'] = 'org_wide' in scope ? keys.commentsOfOrg(orgcode, filter.status) : keys.commentsOfAuthor(orgcode, scope.author_guid, filter.status);
    // Sort keys are `<created_at>#<id>`: an instant's keys sort right after the instant itself, so `>= after`
    // keeps those created at `after`, and `< before` (or BETWEEN, whose inclusive end no key equals) leaves out `before`'s.
    const sortKey = `${index}sk`;
    const [after, before] = [filter.created_after, filter.created_before];
    if (after !== undefined) values[':after'] = after;
    if (before !== undefined) values[':before'] = before;
    keyCondition =
      `${index}pk = :pk` +
      (after !== undefined && before !== undefined
        ? ` AND ${sortKey} BETWEEN :after AND :before`
        : after !== undefined
          ? ` AND ${sortKey} >= :after`
          : before !== undefined
            ? ` AND ${sortKey} < :before`
            : '');
  }
  return queryPage(
    {
      ...(index && { IndexName: index }),
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
