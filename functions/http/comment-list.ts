import { httpHandler } from '../../shared/http/http-handler';
import { commentListRoute } from '../../shared/routes/comments/comment-list.route';

export const handler = httpHandler(commentListRoute);
