import { sweepPayoutDesks } from '../../shared/commissions/payout-desk';
import { scheduledHandler } from '../../shared/lambda/scheduled-event';

export const handler = scheduledHandler('commission-payout-sweeper', () => sweepPayoutDesks(new Date()));
