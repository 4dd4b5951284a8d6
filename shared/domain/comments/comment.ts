import * as z from 'zod/mini';
import { knownRoles } from '../auth/roles';
import { builtOnFirstUse, clientId, instant, integer, requestContext, text } from '../common-schemas';
import { hashtagPattern } from './comment-text';
import { ForbiddenError } from '../errors';
import { lifecycleStatuses } from '../lifecycle';
import type { Caller } from '../auth/caller';

/**
 * Comments on the service's records (docs/decisions.md: Comments). A comment
 * belongs to one target record of its organisation and is identified by the
 * target and its `comment_id` together; a reply names its parent on the same
 * target. Every change (revise, status) makes a new revision and keeps the
 * one before it readable.
 */

/** The record families a comment can be about. */
export const commentTargetTypes = [
  'invoice',
  'payment',
  'commission',
  'payout',
  'export',
  'export_batch',
  'export_schedule',
  'event',
  'usage_rollup',
  'financial_rollup',
] as const;
export type CommentTargetType = (typeof commentTargetTypes)[number];

/** Limits of one comment, chosen so its write and its notices fit one DynamoDB transaction (100 items). */
export const commentLimits = {
  bodyCharacters: 10_000,
  captionCharacters: 256,
  attachments: 10,
  /** S3's largest object. */
  attachmentBytes: 5 * 1024 ** 4,
  /** After merging the explicit ones with those written in the body. */
  hashtags: 10,
  mentionedUsers: 20,
} as const;

/**
 * The target's identifier as its own get route takes it: `invoice_id`,
 * `export_id`, ... For a financial rollup, whose get takes a day, a dimension
 * and a value, it is `<dt>/<dimension>/<dimension_value>`.
 */
// The control characters (Unicode's Cc) as ranges: the same set as `\p{Cc}`, which V8 takes 0.2 ms to make at every comment route's import.
export const targetId = text(1, 512).check(z.regex(/^[^\u0000-\u001f\u007f-\u009f]+$/u, 'must not contain control characters'));

export const commentTargetFields = {
  target_type: z.enum(commentTargetTypes),
  target_id: targetId,
};

export interface CommentTarget {
  target_type: CommentTargetType;
  target_id: string;
}

/** A file kept in the metarecord storage service, referred to by its `mrs_guid`. */
const commentAttachment = () =>
  z.strictObject({
    mrs_guid: clientId,
    caption: z.optional(text(1, 256)),
    filename: z.optional(text(1, 256)),
    content_type: z.optional(text(1, 128)),
    size_bytes: z.optional(integer(0, commentLimits.attachmentBytes)),
  });
export type CommentAttachment = z.infer<ReturnType<typeof commentAttachment>>;

/**
 * The content fields a comment is written with (on add, and replaced by revise
 * when given): built by those two requests, so the other comment routes do
 * not build them.
 */
export const commentContentFields = () => ({
  caption: z.optional(text(1, commentLimits.captionCharacters)),
  body: z.optional(text(1, commentLimits.bodyCharacters)),
  attachments: z.optional(z.array(commentAttachment()).check(z.maxLength(commentLimits.attachments))),
  /** With or without `#`; merged with the body's. */
  hashtags: z.optional(
    z
      .array(
        text(1, 65).check(
          z.refine((tag) => hashtagPattern().test(tag.replace(/^#/, '')), 'must be a tag such as q4-close: a letter or digit, then letters, digits, _ or -'),
        ),
      )
      .check(z.maxLength(commentLimits.hashtags)),
  ),
  /** Actors; merged with the body's `@name`s. */
  mentions_users: z.optional(z.array(text(1, 256)).check(z.maxLength(commentLimits.mentionedUsers))),
  /** Teams are roles; merged with the body's `@role`s. */
  mentions_teams: z.optional(z.array(z.enum(knownRoles)).check(z.maxLength(knownRoles.length))),
});

const attachmentSchema = builtOnFirstUse(() => z.object({
  mrs_guid: z.string(),
  caption: z.optional(z.string()),
  filename: z.optional(z.string()),
  content_type: z.optional(z.string()),
  size_bytes: z.optional(z.int()),
}));

export const commentSchema = builtOnFirstUse(() => z.object({
  comment_id: z.string(),
  orgcode: z.string(),
  target_type: z.enum(commentTargetTypes),
  target_id: z.string(),
  parent_comment_id: z.optional(z.string()),
  status: z.enum(lifecycleStatuses),
  /** The revision this copy is: the latest, or the one asked for with /comment/get `revision`. */
  current_revision: z.int(),
  caption: z.optional(z.string()),
  body: z.optional(z.string()),
  attachments: z.array(attachmentSchema),
  /** The sum of the attachments' `size_bytes`. */
  total_size_bytes: z.int(),
  /** Lowercased, without `#`: the explicit ones and the body's. */
  hashtags: z.array(z.string()),
  mentions_users: z.array(z.string()),
  mentions_teams: z.array(z.string()),
  /** The actor who added the comment. */
  author_guid: z.string(),
  /** The context of the call that made this revision. */
  request_context: requestContext,
  created_at: instant,
  updated_at: instant,
}));
export type Comment = z.infer<typeof commentSchema>;

/** Who may revise a comment or change its status: its author, the owner or finance_audit. */
export function mayChangeComment(caller: Caller, comment: Pick<Comment, 'author_guid'>): boolean {
  return caller.actor === comment.author_guid || caller.owner || caller.roles.includes('finance_audit');
}

export class NotCommentAuthorError extends ForbiddenError {
  constructor() {
    super({ roles: ['finance_audit'], owner: true });
    this.message = "Only the comment's author, finance_audit or the organisation owner may change it";
  }
}
