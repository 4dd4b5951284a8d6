import { httpHandler } from '../../shared/http/http-handler';
import { glMappingSetRoute } from '../../shared/routes/gl/gl-mapping-set.route';

export const handler = httpHandler(glMappingSetRoute);
