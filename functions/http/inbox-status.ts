import { httpHandler } from '../../shared/http/http-handler';
import { inboxStatusRoute } from '../../shared/routes/inbox/inbox-status.route';

export const handler = httpHandler(inboxStatusRoute);
