import { workerResourceNames } from './worker-resources';

// Run by jest before each integration test file (setupFiles), before any module reads the environment.
const own = workerResourceNames(Number(process.env.JEST_WORKER_ID ?? 1));
process.env.TABLE_NAME = own.tableName;
process.env.BUCKET_NAME = own.bucketName;
