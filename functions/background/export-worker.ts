import { buildJob } from '../../shared/exports/build-job';
import { runBuildJob } from '../../shared/exports/export-worker';
import { payloadHandler } from '../../shared/lambda/payload-handler';

export const handler = payloadHandler(buildJob, (job) => runBuildJob(job));
