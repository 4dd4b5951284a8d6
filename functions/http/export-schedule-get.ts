import { httpHandler } from '../../shared/http/http-handler';
import { exportScheduleGetRoute } from '../../shared/routes/exports/export-schedule-get.route';

export const handler = httpHandler(exportScheduleGetRoute);
