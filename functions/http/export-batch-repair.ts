import { httpHandler } from '../../shared/http/http-handler';
import { exportBatchRepairRoute } from '../../shared/routes/exports/export-batch-repair.route';

export const handler = httpHandler(exportBatchRepairRoute);
