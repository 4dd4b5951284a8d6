import { tenderCapturedEvent } from '../../shared/domain/ledger/ledger-events';
import { tenderCapturedDetail } from '../../shared/domain/receivables/incoming-events';
import { consumerHandler } from '../../shared/lambda/consumer-handler';
import { recordInLedger } from '../../shared/ledger/record-in-ledger';

export const handler = consumerHandler(tenderCapturedDetail, (tender) => recordInLedger(tenderCapturedEvent(tender, new Date())));
