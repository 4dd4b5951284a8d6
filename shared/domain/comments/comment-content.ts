import { knownRoles } from '../auth/roles';
import type { ChangeOrigin } from '../change-origin';
import type { RequestContext } from '../common-schemas';
import { ValidationError, type ValidationIssue } from '../errors';
import type { LifecycleStatus } from '../lifecycle';
import { type Comment, type CommentAttachment, type CommentTarget, commentLimits } from './comment';
import { type Mentions, distinct, hashtagsIn, mentionsIn, normalisedHashtag } from './comment-text';

/**
 * The hashtags and mentions a caller gave explicitly. Kept with the comment
 * (never shown), so a revision that rewrites the body keeps them and drops
 * only the tags and mentions the old body had.
 */
export interface ExplicitTags {
  hashtags: string[];
  mentions_users: string[];
  mentions_teams: string[];
}

/** What a comment says: given fields, and the tags and mentions they add up to. */
export interface CommentContent {
  caption?: string;
  body?: string;
  attachments: CommentAttachment[];
  total_size_bytes: number;
  hashtags: string[];
  mentions_users: string[];
  mentions_teams: string[];
}

export interface ContentFields {
  caption?: string;
  body?: string;
  attachments?: CommentAttachment[];
}

/** The explicit tags of a request, falling back to `kept` (a revision's) for the lists it leaves out. */
export function explicitTags(
  given: { hashtags?: string[]; mentions_users?: string[]; mentions_teams?: string[] },
  kept: ExplicitTags = { hashtags: [], mentions_users: [], mentions_teams: [] },
): ExplicitTags {
  return {
    hashtags: distinct((given.hashtags ?? kept.hashtags).map(normalisedHashtag)),
    mentions_users: distinct(given.mentions_users ?? kept.mentions_users),
    mentions_teams: distinct(given.mentions_teams ?? kept.mentions_teams),
  };
}

/**
 * The content of a comment with these fields and explicit tags: the body's
 * hashtags and mentions merged in. The merged lists must keep to the limits
 * (a validation-error naming the list otherwise).
 */
export function commentContent(fields: ContentFields, explicit: ExplicitTags): CommentContent {
  const written = mentionsIn(fields.body, knownRoles);
  const content: CommentContent = {
    ...(fields.caption !== undefined && { caption: fields.caption }),
    ...(fields.body !== undefined && { body: fields.body }),
    attachments: fields.attachments ?? [],
    total_size_bytes: (fields.attachments ?? []).reduce((sum, attachment) => sum + (attachment.size_bytes ?? 0), 0),
    hashtags: distinct([...explicit.hashtags, ...hashtagsIn(fields.body)]),
    mentions_users: distinct([...explicit.mentions_users, ...written.users]),
    mentions_teams: distinct([...explicit.mentions_teams, ...written.teams]),
  };
  const issues: ValidationIssue[] = [];
  const over = (path: string, count: number, limit: number) => {
    if (count > limit) issues.push({ path, message: `with those in the body, must be at most ${limit} (found ${count})` });
  };
  over('hashtags', content.hashtags.length, commentLimits.hashtags);
  over('mentions_users', content.mentions_users.length, commentLimits.mentionedUsers);
  if (issues.length) throw new ValidationError(issues);
  return content;
}

/** A comment as first stored: current, at revision 1. */
export function newComment(
  commentId: string,
  target: CommentTarget,
  parentCommentId: string | undefined,
  content: CommentContent,
  origin: ChangeOrigin,
): Comment {
  const now = origin.now.toISOString();
  return {
    comment_id: commentId,
    orgcode: origin.orgcode,
    target_type: target.target_type,
    target_id: target.target_id,
    ...(parentCommentId !== undefined && { parent_comment_id: parentCommentId }),
    status: 'current',
    current_revision: 1,
    ...content,
    author_guid: origin.requestContext.actor,
    request_context: origin.requestContext,
    created_at: now,
    updated_at: now,
  };
}

/** The comment with new content, at its next revision. */
export function revisedComment(current: Comment, content: CommentContent, requestContext: RequestContext, now: Date): Comment {
  const { caption: _caption, body: _body, ...kept } = current;
  return { ...kept, ...content, ...nextRevision(current, requestContext, now) };
}

/** The comment in another status, at its next revision. */
export function movedComment(current: Comment, status: LifecycleStatus, requestContext: RequestContext, now: Date): Comment {
  return { ...current, status, ...nextRevision(current, requestContext, now) };
}

function nextRevision(current: Comment, requestContext: RequestContext, now: Date) {
  return { current_revision: current.current_revision + 1, request_context: requestContext, updated_at: now.toISOString() };
}

/** Who `after` mentions that `before` did not: a revision notifies only them. */
export function addedMentions(before: Mentions, after: Pick<Comment, 'mentions_users' | 'mentions_teams'>): Mentions {
  return {
    users: after.mentions_users.filter((user) => !before.users.includes(user)),
    teams: after.mentions_teams.filter((team) => !before.teams.includes(team)),
  };
}
