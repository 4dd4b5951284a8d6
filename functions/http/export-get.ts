import { httpHandler } from '../../shared/http/http-handler';
import { exportGetRoute } from '../../shared/routes/exports/export-get.route';

export const handler = httpHandler(exportGetRoute);
