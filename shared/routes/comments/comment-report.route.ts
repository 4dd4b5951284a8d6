import * as z from 'zod/mini';
import { requireCommentTarget } from '../../comments/comments';
import { type CountScope, readCommentCounts } from '../../db/comments/comment-count-repository';
import { commentReport, commentReportSchema } from '../../domain/comments/comment-report';
import { commentReportRequest } from '../../domain/comments/comment-requests';
import { defineRoute } from '../../http/route-definition';

export const commentReportRoute = defineRoute({
  path: '/comment/report',
  operation: 'comment.report',
  name: 'comment-report',
  family: 'comments',
  summary: "Count a record's comments, or the organisation's, by status, by hashtag and by author.",
  schema: commentReportRequest,
  response: z.object({ report: commentReportSchema }),
  roles: 'member',
  idempotent: false,
  stores: { table: 'read' },
  example: () => ({ org_wide: true, status: 'current' }),
  handle: async (input, context) => {
    const scope: CountScope =
      input.target_type !== undefined && input.target_id !== undefined
        ? { target_type: input.target_type, target_id: input.target_id }
        : { org_wide: true };
    if ('target_type' in scope) await requireCommentTarget(context.caller.orgcode, scope);
    return { report: commentReport(scope, input.status, await readCommentCounts(context.caller.orgcode, scope)) };
  },
});
