import { orderPlacedDetail } from '../../shared/domain/receivables/incoming-events';
import { consumerHandler } from '../../shared/lambda/consumer-handler';
import { commissionOrder } from '../../shared/commissions/orders';

export const handler = consumerHandler(orderPlacedDetail, (order) => commissionOrder(order, new Date()));
