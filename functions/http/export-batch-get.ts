import { httpHandler } from '../../shared/http/http-handler';
import { exportBatchGetRoute } from '../../shared/routes/exports/export-batch-get.route';

export const handler = httpHandler(exportBatchGetRoute);
