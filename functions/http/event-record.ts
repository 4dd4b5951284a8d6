import { httpHandler } from '../../shared/http/http-handler';
import { eventRecordRoute } from '../../shared/routes/events/event-record.route';

export const handler = httpHandler(eventRecordRoute);
