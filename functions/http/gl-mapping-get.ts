import { httpHandler } from '../../shared/http/http-handler';
import { glMappingGetRoute } from '../../shared/routes/gl/gl-mapping-get.route';

export const handler = httpHandler(glMappingGetRoute);
