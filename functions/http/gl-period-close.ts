import { httpHandler } from '../../shared/http/http-handler';
import { glPeriodCloseRoute } from '../../shared/routes/gl/gl-period-close.route';

export const handler = httpHandler(glPeriodCloseRoute);
