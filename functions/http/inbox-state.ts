import { httpHandler } from '../../shared/http/http-handler';
import { inboxStateRoute } from '../../shared/routes/inbox/inbox-state.route';

export const handler = httpHandler(inboxStateRoute);
