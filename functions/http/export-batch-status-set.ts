import { httpHandler } from '../../shared/http/http-handler';
import { exportBatchStatusSetRoute } from '../../shared/routes/exports/export-batch-status-set.route';

export const handler = httpHandler(exportBatchStatusSetRoute);
