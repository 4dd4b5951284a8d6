import { orderPlacedEvent } from '../../shared/domain/ledger/ledger-events';
import { orderPlacedDetail } from '../../shared/domain/receivables/incoming-events';
import { consumerHandler } from '../../shared/lambda/consumer-handler';
import { recordInLedger } from '../../shared/ledger/record-in-ledger';

export const handler = consumerHandler(orderPlacedDetail, (order) => recordInLedger(orderPlacedEvent(order, new Date())));
