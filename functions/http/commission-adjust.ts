import { httpHandler } from '../../shared/http/http-handler';
import { commissionAdjustRoute } from '../../shared/routes/commissions/commission-adjust.route';

export const handler = httpHandler(commissionAdjustRoute);
