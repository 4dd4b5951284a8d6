import { httpHandler } from '../../shared/http/http-handler';
import { lineageListRoute } from '../../shared/routes/events/lineage-list.route';

export const handler = httpHandler(lineageListRoute);
