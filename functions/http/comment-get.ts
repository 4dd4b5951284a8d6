import { httpHandler } from '../../shared/http/http-handler';
import { commentGetRoute } from '../../shared/routes/comments/comment-get.route';

export const handler = httpHandler(commentGetRoute);
