import { httpHandler } from '../../shared/http/http-handler';
import { exportScheduleListRoute } from '../../shared/routes/exports/export-schedule-list.route';

export const handler = httpHandler(exportScheduleListRoute);
