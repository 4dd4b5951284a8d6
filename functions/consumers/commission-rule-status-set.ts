import { commissionRuleStatusSetDetail } from '../../shared/domain/commissions/commission-rule';
import { consumerHandler } from '../../shared/lambda/consumer-handler';
import { setCommissionRuleStatus } from '../../shared/commissions/rules';

export const handler = consumerHandler(commissionRuleStatusSetDetail, (change) => setCommissionRuleStatus(change, new Date()));
