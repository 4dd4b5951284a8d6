import { orderCancelledDetail } from '../../shared/domain/receivables/incoming-events';
import { consumerHandler } from '../../shared/lambda/consumer-handler';
import { cancelOrderCommission } from '../../shared/commissions/orders';

export const handler = consumerHandler(orderCancelledDetail, (cancellation) => cancelOrderCommission(cancellation, new Date()));
