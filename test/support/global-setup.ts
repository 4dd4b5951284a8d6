import { startBackingServices, type BackingServices } from '../../shared/local/backing-services';
import { applyEnvironment, localEnvironment, randomSigningKey } from '../../shared/local/environment';

/** Where global-teardown finds what global-setup started (both run in jest's main process). */
export const servicesHandle = Symbol.for('accounting.test.backing-services');

export const testResourceNames = { tableName: 'accounting-test', bucketName: 'accounting-test' } as const;

/**
 * Starts DynamoDB Local (in memory) and s3rver on free ports once per integration
 * run, provisions the table and bucket, and sets the environment the test workers
 * inherit: the handlers under test read it exactly as they would in Lambda.
 */
export default async function globalSetup(): Promise<void> {
  const services = await startBackingServices(testResourceNames);
  (globalThis as Record<symbol, BackingServices | undefined>)[servicesHandle] = services;
  applyEnvironment(
    localEnvironment({
      ...testResourceNames,
      dynamodbEndpoint: services.dynamodb.endpoint,
      s3Endpoint: services.s3.endpoint,
      tokenSigningKey: randomSigningKey(),
    }),
  );
}
