import { httpHandler } from '../../shared/http/http-handler';
import { arBalanceRoute } from '../../shared/routes/receivables/ar-balance.route';

export const handler = httpHandler(arBalanceRoute);
