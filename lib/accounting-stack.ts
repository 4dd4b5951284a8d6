import { Aws, CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { BackgroundFunctionDefinition } from '../shared/routes/background-registry';
import type { ConsumerFunctionDefinition } from '../shared/routes/consumer-registry';
import type { OperatorFunctionDefinition } from '../shared/routes/operator-registry';
import type { RouteDefinition } from '../shared/http/route-definition';
import { AccountingFunction, type ServiceBindings } from './accounting-function';
import { BackgroundFunctions } from './background-functions';
import type { BuildInfo } from './build-info';
import { constructId } from './construct-id';
import { DataStore } from './data-store';
import { type DeploymentEnvironment, reservedConcurrencyOf } from './deployment-environment';
import { EventConsumers } from './event-consumers';
import { FunctionRoles } from './function-roles';
import { AccountingHttpApi } from './http-api';
import { OperationalAlarms } from './operational-alarms';
import { OperationsDashboard } from './operations-dashboard';
import { OperatorFunctions } from './operator-functions';
import { RouteFamilies, RouteFamily } from './route-family';
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
/** The background functions whose runs the operations dashboard (and, for the scheduler, the outbox heartbeat) reads, besides the outbox publisher and the export worker. */
const dashboardRunNames = { exportScheduler: 'export-scheduler', usageRollup: 'daily-usage-rollup', financialRollup: 'daily-financial-rollup' } as const;

/**
 * The accounting service of one environment: a stack that only composes, each
 * concern a construct. It holds what keeps data (the table, the export bucket and
 * its access log bucket, the key secrets, the dead-letter queue), under the
 * logical ids they have always had (test/cdk pins them), and what is one per
 * environment (the API, its stage and access log, the bus when the environment
 * has its own, the consumers, background and operator functions and their
 * roles, the operations dashboard). Everything that grows with the registry lives in nested stacks: a
 * RouteFamily per route family (its routes, log groups, subscriptions, roles and
 * alarms), the alarms of the rest with their topic, the usage meter aggregator.
 * test/cdk/deploy-limits.test.ts holds every one of them to 60% of each
 * CloudFormation limit, in every environment.
 */
export class AccountingStack extends Stack {
  readonly dataStore: DataStore;
  readonly tokenSigningKey: TokenSigningKey;
  readonly roles: FunctionRoles;
  readonly backgroundFunctions: BackgroundFunctions;
  readonly eventConsumers: EventConsumers;
  readonly httpApi: AccountingHttpApi;
  readonly routes: RouteFamilies;
  readonly operatorFunctions: OperatorFunctions;
  readonly usageMeters: UsageMeterAggregator;
  readonly alarms: OperationalAlarms;
  readonly dashboard: OperationsDashboard;

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
      tokenKeys: this.tokenSigningKey.environmentValue,
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
    this.httpApi = new AccountingHttpApi(this, 'HttpApi', { environment });
    this.operatorFunctions = new OperatorFunctions(this, 'OperatorFunctions', {
      operators: props.operators,
      bindings: withWorker,
    });
    this.usageMeters = new UsageMeterAggregator(this, 'UsageMeters', {
      bindings: withWorker,
      deadLetterQueue: this.eventConsumers.deadLetterQueue,
    });

    const outboxPublisher = this.backgroundFunctions.functions.get(outboxPublisherName);
    if (!outboxPublisher) throw new Error(`The background registry has no ${outboxPublisherName}, which the outbox-age alarm watches`);
    // Built before the routes, so it watches the functions of this stack and the aggregator; each route family watches its own.
    this.alarms = new OperationalAlarms(this, 'Alarms', {
      environment,
      functions: this.everyFunction(),
      deadLetterQueue: this.eventConsumers.deadLetterQueue,
      api: this.httpApi.api,
      exportWorker: this.backgroundFunctions.exportWorker.function,
      outboxPublisher: outboxPublisher.function,
      exportScheduler: this.background(dashboardRunNames.exportScheduler),
    });
    this.routes = new RouteFamilies(this, 'Routes', {
      routes: props.routes,
      bindings: withWorker,
      httpApi: this.httpApi,
      usageMeters: this.usageMeters,
      alarmTopic: this.alarms.topic,
    });

    this.dashboard = this.operationsDashboard(environment, outboxPublisher.function);
    this.capConcurrency(environment);

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
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://${Aws.REGION}.console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards/dashboard/${this.dashboard.dashboard.dashboardName}`,
      description: 'The operations dashboard of this environment: what on-call reads first (README, Operations runbook)',
    });
    new CfnOutput(this, 'ApiAccessLogGroupName', { value: this.httpApi.accessLogGroup.logGroupName });
    // Generated names, not /aws/lambda/<function>: the runbook's Logs Insights queries read them here.
    for (const [family, familyStack] of this.routes.families) {
      new CfnOutput(this, `${constructId(family)}RouteLogGroups`, {
        value: this.toJsonString(Object.fromEntries([...familyStack.routeFunctions].map(([name, handler]) => [name, handler.logGroup.logGroupName]))),
        description: `The log group of each route of the ${family} family, by route name (JSON)`,
      });
    }
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
   * The environment's operations dashboard, its functions in groups: each
   * route family, the background functions, the consumers (with the
   * dead-letter notifier and the usage meter aggregator), the operators.
   */
  private operationsDashboard(environment: DeploymentEnvironment, outboxPublisher: lambda.IFunction): OperationsDashboard {
    const functionsOf = (handlers: Iterable<AccountingFunction>) => [...handlers].map((handler) => handler.function);
    return new OperationsDashboard(this, 'Operations', {
      environment,
      api: this.httpApi.api,
      table: this.dataStore.table,
      deadLetterQueue: this.eventConsumers.deadLetterQueue,
      routeFamilies: [...this.routes.families.keys()],
      functionGroups: new Map([
        ...[...this.routes.families].map(([family, stack]) => [family, functionsOf(stack.routeFunctions.values())] as const),
        ['background', functionsOf(this.backgroundFunctions.functions.values())],
        ['consumers', functionsOf([...this.eventConsumers.functions.values(), this.eventConsumers.deadLetterNotifier, this.usageMeters.aggregator])],
        ['operators', functionsOf(this.operatorFunctions.functions.values())],
      ]),
      runs: {
        outboxPublisher,
        exportWorker: this.backgroundFunctions.exportWorker.function,
        exportScheduler: this.background(dashboardRunNames.exportScheduler),
        usageRollup: this.background(dashboardRunNames.usageRollup),
        financialRollup: this.background(dashboardRunNames.financialRollup),
        usageMeterAggregator: this.usageMeters.aggregator.function,
      },
    });
  }

  /**
   * Every function of the stack, route families included, reserves its share
   * of the environment's concurrency cap while it may run in prod's account
   * and Region (dev: reservedConcurrencyOf), so it never takes prod's.
   */
  private capConcurrency(environment: DeploymentEnvironment): void {
    const handlers = this.node.findAll().filter((construct): construct is AccountingFunction => construct instanceof AccountingFunction);
    const share = reservedConcurrencyOf(environment, handlers.length);
    if (share === undefined) return;
    for (const handler of handlers) (handler.function.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = share;
  }

  /** A background function the alarms or the dashboard read, by its registry name. */
  private background(name: string): lambda.IFunction {
    const handler = this.backgroundFunctions.functions.get(name);
    if (!handler) throw new Error(`The background registry has no ${name}, which the alarms and the operations dashboard read`);
    return handler.function;
  }

  /**
   * Every function built so far outside the route families, whichever construct
   * built it, named by its construct path (`EventConsumers/OrderPlaced`).
   */
  private everyFunction(): ReadonlyMap<string, lambda.IFunction> {
    const functions = this.node
      .findAll()
      .filter((construct): construct is AccountingFunction => construct instanceof AccountingFunction)
      .filter((handler) => !(Stack.of(handler) instanceof RouteFamily));
    return new Map(
      functions.map((handler) => [
        handler.node.path.slice(this.node.path.length + 1).replace(/\/Function$/, ''),
        handler.function,
      ]),
    );
  }
}
