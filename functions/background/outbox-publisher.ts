import { publishOutbox } from '../../shared/bus/outbox-publisher';
import { scheduledHandler } from '../../shared/lambda/scheduled-event';

export const handler = scheduledHandler('outbox-publisher', publishOutbox, {
  metricsOf: (run) => ({ outbox_lag_ms: run.oldest_wait_ms }),
});
