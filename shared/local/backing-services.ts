import { join } from 'node:path';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { ensureBucket, ensureTable } from './provision';
import { startS3Local, type S3Local } from './s3-local';

export interface BackingServicesOptions {
  tableName: string;
  bucketName: string;
  /** Folder holding `dynamodb/` and `s3/`; omitted means in memory (nothing kept). */
  persistDir?: string;
}

/** DynamoDB Local and s3rver, running, with the table and the bucket in place. */
export interface BackingServices {
  dynamodb: DynamoDbLocal;
  s3: S3Local;
  tableName: string;
  bucketName: string;
  /** Stops both; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts the stores the handlers use and provisions them from the same table
 * definition the CDK stack deploys. If any step fails, whatever did start is
 * stopped before the error is passed on, so no java process is left behind.
 */
export async function startBackingServices(options: BackingServicesOptions): Promise<BackingServices> {
  const { persistDir } = options;
  const [dynamodb, s3] = await Promise.allSettled([
    startDynamoDbLocal({ dbPath: persistDir && join(persistDir, 'dynamodb') }),
    startS3Local({ directory: persistDir && join(persistDir, 's3') }),
  ]);
  const stop = async () => {
    await Promise.all([
      dynamodb.status === 'fulfilled' ? dynamodb.value.stop() : undefined,
      s3.status === 'fulfilled' ? s3.value.stop() : undefined,
    ]);
  };
  try {
    if (dynamodb.status === 'rejected') throw dynamodb.reason;
    if (s3.status === 'rejected') throw s3.reason;
    await Promise.all([
      ensureTable(dynamodb.value.endpoint, options.tableName),
      ensureBucket(s3.value.endpoint, options.bucketName),
    ]);
    return { dynamodb: dynamodb.value, s3: s3.value, tableName: options.tableName, bucketName: options.bucketName, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
