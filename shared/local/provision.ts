import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { tableDefinition } from '../db/table-definition';
import { localCredentials, localRegion } from './environment';

/**
 * Creates the single table from `tableDefinition` (the one the CDK stack deploys),
 * on demand, with TTL on. Idempotent: an existing table keeps its items and only
 * gains the indexes the definition added since it was created, so a persisted
 * `.data/` folder follows the code.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: localRegion, credentials: localCredentials });
  try {
    await createTableIfMissing(client, tableName);
    await addMissingIndexes(client, tableName);
    await enableTimeToLive(client, tableName);
  } finally {
    client.destroy();
  }
}

/** Creates the bucket unless it exists already. */
export async function ensureBucket(endpoint: string, bucketName: string): Promise<void> {
  const client = new S3Client({ endpoint, region: localRegion, credentials: localCredentials, forcePathStyle: true });
  try {
    if (!(await bucketExists(client, bucketName))) await client.send(new CreateBucketCommand({ Bucket: bucketName }));
  } finally {
    client.destroy();
  }
}

function attributeDefinitions(): AttributeDefinition[] {
  const names = [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return [...new Set(names)].map((AttributeName) => ({ AttributeName, AttributeType: 'S' }));
}

function indexSpecification(index: (typeof tableDefinition.globalSecondaryIndexes)[number]): GlobalSecondaryIndex {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  };
}

async function createTableIfMissing(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions(),
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map(indexSpecification),
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
}

async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  // DynamoDB creates one index per UpdateTable call.
  for (const index of tableDefinition.globalSecondaryIndexes) {
    if (existing.has(index.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: attributeDefinitions(),
        GlobalSecondaryIndexUpdates: [{ Create: indexSpecification(index) }],
      }),
    );
  }
}

async function enableTimeToLive(client: DynamoDBClient, tableName: string): Promise<void> {
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const status = TimeToLiveDescription?.TimeToLiveStatus;
  if (status === 'ENABLED' || status === 'ENABLING') return;
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { Enabled: true, AttributeName: tableDefinition.timeToLiveAttribute },
    }),
  );
}

async function bucketExists(client: S3Client, bucketName: string): Promise<boolean> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucketName }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}
