import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import type { Construct } from 'constructs';
import type { BackgroundFunctionDefinition } from '../shared/routes/background-registry';
import type { ConsumerFunctionDefinition } from '../shared/routes/consumer-registry';
import type { OperatorFunctionDefinition } from '../shared/routes/operator-registry';
import type { RouteDefinition } from '../shared/routes/route-definition';
import type { ServiceBindings } from './accounting-function';
import { BackgroundFunctions } from './background-functions';
import type { BuildInfo } from './build-info';
import { constructId } from './construct-id';
import { DataStore } from './data-store';
import { EventConsumers } from './event-consumers';
import { FunctionRoles } from './function-roles';
import { AccountingHttpApi } from './http-api';
import { OperatorFunctions } from './operator-functions';
import { TokenSigningKey } from './token-signing-key';

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
}

/**
 * The service publishes to the account's default bus, where the rules that
 * feed its consumers live too; shared/config.ts defaults EVENT_BUS_NAME to it.
 */
const serviceEventBusName = 'default';

/**
 * The accounting service in one stack. It only composes; each concern is a construct.
 *
 * Resource budget (CloudFormation allows 500 per stack). A route costs 5
 * resources: function, log group, API route, API integration, invoke permission.
 * Roles cost 2 (role and policy) per family and store access, not per function
 * (FunctionRoles). Everything else is fixed: table, bucket and its TLS policy,
 * secret, API and stage (6); operator functions (2 each: function, log group);
 * background functions (3 each: function, log group, async invoke config, plus
 * rule and invoke permission when scheduled); event consumers (5 each:
 * function, log group, async invoke config, rule, invoke permission) and their
 * dead-letter queue with its policy (2); CDK metadata. 34 today. At 55 routes
 * and 5 consumers: 34 + 55 x 5 + 3 more consumers x 5 + at most 15 families x
 * 4 access profiles x 2 = 444, leaving ~55 for further consumers and
 * schedules. test/cdk measures these numbers and asserts the projection; if it
 * ever fails, move a family into a nested stack.
 */
export class AccountingStack extends Stack {
  readonly dataStore: DataStore;
  readonly tokenSigningKey: TokenSigningKey;
  readonly roles: FunctionRoles;
  readonly backgroundFunctions: BackgroundFunctions;
  readonly eventConsumers: EventConsumers;
  readonly httpApi: AccountingHttpApi;
  readonly operatorFunctions: OperatorFunctions;

  constructor(scope: Construct, id: string, props: AccountingStackProps) {
    super(scope, id, props);

    this.dataStore = new DataStore(this, 'DataStore');
    this.tokenSigningKey = new TokenSigningKey(this, 'TokenSigningKey');
    const eventBus = events.EventBus.fromEventBusName(this, 'EventBus', serviceEventBusName);
    this.roles = new FunctionRoles(this, 'FunctionRoles', { dataStore: this.dataStore, eventBus });
    const bindings: ServiceBindings = {
      projectRoot: props.projectRoot,
      dataStore: this.dataStore,
      roles: this.roles,
      eventBus,
      tokenSigningKey: this.tokenSigningKey.environmentValue,
      build: props.build,
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

    new CfnOutput(this, 'ApiUrl', { value: this.httpApi.url, description: 'Routes are POST <ApiUrl><route path>, e.g. <ApiUrl>/event/get' });
    new CfnOutput(this, 'TableName', { value: this.dataStore.table.tableName });
    new CfnOutput(this, 'ExportBucketName', { value: this.dataStore.bucket.bucketName });
    new CfnOutput(this, 'ConsumerDeadLetterQueueUrl', {
      value: this.eventConsumers.deadLetterQueue.queueUrl,
      description: 'Platform events a consumer could not handle, each with the reason',
    });
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
}
