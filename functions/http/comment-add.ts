import { httpHandler } from '../../shared/http/http-handler';
import { commentAddRoute } from '../../shared/routes/comments/comment-add.route';

export const handler = httpHandler(commentAddRoute);
