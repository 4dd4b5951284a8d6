import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { tableDefinition } from '../shared/db/table-definition';
import type { StoreAccess } from '../shared/http/route-definition';
import { constructId } from './construct-id';
import type { DataStore } from './data-store';

export interface FunctionRolesProps {
  dataStore: DataStore;
  /** The bus the service publishes its own events to. */
  eventBus: events.IEventBus;
}

/**
 * Execution roles shared by the functions of one family that touch the stores in
 * the same way.
 *
 * Why share: CloudFormation allows 500 resources per stack. A role of its own
 * would cost every function two resources (AWS::IAM::Role and its
 * AWS::IAM::Policy); ~55 routes would spend 110 of the 500 on roles alone. Shared
 * per family and access, roles cost two resources per (family, access) pair,
 * whatever the number of routes (test/cdk checks the budget).
 *
 * Why not one role per family: a family mixes readers and writers (event/get and
 * event/record), and a reader must not hold write rights it does not use. So the
 * key is the family plus its exact `stores`, and each role is granted exactly
 * those stores and nothing else.
 */
export class FunctionRoles extends Construct {
  private readonly dataStore: DataStore;
  private readonly eventBus: events.IEventBus;
  private readonly roles = new Map<string, iam.Role>();

  constructor(scope: Construct, id: string, props: FunctionRolesProps) {
    super(scope, id);
    this.dataStore = props.dataStore;
    this.eventBus = props.eventBus;
  }

  /**
   * The role of `family` for functions with this store access, created on first
   * use. `exportWorker` is required when `stores.exportWorker` is set; it is an
   * argument, not a construction prop, because the worker is itself a function
   * with a role from here and so exists only after this construct.
   */
  roleFor(family: string, stores: StoreAccess, exportWorker?: lambda.IFunction): iam.IRole {
    const profile = accessProfile(stores);
    const key = `${family}-${profile}`;
    const existing = this.roles.get(key);
    if (existing) return existing;

    const role = new iam.Role(this, constructId(key), {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Accounting ${family} functions: ${profile.replace(/-/g, ' ')}`,
    });
    const { table, bucket } = this.dataStore;
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: stores.table === 'write' ? tableWriteActions : tableReadActions,
        resources: [table.tableArn],
      }),
    );
    // Indexes are only ever queried; named one by one rather than `index/*`.
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: tableDefinition.globalSecondaryIndexes.map(({ indexName }) => `${table.tableArn}/index/${indexName}`),
      }),
    );
    // Every function given one of these roles is an AccountingFunction, and traces.
    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permission, so ' +
            'Lambda\'s tracing grant names Resource "*".',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
    if (stores.bucket === 'write') {
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: exportFileWriteActions, resources: [bucket.arnForObjects(exportFilesPrefix)] }),
      );
      NagSuppressions.addResourceSuppressions(
        role,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason:
              'Export files are written under each organisation\'s own prefix (orgs/<orgcode>/...), and organisations ' +
              'are created at run time: orgs/* is the narrowest resource, with only PutObject and AbortMultipartUpload on it.',
            appliesTo: [{ regex: '/^Resource::<[A-Za-z0-9]+\\.Arn>\\/orgs\\/\\*$/g' }],
          },
        ],
        true,
      );
    }
    if (stores.bucket === 'read') {
      // /export/files reads manifests and presigns GETs of export files: a presigned URL acts with this grant.
      role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(exportFilesPrefix)] }));
      NagSuppressions.addResourceSuppressions(
        role,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason:
              'Export files are read under each organisation\'s own prefix (orgs/<orgcode>/...), and organisations are ' +
              'created at run time: orgs/* is the narrowest resource, with only GetObject on it.',
            appliesTo: [{ regex: '/^Resource::<[A-Za-z0-9]+\\.Arn>\\/orgs\\/\\*$/g' }],
          },
        ],
        true,
      );
    }
    if (stores.bucket === 'list') {
      // Listing is granted on the bucket, narrowed by the prefix asked for: the organisations' objects, no content.
      // ListObjectVersions (the storage reconcile counts noncurrent versions too) needs s3:ListBucketVersions;
      // s3:prefix narrows it as it does ListBucket (S3 service authorization reference, condition keys).
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['s3:ListBucket', 's3:ListBucketVersions'],
          resources: [bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': exportFilesPrefix } },
        }),
      );
    }
    if (stores.exportWorker === 'invoke') {
      if (!exportWorker) throw new Error(`${key}: invokes the export worker, but none was given`);
      // The unqualified ARN only: callers invoke the function by name, never a version or alias.
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [exportWorker.functionArn] }),
      );
    }
    if (stores.eventBus === 'publish') this.eventBus.grantPutEventsTo(role);
    // The usage meter aggregator (table: read): it may add to the meter partitions, mark late days, put metered-day markers
    // and chunk markers, each in its own partitions, and write nothing else. Its chunks are transactions, which
    // IAM authorises item by item, as these very actions.
    if (stores.usageMeters === 'aggregate') {
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['dynamodb:UpdateItem'],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [usageMeterPartitions, lateUsagePartitions] } },
        }),
      );
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['dynamodb:PutItem'],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [meteredDayPartitions, meterChunkPartitions] } },
        }),
      );
    }

    // Route functions take calls of the organisations' shared allowances: one item per org, in a partition of its own.
    if (stores.orgRate === 'take') {
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['dynamodb:UpdateItem'],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [orgRatePartitions] } },
        }),
      );
    }

    this.roles.set(key, role);
    return role;
  }

  /** Every role created so far, by `<family>-<access profile>` key. */
  get all(): ReadonlyMap<string, iam.IRole> {
    return this.roles;
  }
}

/**
 * Table actions by access, listed rather than taken from grantReadData, which
 * would also allow Scan: no request path may scan the table.
 */
const tableReadActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const tableWriteActions = [...tableReadActions, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** Every partition of keys.usageMeterPartition: `ORG#<org>#USAGE_METER#<day>#<shard>`. */
export const usageMeterPartitions = 'ORG#*#USAGE_METER#*';
/** Every partition of keys.meteredDaysPartition: `ORG#<org>#METERED_DAYS`, one per org, holding only its markers. */
export const meteredDayPartitions = 'ORG#*#METERED_DAYS';
/** Every partition of keys.orgRate: `ORG#<org>#ORG_RATE`, one per org, holding only its shared call allowance. */
export const orgRatePartitions = 'ORG#*#ORG_RATE';
/** Every partition of keys.lateUsageDay: `ORG#<org>#USAGE_LATE`, one per org, holding only its days that received meters late. */
export const lateUsagePartitions = 'ORG#*#USAGE_LATE';
/** Every partition of keys.meterChunkPartition: `SYSTEM#METER_CHUNK#<chunk id>`, one per applied chunk. */
export const meterChunkPartitions = 'SYSTEM#METER_CHUNK#*';

/** Export files live under each organisation's prefix (shared/exports/export-files.ts). */
const exportFilesPrefix = 'orgs/*';
/**
 * What writing an export file takes (a single PutObject or a multipart upload,
 * which S3 authorises as PutObject, plus aborting it). No read:
 * the worker never reads a file back; no delete: files are never removed by the
 * service (the bucket keeps versions, a lifecycle rule clears stale uploads).
 */
const exportFileWriteActions = ['s3:PutObject', 's3:AbortMultipartUpload'];

/**
 * `table-read`, `table-write-bucket-write-event-bus-publish`, ...: the part of a
 * role's key that names its grants, in a fixed order.
 */
export function accessProfile(stores: StoreAccess): string {
  const parts = [`table-${stores.table}`];
  if (stores.bucket) parts.push(`bucket-${stores.bucket}`);
  if (stores.exportWorker) parts.push(`export-worker-${stores.exportWorker}`);
  if (stores.eventBus) parts.push(`event-bus-${stores.eventBus}`);
  if (stores.usageMeters) parts.push(`usage-meters-${stores.usageMeters}`);
  if (stores.orgRate) parts.push(`org-rate-${stores.orgRate}`);
  return parts.join('-');
}
