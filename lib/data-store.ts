import { Duration } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tableDefinition } from '../shared/db/table-definition';
import { storedPayloadPrefix } from '../shared/s3/stored-payloads';
import { type DeploymentEnvironment, removalPolicyOf } from './deployment-environment';

/** How long a replaced or deleted version of an export file is kept (docs/decisions.md: Exports). */
export const noncurrentExportVersionDays = 30;

export interface DataStoreProps {
  environment: DeploymentEnvironment;
}

/**
 * The stateful half of the service: the single table, the export bucket and
 * the bucket its access logs go to. Outside dev all three are retained when the
 * stack is deleted or a logical id changes by mistake, and the table refuses
 * deletion outright: the ledger is never dropped by a deploy. In dev they go
 * with the stack, buckets emptied first, so a developer's stack can be torn down.
 */
export class DataStore extends Construct {
  readonly table: dynamodb.Table;
  /** Export files and manifests under each organisation's prefix. */
  readonly bucket: s3.Bucket;
  /** S3 server access logs of the export bucket: who read or wrote which file, when. */
  readonly accessLogBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStoreProps) {
    super(scope, id);
    const { retainData, bucketAccessLogExpiry } = props.environment;
    const removalPolicy = removalPolicyOf({ retainData });

    // Built from the same definition the local stack uses, so the two cannot disagree.
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      deletionProtection: retainData,
      removalPolicy,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    // S3 delivers access logs only to a bucket encrypted with S3-managed keys.
    this.accessLogBucket = new s3.Bucket(this, 'AccessLogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      lifecycleRules: [{ id: 'ExpireAccessLogs', expiration: bucketAccessLogExpiry }],
      removalPolicy,
      autoDeleteObjects: !retainData,
    });

    this.bucket = new s3.Bucket(this, 'ExportBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: 'export-bucket/',
      // A worker that dies mid-upload leaves its parts behind, billed and invisible;
      // no build outlives a day (the worker's timeout is 15 minutes).
      lifecycleRules: [
        { id: 'AbortIncompleteUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Versioning keeps what an overwrite or delete replaced, billed but listed by nobody: kept
        // long enough to recover a file, then expired, so it is not paid for forever.
        { id: 'ExpireNoncurrentVersions', noncurrentVersionExpiration: Duration.days(noncurrentExportVersionDays) },
        // A stored failed batch is wanted while its pointer may be redriven: the dead-letter queue keeps it 14 days.
        { id: 'ExpireStoredFailedBatches', prefix: storedPayloadPrefix, expiration: Duration.days(15) },
      ],
      removalPolicy,
      autoDeleteObjects: !retainData,
    });
  }
}
