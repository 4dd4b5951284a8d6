import { httpHandler } from '../../shared/http/http-handler';
import { glMappingListRoute } from '../../shared/routes/gl/gl-mapping-list.route';

export const handler = httpHandler(glMappingListRoute);
