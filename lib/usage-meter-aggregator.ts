import { Aws, CfnParameter, NestedStack } from 'aws-cdk-lib';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { usageMeterAggregatorFunction } from '../shared/routes/consumer-registry';
import { AccountingFunction, type ServiceBindings } from './accounting-function';
import { consumerAsyncRetries, consumerFamily, consumerFunctionProps } from './event-consumers';
import { FunctionRoles } from './function-roles';
import { logsMayInvoke } from './log-subscriptions';
import { grantStoredFailures } from './stored-failures';

export interface UsageMeterAggregatorProps {
  bindings: ServiceBindings;
  /** Where a batch goes once Lambda's retries are spent, for redrive (the consumers' dead-letter queue). */
  deadLetterQueue: sqs.IQueue;
}

/**
 * The usage meters' writer (docs/decisions.md: Usage meters): the usage meter
 * aggregator, fed by a subscription on every route function's log group with
 * the metered request lines, never on its own (the subscriptions live with their
 * routes, lib/route-family.ts, and wait for `invokedByLogs`). CloudWatch Logs invokes it
 * asynchronously; Lambda retries a failed batch twice (the chunks it applied
 * are skipped then), and a batch that still fails, or waited 6 hours, goes to
 * the dead-letter queue, where `npm run admin -- dead-letter redrive` runs it again.
 *
 * A nested stack: its execution role is its own, built here like the service
 * stack's shared roles (lib/function-roles.ts): a role of the service stack
 * would have to name this stack's log group while this stack waits for the role.
 */
export class UsageMeterAggregator extends NestedStack {
  readonly aggregator: AccountingFunction;
  /** The aggregator's role, the only one. */
  readonly roles: FunctionRoles;
  /** Lets CloudWatch Logs invoke the aggregator for the log groups of the service stack and its nested stacks. */
  readonly invokedByLogs: lambda.CfnPermission;

  constructor(scope: Construct, id: string, props: UsageMeterAggregatorProps) {
    // Resolved in the service stack: CloudFormation names a log group it names itself `<stack name>-<logical id>-<suffix>`.
    super(scope, id, {
      description: 'The usage meter aggregator of the accounting service, which the route log groups are subscribed to',
      parameters: { ServiceStackName: Aws.STACK_NAME },
    });
    const serviceStackName = new CfnParameter(this, 'ServiceStackName', { type: 'String' });
    const definition = usageMeterAggregatorFunction;
    const { dataStore, eventBus } = props.bindings;
    this.roles = new FunctionRoles(this, 'Roles', { dataStore, eventBus });
    this.aggregator = new AccountingFunction(
      this,
      'Aggregator',
      consumerFunctionProps(definition, consumerFamily, props.bindings.projectRoot),
      { ...props.bindings, roles: this.roles },
    );
    this.aggregator.function.configureAsyncInvoke({
      ...consumerAsyncRetries,
      onFailure: new destinations.SqsDestination(props.deadLetterQueue),
    });
    // A batch too large for that record it dead-letters itself, stored in the bucket.
    grantStoredFailures(this.aggregator.function, dataStore.bucket, props.deadLetterQueue);
    // The route log groups' generated names start with their family stack's name, which starts with the service
    // stack's (`<service stack>-<family stack id>-<suffix>-<log group id>-<suffix>`); this stack's own do too.
    this.invokedByLogs = logsMayInvoke(this, 'InvokedByLogs', this.aggregator.function, `${serviceStackName.valueAsString}-`);
  }
}
