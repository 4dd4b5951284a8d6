import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as events from 'aws-cdk-lib/aws-events';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { environmentVariableNames } from '../shared/config';
import type { StoreAccess } from '../shared/http/route-definition';
import type { BuildInfo } from './build-info';
import type { DataStore } from './data-store';
import { type DeploymentEnvironment, removalPolicyOf } from './deployment-environment';
import type { FunctionRoles } from './function-roles';
import { lambdaBundle } from './lambda-bundle';

/** What every function of the service is wired to; built once by the stack. */
export interface ServiceBindings {
  /** Folder holding package.json, package-lock.json and `functions/`. */
  projectRoot: string;
  dataStore: DataStore;
  roles: FunctionRoles;
  /** The bus the service publishes its own events to (`stores.eventBus`). */
  eventBus: events.IEventBus;
  /**
   * The export worker, for functions that start export builds
   * (`stores.exportWorker`). Absent while the worker itself is being built.
   */
  exportWorker?: lambda.IFunction;
  /** The TOKEN_SIGNING_KEY value: one deploy-time dynamic reference to the current and previous keys (TokenSigningKey). */
  tokenKeys: string;
  build: BuildInfo;
  /** Log retention, what outlives the stack, the metrics namespace. */
  environment: DeploymentEnvironment;
}

export interface AccountingFunctionProps {
  /** Absolute path of the entry file; it exports `handler`. */
  entry: string;
  description: string;
  /** Role family; functions of one family with equal `stores` share a role. */
  family: string;
  stores: StoreAccess;
  /** Defaults to 10 seconds, the budget of an HTTP route. */
  timeout?: Duration;
  /** Defaults to 512 MB. */
  memorySize?: number;
}

/** What shared/config.ts reads, and the metrics namespace shared/observability/embedded-metrics.ts reads. */
type RuntimeVariable = (typeof environmentVariableNames)[number] | 'METRICS_NAMESPACE';

/** Route handlers answer well inside API Gateway's 30 s integration limit. */
const routeTimeout = Duration.seconds(10);

/**
 * A Lambda of the accounting service with the defaults fixed once: the latest
 * Node.js runtime Lambda offers (24) on arm64, an ESM bundle with the AWS SDK
 * inside (the version we test with, not whatever the runtime ships), X-Ray
 * tracing, the environment shared/config.ts reads, and a log group with the
 * environment's retention. The execution role comes from FunctionRoles and is
 * granted only what `stores` says.
 */
export class AccountingFunction extends Construct {
  readonly function: nodejs.NodejsFunction;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AccountingFunctionProps, bindings: ServiceBindings) {
    super(scope, id);
    const { dataStore, projectRoot } = bindings;
    // Only a function that starts builds is handed the worker (its role grant, its name).
    let exportWorker: lambda.IFunction | undefined;
    if (props.stores.exportWorker) {
      exportWorker = bindings.exportWorker;
      if (!exportWorker) throw new Error(`${this.node.path} invokes the export worker; build the worker first`);
    }
    const role = bindings.roles.roleFor(props.family, props.stores, exportWorker);

    const { environment: deployment } = bindings;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: deployment.logRetention,
      removalPolicy: removalPolicyOf(deployment),
    });
    this.logGroup.grantWrite(role);

    // S3_FORCE_PATH_STYLE is left unset: virtual-hosted addressing is right in AWS.
    const environment: Partial<Record<RuntimeVariable, string>> = {
      TABLE_NAME: dataStore.table.tableName,
      TOKEN_SIGNING_KEY: bindings.tokenKeys,
      BUILD_VERSION: bindings.build.version,
      BUILD_ID: bindings.build.id,
      METRICS_NAMESPACE: deployment.metricsNamespace,
      ORG_RATE_LIMIT_PER_SECOND: String(deployment.orgRateLimit.perSecond),
      ORG_RATE_LIMIT_BURST: String(deployment.orgRateLimit.burst),
    };
    // Only functions granted a store or target learn its name.
    if (props.stores.bucket) environment.BUCKET_NAME = dataStore.bucket.bucketName;
    if (exportWorker) environment.EXPORT_WORKER_FUNCTION_NAME = exportWorker.functionName;
    if (props.stores.eventBus) environment.EVENT_BUS_NAME = bindings.eventBus.eventBusName;

    this.function = new nodejs.NodejsFunction(this, 'Handler', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? routeTimeout,
      role,
      tracing: lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      environment,
      projectRoot,
      depsLockFilePath: join(projectRoot, 'package-lock.json'),
      bundling: {
        ...lambdaBundle,
        mainFields: [...lambdaBundle.mainFields],
        esbuildArgs: { '--alias': [...lambdaBundle.esbuildArgs['--alias']] },
        format: nodejs.OutputFormat.ESM,
        // Bundle the SDK too: the version we test with, not whatever the runtime ships.
        externalModules: [],
        // esbuild's size-and-time summary, 4 lines a function, would bury what synth and deploy say; warnings still show.
        logLevel: nodejs.LogLevel.WARNING,
      },
    });
    NagSuppressions.addResourceSuppressions(this.function, [
      {
        id: 'Serverless-LambdaDLQ',
        reason:
          'No function-level dead-letter queue. A route or operator function is invoked synchronously and hands its ' +
          'failure to its caller. An asynchronously invoked one sets its failure handling on its async invoke config ' +
          'instead: an on-failure destination that keeps the event with its error (consumers), or none where the work ' +
          'is recovered without the event (background functions, see Serverless-LambdaAsyncFailureDestination there).',
      },
    ]);
  }
}
