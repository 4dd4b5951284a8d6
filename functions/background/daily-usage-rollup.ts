import { scheduledHandler } from '../../shared/lambda/scheduled-event';
import { runDailyUsageRollup } from '../../shared/rollups/usage-rollup';

export const handler = scheduledHandler('daily-usage-rollup', runDailyUsageRollup);
