import { httpHandler } from '../../shared/http/http-handler';
import { arAgingReportRoute } from '../../shared/routes/receivables/ar-aging-report.route';

export const handler = httpHandler(arAgingReportRoute);
