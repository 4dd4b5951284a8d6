import { httpHandler } from '../../shared/http/http-handler';
import { commissionPayoutListRoute } from '../../shared/routes/commissions/commission-payout-list.route';

export const handler = httpHandler(commissionPayoutListRoute);
