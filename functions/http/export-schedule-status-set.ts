import { httpHandler } from '../../shared/http/http-handler';
import { exportScheduleStatusSetRoute } from '../../shared/routes/exports/export-schedule-status-set.route';

export const handler = httpHandler(exportScheduleStatusSetRoute);
