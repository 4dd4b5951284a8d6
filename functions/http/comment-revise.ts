import { httpHandler } from '../../shared/http/http-handler';
import { commentReviseRoute } from '../../shared/routes/comments/comment-revise.route';

export const handler = httpHandler(commentReviseRoute);
