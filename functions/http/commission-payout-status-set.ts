import { httpHandler } from '../../shared/http/http-handler';
import { commissionPayoutStatusSetRoute } from '../../shared/routes/commissions/commission-payout-status-set.route';

export const handler = httpHandler(commissionPayoutStatusSetRoute);
