import * as z from 'zod/mini';
import { readComment } from '../../comments/comments';
import { commentSchema } from '../../domain/comments/comment';
import { commentGetRequest } from '../../domain/comments/comment-requests';
import { defineRoute } from '../../http/route-definition';

export const commentGetRoute = defineRoute({
  path: '/comment/get',
  operation: 'comment.get',
  name: 'comment-get',
  family: 'comments',
  summary: 'Read a comment on a record as it is, or as it was at an earlier revision.',
  schema: commentGetRequest,
  response: z.object({ comment: commentSchema }),
  roles: 'member',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ comment_id: 'cmt_01JEXAMPLE0000000000000000', target_type: 'invoice', target_id: 'inv_01JEXAMPLE0000000000000000' }),
  handle: (input, context) => readComment(context.caller.orgcode, input, input.comment_id, input.revision),
});
