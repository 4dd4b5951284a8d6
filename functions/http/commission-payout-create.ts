import { httpHandler } from '../../shared/http/http-handler';
import { commissionPayoutCreateRoute } from '../../shared/routes/commissions/commission-payout-create.route';

export const handler = httpHandler(commissionPayoutCreateRoute);
