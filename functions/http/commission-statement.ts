import { httpHandler } from '../../shared/http/http-handler';
import { commissionStatementRoute } from '../../shared/routes/commissions/commission-statement.route';

export const handler = httpHandler(commissionStatementRoute);
