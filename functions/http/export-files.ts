import { httpHandler } from '../../shared/http/http-handler';
import { exportFilesRoute } from '../../shared/routes/exports/export-files.route';

export const handler = httpHandler(exportFilesRoute);
