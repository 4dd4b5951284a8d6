import { scheduledHandler } from '../../shared/lambda/scheduled-event';
import { runDailyFinancialRollup } from '../../shared/rollups/financial-rollup';

export const handler = scheduledHandler('daily-financial-rollup', runDailyFinancialRollup);
