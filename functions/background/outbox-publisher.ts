import { publishOutbox } from '../../shared/bus/outbox-publisher';
import { payloadHandler } from '../../shared/lambda/payload-handler';
import { scheduledEvent } from '../../shared/lambda/scheduled-event';

export const handler = payloadHandler(scheduledEvent, () => publishOutbox());
