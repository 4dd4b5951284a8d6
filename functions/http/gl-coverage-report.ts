import { httpHandler } from '../../shared/http/http-handler';
import { glCoverageReportRoute } from '../../shared/routes/gl/gl-coverage-report.route';

export const handler = httpHandler(glCoverageReportRoute);
