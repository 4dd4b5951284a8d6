import { httpHandler } from '../../shared/http/http-handler';
import { inboxGetRoute } from '../../shared/routes/inbox/inbox-get.route';

export const handler = httpHandler(inboxGetRoute);
