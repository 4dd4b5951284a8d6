import { commissionRuleSetDetail } from '../../shared/domain/commissions/commission-rule';
import { consumerHandler } from '../../shared/lambda/consumer-handler';
import { setCommissionRule } from '../../shared/commissions/rules';

export const handler = consumerHandler(commissionRuleSetDetail, (rule) => setCommissionRule(rule, new Date()));
