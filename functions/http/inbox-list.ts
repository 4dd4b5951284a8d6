import { httpHandler } from '../../shared/http/http-handler';
import { inboxListRoute } from '../../shared/routes/inbox/inbox-list.route';

export const handler = httpHandler(inboxListRoute);
