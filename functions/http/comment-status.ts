import { httpHandler } from '../../shared/http/http-handler';
import { commentStatusRoute } from '../../shared/routes/comments/comment-status.route';

export const handler = httpHandler(commentStatusRoute);
