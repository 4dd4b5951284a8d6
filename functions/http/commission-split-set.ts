import { httpHandler } from '../../shared/http/http-handler';
import { commissionSplitSetRoute } from '../../shared/routes/commissions/commission-split-set.route';

export const handler = httpHandler(commissionSplitSetRoute);
