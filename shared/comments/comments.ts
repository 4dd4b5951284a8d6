import type { Caller } from '../domain/auth/caller';
import { findComment, findCommentRevision, createComment, saveCommentChange } from '../db/comments/comment-repository';
import { commentTargetExists } from '../db/comments/comment-target-repository';
import { retryingConflicts } from '../db/conflict-retry';
import { type IdempotencyClaim, idempotencyRecordPut } from '../db/idempotency-repository';
import { inboxItemPuts } from '../db/inbox/inbox-repository';
import type { ChangeOrigin } from '../domain/change-origin';
import { type Comment, type CommentTarget, NotCommentAuthorError, mayChangeComment } from '../domain/comments/comment';
import { addedMentions, commentContent, explicitTags, movedComment, newComment, revisedComment } from '../domain/comments/comment-content';
import type { CommentAddRequest, CommentReviseRequest, CommentStatusRequest } from '../domain/comments/comment-requests';
import { InvalidStateError, NotFoundError, RevisionConflictError } from '../domain/errors';
import { newId } from '../domain/identifiers';
import { mentionNotices, replyNotice } from '../domain/inbox/notices';
import { changeableStatuses, invalidLifecycleMove, lifecycleMoveSources } from '../domain/lifecycle';
import { requireExpectedRevision } from '../domain/revision';

const targetOf = (request: CommentTarget): CommentTarget => ({ target_type: request.target_type, target_id: request.target_id });

/**
 * The target a call names must be a record of the caller's organisation, else
 * 404, whether it adds, lists or reports: another organisation's record is
 * simply not found, and neither is one that does not exist.
 */
export async function requireCommentTarget(orgcode: string, target: CommentTarget): Promise<void> {
  if (!(await commentTargetExists(orgcode, targetOf(target)))) {
    throw new NotFoundError(`No ${target.target_type} ${target.target_id} in this organisation`);
  }
}

/**
 * `/comment` (docs/decisions.md: Comments):
 * 1. The target must be a record of the caller's organisation, and a parent a
 *    comment on the same target that is not doomed.
 * 2. The explicit hashtags and mentions are merged with the body's.
 * 3. One transaction writes the comment and its copies in its lists, its
 *    counts, an inbox item (and its copy in its list) for every user and team
 *    it mentions and for the parent's author, and the idempotency record: all
 *    of it happens once, or not at all, and every list shows it at once.
 */
export async function addComment(request: CommentAddRequest, origin: ChangeOrigin, idempotency?: IdempotencyClaim): Promise<{ comment: Comment }> {
  const target = targetOf(request);
  await requireCommentTarget(origin.orgcode, target);
  const parent = request.parent_comment_id === undefined ? undefined : await findComment(origin.orgcode, target, request.parent_comment_id);
  if (request.parent_comment_id !== undefined && !parent) throw new NotFoundError(`No comment ${request.parent_comment_id} on this target`);
  if (parent?.comment.status === 'doomed') {
    throw new InvalidStateError('A doomed comment takes no replies', { parent_comment_id: request.parent_comment_id, status: 'doomed' });
  }

  const explicit = explicitTags(request);
  const comment = newComment(newId('cmt', origin.now), target, request.parent_comment_id, commentContent(request, explicit), origin);
  const notices = [
    ...mentionNotices(comment, { users: comment.mentions_users, teams: comment.mentions_teams }, origin),
    ...(parent ? [replyNotice(comment, parent.comment, origin)] : []),
  ].flatMap((notice) => (notice ? inboxItemPuts(notice) : []));
  const data = { comment };
  // Every change of the org's comments adds to the org's counters: two at once may meet there and go again.
  await retryingConflicts(async () => {
    await createComment({ comment, explicit }, [...notices, ...(idempotency ? [idempotencyRecordPut(idempotency, data, origin.now)] : [])]);
    return true;
  });
  return data;
}

/** `/comment/get`: the comment as it is, or as it was at an earlier `revision`. */
export async function readComment(orgcode: string, target: CommentTarget, commentId: string, revision?: number): Promise<{ comment: Comment }> {
  const stored = await findComment(orgcode, targetOf(target), commentId);
  if (!stored) throw new NotFoundError();
  const current = stored.comment;
  if (revision === undefined || revision === current.current_revision) return { comment: current };
  const earlier = revision < current.current_revision ? await findCommentRevision(orgcode, targetOf(target), commentId, revision) : undefined;
  if (!earlier) throw new NotFoundError(`Comment ${commentId} has no revision ${revision}; its current revision is ${current.current_revision}`);
  return { comment: earlier };
}

/**
 * The comment a revise or status call changes, after the checks every change
 * makes in this order: expected_revision given (428), the comment exists
 * (404), the caller may change it (403), the revision is still current (409).
 */
async function commentToChange(request: { comment_id: string; expected_revision?: number } & CommentTarget, caller: Caller) {
  const expected = requireExpectedRevision(request.expected_revision);
  const stored = await findComment(caller.orgcode, targetOf(request), request.comment_id);
  if (!stored) throw new NotFoundError();
  if (!mayChangeComment(caller, stored.comment)) throw new NotCommentAuthorError();
  if (stored.comment.current_revision !== expected) throw new RevisionConflictError(expected, stored.comment.current_revision);
  return stored;
}

/**
 * `/comment/revise`: replaces the content fields given (the tags and mentions
 * found in a new body with them), keeping the replaced revision readable. An
 * inbox item goes to each user and team the new revision mentions that the
 * one before did not. A doomed comment is never revised (409 invalid-state).
 */
export async function reviseComment(request: CommentReviseRequest, caller: Caller, origin: ChangeOrigin): Promise<{ comment: Comment }> {
  const { comment: before, explicit: keptExplicit } = await commentToChange(request, caller);
  const explicit = explicitTags(request, keptExplicit);
  const fields = {
    caption: request.caption ?? before.caption,
    body: request.body ?? before.body,
    attachments: request.attachments ?? before.attachments,
  };
  const after = revisedComment(before, commentContent(fields, explicit), origin.requestContext, origin.now);
  const added = addedMentions({ users: before.mentions_users, teams: before.mentions_teams }, after);
  const comment = await saveCommentChange({
    before,
    after: { comment: after, explicit },
    from: changeableStatuses,
    invalid: (from) => new InvalidStateError(`A ${from} comment cannot be revised`, { status: from }),
    companions: mentionNotices(after, added, origin).flatMap(inboxItemPuts),
    now: origin.now,
  });
  return { comment };
}

/** `/comment/status`: current and archived move to each other, either to doomed, which is terminal. */
export async function setCommentStatus(request: CommentStatusRequest, caller: Caller, origin: ChangeOrigin): Promise<{ comment: Comment }> {
  const { comment: before, explicit } = await commentToChange(request, caller);
  const target = request.status;
  const from = lifecycleMoveSources(target);
  if (!from.includes(before.status)) throw invalidLifecycleMove('comment', before.status, target);
  const comment = await saveCommentChange({
    before,
    after: { comment: movedComment(before, target, origin.requestContext, origin.now), explicit },
    from,
    invalid: (status) => invalidLifecycleMove('comment', status, target),
    companions: [],
    now: origin.now,
  });
  return { comment };
}
