import { payloadHandler } from '../../shared/lambda/payload-handler';
import { scheduledEvent } from '../../shared/lambda/scheduled-event';
import { runDailyFinancialRollup } from '../../shared/rollups/financial-rollup';

export const handler = payloadHandler(scheduledEvent, (event) => runDailyFinancialRollup(new Date(event.time)));
