import { orderCancelledEvent } from '../../shared/domain/ledger/ledger-events';
import { orderCancelledDetail } from '../../shared/domain/receivables/incoming-events';
import { consumerHandler } from '../../shared/lambda/consumer-handler';
import { recordInLedger } from '../../shared/ledger/record-in-ledger';

export const handler = consumerHandler(orderCancelledDetail, (cancellation) =>
  recordInLedger(orderCancelledEvent(cancellation, new Date())),
);
