import { sweepPayoutDesks } from '../../shared/commissions/payout-desk';
import { payloadHandler } from '../../shared/lambda/payload-handler';
import { scheduledEvent } from '../../shared/lambda/scheduled-event';

export const handler = payloadHandler(scheduledEvent, () => sweepPayoutDesks(new Date()));
