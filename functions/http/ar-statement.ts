import { httpHandler } from '../../shared/http/http-handler';
import { arStatementRoute } from '../../shared/routes/receivables/ar-statement.route';

export const handler = httpHandler(arStatementRoute);
