import { runExportScheduler } from '../../shared/exports/export-scheduler';
import { scheduledHandler } from '../../shared/lambda/scheduled-event';

export const handler = scheduledHandler('export-scheduler', runExportScheduler, { metricsOf: (run) => ({ ...run }) });
