import { httpHandler } from '../../shared/http/http-handler';
import { exportListRoute } from '../../shared/routes/exports/export-list.route';

export const handler = httpHandler(exportListRoute);
