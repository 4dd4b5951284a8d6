import { httpHandler } from '../../shared/http/http-handler';
import { exportBatchCreateRoute } from '../../shared/routes/exports/export-batch-create.route';

export const handler = httpHandler(exportBatchCreateRoute);
