import { httpHandler } from '../../shared/http/http-handler';
import { exportBatchListRoute } from '../../shared/routes/exports/export-batch-list.route';

export const handler = httpHandler(exportBatchListRoute);
