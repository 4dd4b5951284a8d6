import { httpHandler } from '../../shared/http/http-handler';
import { exportCreateRoute } from '../../shared/routes/exports/export-create.route';

export const handler = httpHandler(exportCreateRoute);
