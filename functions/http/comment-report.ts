import { httpHandler } from '../../shared/http/http-handler';
import { commentReportRoute } from '../../shared/routes/comments/comment-report.route';

export const handler = httpHandler(commentReportRoute);
