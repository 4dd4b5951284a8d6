import { httpHandler } from '../../shared/http/http-handler';
import { exportScheduleCreateRoute } from '../../shared/routes/exports/export-schedule-create.route';

export const handler = httpHandler(exportScheduleCreateRoute);
