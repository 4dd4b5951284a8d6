import { buildJob } from '../../shared/exports/build-job';
import { runBuildJob } from '../../shared/exports/export-worker';
import { payloadHandler } from '../../shared/lambda/payload-handler';

export const handler = payloadHandler(buildJob, (job) => runBuildJob(job), {
  metricsOf: (outcome) => ({ builds_failed: outcome === 'failed' ? 1 : 0, builds_retried: outcome === 'retried' ? 1 : 0 }),
});
