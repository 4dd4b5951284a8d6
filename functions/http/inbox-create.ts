import { httpHandler } from '../../shared/http/http-handler';
import { inboxCreateRoute } from '../../shared/routes/inbox/inbox-create.route';

export const handler = httpHandler(inboxCreateRoute);
