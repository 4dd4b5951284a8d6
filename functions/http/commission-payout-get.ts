import { httpHandler } from '../../shared/http/http-handler';
import { commissionPayoutGetRoute } from '../../shared/routes/commissions/commission-payout-get.route';

export const handler = httpHandler(commissionPayoutGetRoute);
