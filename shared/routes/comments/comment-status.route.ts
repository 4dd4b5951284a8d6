import * as z from 'zod/mini';
import { setCommentStatus } from '../../comments/comments';
import { commentSchema } from '../../domain/comments/comment';
import { commentStatusRequest } from '../../domain/comments/comment-requests';
import { changeOrigin } from '../../http/call-context';
import { defineRoute } from '../../http/route-definition';

export const commentStatusRoute = defineRoute({
  path: '/comment/status',
  operation: 'comment.status',
  name: 'comment-status',
  family: 'comments',
  summary:
    'Archive a comment or bring it back, or doom it for good, under its expected revision (its author, the owner or finance_audit).',
  schema: commentStatusRequest,
  response: z.object({ comment: commentSchema }),
  roles: 'member',
  idempotent: false,
  stores: { table: 'write' },
  example: () => ({
    comment_id: 'cmt_01JEXAMPLE0000000000000000',
    target_type: 'invoice',
    target_id: 'inv_01JEXAMPLE0000000000000000',
    status: 'archived',
    expected_revision: 2,
  }),
  handle: (input, context) => setCommentStatus(input, context.caller, changeOrigin(context)),
});
