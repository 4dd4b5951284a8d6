import { httpHandler } from '../../shared/http/http-handler';
import { eventGetRoute } from '../../shared/routes/events/event-get.route';

export const handler = httpHandler(eventGetRoute);
