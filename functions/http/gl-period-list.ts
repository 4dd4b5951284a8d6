import { httpHandler } from '../../shared/http/http-handler';
import { glPeriodListRoute } from '../../shared/routes/gl/gl-period-list.route';

export const handler = httpHandler(glPeriodListRoute);
