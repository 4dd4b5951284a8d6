import * as z from 'zod/mini';
import { requireCommentTarget } from '../../comments/comments';
import { type CommentListScope, listComments } from '../../db/comments/comment-repository';
import type { StartKey } from '../../db/query-page';
import { commentSchema } from '../../domain/comments/comment';
import { type CommentListRequest, commentListRequest } from '../../domain/comments/comment-requests';
import { normalisedHashtag } from '../../domain/comments/comment-text';
import { nextPageToken } from '../../domain/common-schemas';
import { lifecycleListing } from '../../domain/lifecycle';
import { listedStatus } from '../../domain/list-statuses';
import { pageCursor } from '../../http/page-cursor';
import { defineRoute } from '../../http/route-definition';

/** The one scope the request names (its schema lets exactly one through). */
function scopeOf(request: Pick<CommentListRequest, 'target_type' | 'target_id' | 'user_guid'>): CommentListScope {
  if (request.target_type !== undefined && request.target_id !== undefined) {
    return { target: { target_type: request.target_type, target_id: request.target_id } };
  }
  return request.user_guid !== undefined ? { author_guid: request.user_guid } : { org_wide: true };
}

export const commentListRoute = defineRoute({
  path: '/comment/list',
  operation: 'comment.list',
  name: 'comment-list',
  family: 'comments',
  summary:
    "List a record's comments, a user's, or the whole organisation's, oldest first, filtered by status (default: current), hashtag and when they were created.",
  schema: commentListRequest,
  response: z.object({ comments: z.array(commentSchema), next_token: nextPageToken }),
  roles: 'member',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ org_wide: true, hashtag: 'dispute', limit: 20 }),
  handle: async (input, context) => {
    const { limit, next_token, request_context: _context, ...filter } = input;
    const cursor = pageCursor<StartKey>(context, filter);
    const scope = scopeOf(filter);
    if ('target' in scope) await requireCommentTarget(context.caller.orgcode, scope.target);
    const page = await listComments(
      context.caller.orgcode,
      scope,
      {
        status: listedStatus(lifecycleListing, filter.status),
        ...(filter.hashtag !== undefined && { hashtag: normalisedHashtag(filter.hashtag) }),
        ...(filter.created_after !== undefined && { created_after: filter.created_after }),
        ...(filter.created_before !== undefined && { created_before: filter.created_before }),
      },
      limit,
      cursor.read(next_token),
    );
    return { comments: page.items, next_token: cursor.next(page.lastKey) ?? null };
  },
});
