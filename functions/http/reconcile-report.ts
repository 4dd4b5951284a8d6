import { httpHandler } from '../../shared/http/http-handler';
import { reconcileReportRoute } from '../../shared/routes/events/reconcile-report.route';

export const handler = httpHandler(reconcileReportRoute);
