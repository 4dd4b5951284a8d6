import { scheduledHandler } from '../../shared/lambda/scheduled-event';
import { runDailyUsageRollup } from '../../shared/rollups/usage-rollup';
import { backgroundFunction } from '../../shared/routes/background-registry';

export const handler = scheduledHandler(backgroundFunction('daily-usage-rollup'), runDailyUsageRollup);
