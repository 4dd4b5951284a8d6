import { sweepPayoutDesks } from '../../shared/commissions/payout-desk';
import { continueReratings } from '../../shared/commissions/rerating';
import { scheduledHandler } from '../../shared/lambda/scheduled-event';

export const handler = scheduledHandler('commission-payout-sweeper', async () => {
  const now = new Date();
  return { ...(await sweepPayoutDesks(now)), ...(await continueReratings(now)) };
});
