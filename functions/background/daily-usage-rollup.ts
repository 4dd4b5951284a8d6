import { payloadHandler } from '../../shared/lambda/payload-handler';
import { scheduledEvent } from '../../shared/lambda/scheduled-event';
import { runDailyUsageRollup } from '../../shared/rollups/usage-rollup';

export const handler = payloadHandler(scheduledEvent, (event) => runDailyUsageRollup(new Date(event.time)));
