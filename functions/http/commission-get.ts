import { httpHandler } from '../../shared/http/http-handler';
import { commissionGetRoute } from '../../shared/routes/commissions/commission-get.route';

export const handler = httpHandler(commissionGetRoute);
