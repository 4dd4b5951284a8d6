import { tenderCapturedDetail } from '../../shared/domain/receivables/incoming-events';
import { consumerHandler } from '../../shared/lambda/consumer-handler';
import { receiveTender } from '../../shared/receivables/tenders';

export const handler = consumerHandler(tenderCapturedDetail, (tender) => receiveTender(tender, new Date()));
