import { httpHandler } from '../../shared/http/http-handler';
import { eventListRoute } from '../../shared/routes/events/event-list.route';

export const handler = httpHandler(eventListRoute);
