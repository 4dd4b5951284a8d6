import * as z from 'zod/mini';
import { addComment } from '../../comments/comments';
import { commentSchema } from '../../domain/comments/comment';
import { commentAddRequest } from '../../domain/comments/comment-requests';
import { changeOrigin } from '../../http/call-context';
import { defineRoute } from '../../http/route-definition';

export const commentAddRoute = defineRoute({
  path: '/comment',
  operation: 'comment.add',
  name: 'comment-add',
  family: 'comments',
  summary:
    "Comment on a record of the organisation (or reply to a comment on it), with attachments, hashtags and mentions; whoever it mentions, and the author of the comment it answers, find it in their inbox.",
  schema: commentAddRequest,
  response: z.object({ comment: commentSchema }),
  roles: 'member',
  idempotent: true,
  stores: { table: 'write' },
  example: () => ({
    target_type: 'invoice',
    target_id: 'inv_01JEXAMPLE0000000000000000',
    body: 'The customer disputes line 2 #dispute. @finance_audit please confirm before the November close.',
    attachments: [{ mrs_guid: 'mrs_01JEXAMPLE0000000000000000', filename: 'dispute.pdf', content_type: 'application/pdf', size_bytes: 48213 }],
    idempotency_key: 'dispute-inv-1001',
  }),
  handle: (input, context) => addComment(input, changeOrigin(context), context.idempotency),
});
