import { runExportScheduler } from '../../shared/exports/export-scheduler';
import { scheduledHandler } from '../../shared/lambda/scheduled-event';
import { backgroundFunction } from '../../shared/routes/background-registry';

export const handler = scheduledHandler(backgroundFunction('export-scheduler'), runExportScheduler, { metricsOf: (run) => ({ ...run }) });
