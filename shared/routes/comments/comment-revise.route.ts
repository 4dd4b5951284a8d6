import * as z from 'zod/mini';
import { reviseComment } from '../../comments/comments';
import { commentSchema } from '../../domain/comments/comment';
import { commentReviseRequest } from '../../domain/comments/comment-requests';
import { changeOrigin } from '../../http/call-context';
import { defineRoute } from '../../http/route-definition';

export const commentReviseRoute = defineRoute({
  path: '/comment/revise',
  operation: 'comment.revise',
  name: 'comment-revise',
  family: 'comments',
  summary:
    "Revise a comment's caption, body, attachments, hashtags or mentions under its expected revision (its author, the owner or finance_audit), keeping the earlier revision readable; whoever it newly mentions is told.",
  schema: commentReviseRequest,
  response: z.object({ comment: commentSchema }),
  roles: 'member',
  idempotent: false,
  stores: { table: 'write' },
  example: () => ({
    comment_id: 'cmt_01JEXAMPLE0000000000000000',
    target_type: 'invoice',
    target_id: 'inv_01JEXAMPLE0000000000000000',
    expected_revision: 1,
    body: 'The customer disputes line 2 #dispute; credit note requested from @raj.',
  }),
  handle: (input, context) => reviseComment(input, context.caller, changeOrigin(context)),
});
