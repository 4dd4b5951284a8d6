import { httpHandler } from '../../shared/http/http-handler';
import { commissionListRoute } from '../../shared/routes/commissions/commission-list.route';

export const handler = httpHandler(commissionListRoute);
