import { scheduledHandler } from '../../shared/lambda/scheduled-event';
import { runDailyFinancialRollup } from '../../shared/rollups/financial-rollup';
import { backgroundFunction } from '../../shared/routes/background-registry';

export const handler = scheduledHandler(backgroundFunction('daily-financial-rollup'), runDailyFinancialRollup);
