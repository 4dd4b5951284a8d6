import { publishOutbox } from '../../shared/bus/outbox-publisher';
import { payloadHandler } from '../../shared/lambda/payload-handler';
import { scheduledEvent } from '../../shared/lambda/scheduled-event';

export const handler = payloadHandler(scheduledEvent, (event) => publishOutbox(new Date(event.time)), {
  metricsOf: (run) => ({ outbox_lag_ms: run.oldest_wait_ms }),
});
