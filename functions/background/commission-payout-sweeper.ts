import { sweepPayoutDesks } from '../../shared/commissions/payout-desk';
import { continueReratings } from '../../shared/commissions/rerating';
import { scheduledHandler } from '../../shared/lambda/scheduled-event';
import { backgroundFunction } from '../../shared/routes/background-registry';

export const handler = scheduledHandler(backgroundFunction('commission-payout-sweeper'), async () => {
  const now = new Date();
  return { ...(await sweepPayoutDesks(now)), ...(await continueReratings(now)) };
});
