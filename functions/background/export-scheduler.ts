import { runExportScheduler } from '../../shared/exports/export-scheduler';
import { payloadHandler } from '../../shared/lambda/payload-handler';
import { scheduledEvent } from '../../shared/lambda/scheduled-event';

export const handler = payloadHandler(scheduledEvent, (event) => runExportScheduler(new Date(event.time)));
