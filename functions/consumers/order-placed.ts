import { orderPlacedDetail } from '../../shared/domain/receivables/incoming-events';
import { consumerHandler } from '../../shared/lambda/consumer-handler';
import { invoiceOrder } from '../../shared/receivables/orders';

export const handler = consumerHandler(orderPlacedDetail, (order) => invoiceOrder(order, new Date()));
