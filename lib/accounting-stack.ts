import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { BackgroundFunctionDefinition } from '../shared/routes/background-registry';
import type { ConsumerFunctionDefinition } from '../shared/routes/consumer-registry';
import type { OperatorFunctionDefinition } from '../shared/routes/operator-registry';
import type { RouteDefinition } from '../shared/routes/route-definition';
import { AccountingFunction, type ServiceBindings } from './accounting-function';
import { BackgroundFunctions } from './background-functions';
import type { BuildInfo } from './build-info';
import { constructId } from './construct-id';
import { DataStore } from './data-store';
import type { DeploymentEnvironment } from './deployment-environment';
import { EventConsumers } from './event-consumers';
import { FunctionRoles } from './function-roles';
import { AccountingHttpApi } from './http-api';
import { OperationalAlarms } from './operational-alarms';
import { OperatorFunctions } from './operator-functions';
import { TokenSigningKey } from './token-signing-key';
import { UsageMeterAggregator } from './usage-meter-aggregator';

export interface AccountingStackProps extends StackProps {
  /** Folder holding package.json, package-lock.json and `functions/`. */
  projectRoot: string;
  build: BuildInfo;
  /** The HTTP route registry (shared/routes/registry.ts). */
  routes: readonly RouteDefinition[];
  /** The operator function registry (shared/routes/operator-registry.ts). */
  operators: readonly OperatorFunctionDefinition[];
  /** The background function registry (shared/routes/background-registry.ts). */
  background: readonly BackgroundFunctionDefinition[];
  /** The consumer registry (shared/routes/consumer-registry.ts). */
  consumers: readonly ConsumerFunctionDefinition[];
  /** dev, staging, prod (lib/deployment-environment.ts). */
  environment: DeploymentEnvironment;
}

/** The background function the outbox-age alarm watches (shared/routes/background-registry.ts). */
const outboxPublisherName = 'outbox-publisher';

/**
 * The accounting service in one stack. It only composes; each concern is a construct.
 *
 * Resource budget (CloudFormation allows 500 per stack). A route costs 5
 * resources: function, log group, API route, API integration, invoke permission.
 * Roles cost 2 (role and policy) per family and store access, not per function
 * (FunctionRoles). Everything else is fixed: the table, the export bucket and
 * its access log bucket with their policies, the key secret(s), the API, its
 * stage and access log group; operator functions (2 each: function, log
 * group); background functions (3 each: function, log group, async invoke
 * config, plus rule and invoke permission when scheduled); event consumers (5
 * each: function, log group, async invoke config, rule, invoke permission) and
 * their dead-letter queue with its policy; the alarms, however many, as one
 * nested stack, and the usage meter aggregator with its role and the log
 * subscriptions of every route as another; CDK metadata. 96 today (54
 * routes, 73 functions here and the aggregator). At 55 routes: 96 + 55 x 5 +
 * at most 16 families x 4 access profiles x 2 = 499.
 * test/cdk measures these numbers and asserts the projection; if it ever
 * fails, move a family into a nested stack, as the alarms are.
 */
export class AccountingStack extends Stack {
  readonly dataStore: DataStore;
  readonly tokenSigningKey: TokenSigningKey;
  readonly roles: FunctionRoles;
  readonly backgroundFunctions: BackgroundFunctions;
  readonly eventConsumers: EventConsumers;
  readonly httpApi: AccountingHttpApi;
  readonly operatorFunctions: OperatorFunctions;
  readonly usageMeters: UsageMeterAggregator;
  readonly alarms: OperationalAlarms;

  constructor(scope: Construct, id: string, props: AccountingStackProps) {
    const { environment } = props;
    super(scope, id, {
      ...props,
      env: { account: environment.account, region: environment.region },
      terminationProtection: environment.terminationProtection,
    });
    Tags.of(this).add('service', 'accounting');
    Tags.of(this).add('environment', environment.name);

    this.dataStore = new DataStore(this, 'DataStore', { environment });
    this.tokenSigningKey = new TokenSigningKey(this, 'TokenSigningKey', { generation: environment.tokenKeyGeneration });
    // The environment's bus: its consumers' rules listen there and its functions publish there (never another's).
    const eventBus =
      environment.eventBusName === 'default'
        ? events.EventBus.fromEventBusName(this, 'EventBus', environment.eventBusName)
        : new events.EventBus(this, 'EventBus', { eventBusName: environment.eventBusName });
    this.roles = new FunctionRoles(this, 'FunctionRoles', { dataStore: this.dataStore, eventBus });
    const bindings: ServiceBindings = {
      projectRoot: props.projectRoot,
      dataStore: this.dataStore,
      roles: this.roles,
      eventBus,
      tokenKeys: this.tokenSigningKey.environmentValues,
      build: props.build,
      environment,
    };
    // First: the export worker must exist before any function that starts builds.
    this.backgroundFunctions = new BackgroundFunctions(this, 'BackgroundFunctions', {
      definitions: props.background,
      bindings,
    });
    const withWorker = this.backgroundFunctions.bindings;
    this.eventConsumers = new EventConsumers(this, 'EventConsumers', { definitions: props.consumers, bindings: withWorker });
    this.httpApi = new AccountingHttpApi(this, 'HttpApi', { routes: props.routes, bindings: withWorker });
    this.operatorFunctions = new OperatorFunctions(this, 'OperatorFunctions', {
      operators: props.operators,
      bindings: withWorker,
    });

    this.usageMeters = new UsageMeterAggregator(this, 'UsageMeters', {
      bindings: withWorker,
      routeLogGroups: new Map([...this.httpApi.routeFunctions].map(([name, handler]) => [name, handler.logGroup])),
      deadLetterQueue: this.eventConsumers.deadLetterQueue,
    });

    const outboxPublisher = this.backgroundFunctions.functions.get(outboxPublisherName);
    if (!outboxPublisher) throw new Error(`The background registry has no ${outboxPublisherName}, which the outbox-age alarm watches`);
    this.alarms = new OperationalAlarms(this, 'Alarms', {
      environment,
      functions: this.everyFunction(),
      deadLetterQueue: this.eventConsumers.deadLetterQueue,
      api: this.httpApi.api,
      exportWorker: this.backgroundFunctions.exportWorker.function,
      outboxPublisher: outboxPublisher.function,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.httpApi.url, description: 'Routes are POST <ApiUrl><route path>, e.g. <ApiUrl>/event/get' });
    new CfnOutput(this, 'TableName', { value: this.dataStore.table.tableName });
    new CfnOutput(this, 'ExportBucketName', { value: this.dataStore.bucket.bucketName });
    new CfnOutput(this, 'ConsumerDeadLetterQueueUrl', {
      value: this.eventConsumers.deadLetterQueue.queueUrl,
      description: 'Platform events a consumer could not handle, each with the reason',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarms.topic.topicArn,
      description: 'The SNS topic every alarm of this environment notifies: subscribe the on-call here',
    });
    new CfnOutput(this, 'ApiAccessLogGroupName', { value: this.httpApi.accessLogGroup.logGroupName });
    for (const [name, operator] of this.operatorFunctions.functions) {
      new CfnOutput(this, `${constructId(name)}FunctionName`, {
        value: operator.function.functionName,
        description: `Operator function ${name} (invoke directly)`,
      });
    }
    for (const [name, background] of this.backgroundFunctions.functions) {
      new CfnOutput(this, `${constructId(name)}FunctionName`, {
        value: background.function.functionName,
        description: `Background function ${name} (started by the service, not by callers)`,
      });
    }
  }

  /**
   * Every function of the stack, whichever construct built it, named by its
   * construct path (`HttpApi/EventRecord`, `EventConsumers/OrderPlaced`).
   */
  private everyFunction(): ReadonlyMap<string, lambda.IFunction> {
    const functions = this.node.findAll().filter((construct) => construct instanceof AccountingFunction);
    return new Map(
      functions.map((handler) => [
        handler.node.path.slice(this.node.path.length + 1).replace(/\/Function$/, ''),
        handler.function,
      ]),
    );
  }
}
