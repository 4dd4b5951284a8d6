import * as z from 'zod/mini';
import {
  builtOnFirstUse,
  clientId,
  commonRequestFields,
  dateTime,
  idempotencyKey,
  listLimit,
  nextToken,
  revision,
  text,
} from '../common-schemas';
import { lifecycleStatuses } from '../lifecycle';
import { orderedRange } from '../time-window';
import { commentContentFields, commentTargetFields, commentTargetTypes, targetId } from './comment';

/** Spec Limits: comment list page size 1 to 100 (default 8, as every list). */
export const maxCommentsPerPage = 100;

const addresses = {
  comment_id: clientId,
  ...commentTargetFields,
};

export const commentAddRequest = builtOnFirstUse(() =>
  z
    .strictObject({
      ...commentTargetFields,
      /** A comment on the same target this one answers. */
      parent_comment_id: z.optional(clientId),
      ...commentContentFields(),
      idempotency_key: z.optional(idempotencyKey),
      ...commonRequestFields,
    })
    .check(
      z.refine((input) => input.body !== undefined || input.caption !== undefined || (input.attachments?.length ?? 0) > 0, {
        path: ['body'],
        error: 'a comment needs a body, a caption or an attachment',
      }),
    ),
);
export type CommentAddRequest = z.infer<typeof commentAddRequest>;

export const commentGetRequest = builtOnFirstUse(() => z.strictObject({
  ...addresses,
  /** An earlier revision, as it was; without it, the comment as it is. */
  revision: z.optional(revision),
  ...commonRequestFields,
}));

/** Revise replaces the content fields it is given and keeps the others. */
export const commentReviseRequest = builtOnFirstUse(() => {
  const content = commentContentFields();
  return z
    .strictObject({
      ...addresses,
      expected_revision: z.optional(revision),
      ...content,
      ...commonRequestFields,
    })
    .check(
      z.refine((input) => Object.keys(content).some((field) => input[field as keyof typeof input] !== undefined), {
        path: ['body'],
        error: 'give at least one of caption, body, attachments, hashtags, mentions_users or mentions_teams',
      }),
    );
});
export type CommentReviseRequest = z.infer<typeof commentReviseRequest>;

export const commentStatusRequest = builtOnFirstUse(() => z.strictObject({
  ...addresses,
  status: z.enum(lifecycleStatuses),
  expected_revision: z.optional(revision),
  ...commonRequestFields,
}));
export type CommentStatusRequest = z.infer<typeof commentStatusRequest>;

interface ScopeFields {
  target_type?: string;
  target_id?: string;
  user_guid?: string;
  org_wide?: boolean;
}

/** The one scope a list or report names: a target (both fields), a user (lists only), or the whole org. */
function scopeRule(rule: string) {
  return z.refine<ScopeFields>(
    (input) => {
      const targetHalf = (input.target_type === undefined) !== (input.target_id === undefined);
      const scopes = [input.target_type !== undefined || input.target_id !== undefined, input.user_guid !== undefined, input.org_wide === true];
      return !targetHalf && scopes.filter(Boolean).length === 1;
    },
    { path: [], error: `give exactly one of ${rule}` },
  );
}

const targetScopeFields = {
  target_type: z.optional(z.enum(commentTargetTypes)),
  target_id: z.optional(targetId),
  org_wide: z.optional(z.boolean()),
};

export const commentListRequest = builtOnFirstUse(() =>
  z
    .strictObject({
      ...targetScopeFields,
      /** The comments this user (an actor) wrote. */
      user_guid: z.optional(text(1, 256)),
      /** Without it, current. */
      status: z.optional(z.enum(lifecycleStatuses)),
      /** With or without `#`. */
      hashtag: z.optional(text(1, 65)),
      /** Created at or after this instant. */
      created_after: z.optional(dateTime),
      /** Created before this instant. */
      created_before: z.optional(dateTime),
      limit: listLimit(maxCommentsPerPage),
      next_token: nextToken,
      ...commonRequestFields,
    })
    .check(scopeRule('target_type with target_id, user_guid, or org_wide: true'), orderedRange('created_after', 'created_before')),
);
export type CommentListRequest = z.infer<typeof commentListRequest>;

export const commentReportRequest = builtOnFirstUse(() =>
  z
    .strictObject({
      ...targetScopeFields,
      /** Count hashtags and authors of this status only; without it, of every status. */
      status: z.optional(z.enum(lifecycleStatuses)),
      ...commonRequestFields,
    })
    .check(scopeRule('target_type with target_id, or org_wide: true')),
);
export type CommentReportRequest = z.infer<typeof commentReportRequest>;
