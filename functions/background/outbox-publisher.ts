import { publishOutbox } from '../../shared/bus/outbox-publisher';
import { scheduledHandler } from '../../shared/lambda/scheduled-event';
import { backgroundFunction } from '../../shared/routes/background-registry';

export const handler = scheduledHandler(backgroundFunction('outbox-publisher'), publishOutbox, {
  metricsOf: (run) => ({ outbox_lag_ms: run.oldest_wait_ms }),
});
