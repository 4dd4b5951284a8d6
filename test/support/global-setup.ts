import { startBackingServices, type BackingServices } from '../../shared/local/backing-services';
import { applyEnvironment, localEnvironment, randomSigningKey } from '../../shared/local/environment';
import { ensureBucket, ensureTable } from '../../shared/local/provision';
import { testResourceNames, workerResourceNames } from './worker-resources';

/** Where global-teardown finds what global-setup started (both run in jest's main process). */
export const servicesHandle = Symbol.for('accounting.test.backing-services');

/**
 * Starts DynamoDB Local (in memory) and s3rver on free ports once per integration
 * run, provisions a table and a bucket for each test worker (worker-resources.ts),
 * and sets the environment the test workers inherit: the handlers under test
 * read it exactly as they would in Lambda.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const services = await startBackingServices(testResourceNames);
  (globalThis as Record<symbol, BackingServices | undefined>)[servicesHandle] = services;
  const workers = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, index) => workerResourceNames(index + 1));
  await Promise.all(
    workers.flatMap((names) => [ensureTable(services.dynamodb.endpoint, names.tableName), ensureBucket(services.s3.endpoint, names.bucketName)]),
  );
  applyEnvironment(
    localEnvironment({
      ...testResourceNames,
      dynamodbEndpoint: services.dynamodb.endpoint,
      s3Endpoint: services.s3.endpoint,
      tokenSigningKey: randomSigningKey(),
    }),
  );
}
