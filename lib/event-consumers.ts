import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { type ConsumerFunctionDefinition, deadLetterNotifierFunction } from '../shared/routes/consumer-registry';
import { AccountingFunction, type AccountingFunctionProps, type ServiceBindings } from './accounting-function';
import { constructId } from './construct-id';
import { removalPolicyOf } from './deployment-environment';

export interface EventConsumersProps {
  /** The consumer registry (shared/routes/consumer-registry.ts). */
  definitions: readonly ConsumerFunctionDefinition[];
  /** Rules go on `bindings.eventBus`, the bus the platform's events arrive on. */
  bindings: ServiceBindings;
}

/** Consumers share one role family; within it, functions with equal `stores` share a role. */
export const consumerFamily = 'consumers';
/** The dead-letter notifier's role is its own: the consumers' role may invoke it, and a role may not name its own function. */
export const deadLetterNotifierFamily = 'dead-letters';

/**
 * Lambda runs a failed event twice more (about 1 and 2 minutes later): enough
 * for a throttle or a transient table error, and harmless because consumers
 * deduplicate on the business key. An event that still fails, or waits longer
 * than 6 hours (Lambda's maximum) in the queue, goes to the dead-letter queue.
 */
export const consumerAsyncRetries = { retryAttempts: 2, maxEventAge: Duration.hours(6) };

/** The function of an asynchronously invoked entry in `functions/consumers/` (a consumer, the notifier, the aggregator), from its definition. */
export function consumerFunctionProps(
  definition: Omit<ConsumerFunctionDefinition, 'pattern'>,
  family: string,
  projectRoot: string,
): AccountingFunctionProps {
  return {
    entry: join(projectRoot, 'functions', 'consumers', `${definition.name}.ts`),
    description: definition.description,
    family,
    stores: definition.stores,
    timeout: Duration.seconds(definition.timeoutSeconds),
    memorySize: definition.memoryMb,
  };
}

/**
 * EventBridge retries only handing the event to Lambda (throttling, an outage,
 * a missing permission), never the function's own failure. Its maximums, so
 * that an outage delays the platform's events instead of losing them; what is
 * still undelivered after a day lands in the dead-letter queue.
 */
const ruleDeliveryRetries = { retryAttempts: 185, maxEventAge: Duration.hours(24) };

/**
 * The functions fed by the platform's events (docs/decisions.md: Platform events), one per
 * registry entry, each behind an EventBridge rule with the entry's pattern on
 * the stack's bus. Delivery is asynchronous and at least once.
 *
 * One dead-letter queue keeps what could not be handled, with the reason,
 * until an operator redrives it (`npm run admin -- dead-letter`).
 * A consumer's on-failure destination is the dead-letter notifier, sent the
 * invocation record (the event as `requestPayload`, the last error as
 * `responsePayload.errorType` and `errorMessage`): it tells team finance_audit
 * of the event's organisation in its inbox, and its own destinations, on
 * success and on failure alike, put its invocation record in the queue, with
 * the consumer's record as its `requestPayload`. The rule's own dead-letter
 * queue gets the events EventBridge could not hand to Lambda at all (the
 * reason in the message attributes).
 */
export class EventConsumers extends Construct {
  readonly functions: ReadonlyMap<string, AccountingFunction>;
  /** The rule that feeds each consumer, by function name. */
  readonly rules: ReadonlyMap<string, events.Rule>;
  readonly deadLetterQueue: sqs.Queue;
  readonly deadLetterNotifier: AccountingFunction;

  constructor(scope: Construct, id: string, props: EventConsumersProps) {
    super(scope, id);
    // Retained like the table (outside dev): its messages are events the ledger has not taken in yet.
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: removalPolicyOf(props.bindings.environment),
    });
    const isTheDeadLetterQueue =
      'This queue is the dead-letter queue: what lands here is kept 14 days for an operator to read and redrive; a ' +
      'queue behind it would only hold messages that failed to be dead letters.';
    NagSuppressions.addResourceSuppressions(this.deadLetterQueue, [
      { id: 'AwsSolutions-SQS3', reason: isTheDeadLetterQueue },
      { id: 'Serverless-SQSRedrivePolicy', reason: isTheDeadLetterQueue },
    ]);

    this.deadLetterNotifier = new AccountingFunction(
      this,
      constructId(deadLetterNotifierFunction.name),
      consumerFunctionProps(deadLetterNotifierFunction, deadLetterNotifierFamily, props.bindings.projectRoot),
      props.bindings,
    );
    // The record reaches the queue whether or not the inbox item could be written.
    this.deadLetterNotifier.function.configureAsyncInvoke({
      ...consumerAsyncRetries,
      onSuccess: new destinations.SqsDestination(this.deadLetterQueue),
      onFailure: new destinations.SqsDestination(this.deadLetterQueue),
    });

    // Not a LambdaDestination, whose grant names every version and alias too (`<arn>:*`): the unqualified ARN only.
    const toNotifier: lambda.IDestination = { bind: () => ({ destination: this.deadLetterNotifier.function.functionArn }) };

    const functions = new Map<string, AccountingFunction>();
    const rules = new Map<string, events.Rule>();
    for (const definition of props.definitions) {
      if (functions.has(definition.name)) throw new Error(`Duplicate consumer function: ${definition.name}`);
      const { source, 'detail-type': detailType } = definition.pattern;
      // EventBridge refuses a pattern with an empty list; fail at synth rather than at deploy.
      if (source.length === 0 || detailType.length === 0) {
        throw new Error(`Consumer ${definition.name}: its pattern needs at least one source and one detail-type`);
      }
      const handler = new AccountingFunction(
        this,
        constructId(definition.name),
        consumerFunctionProps(definition, consumerFamily, props.bindings.projectRoot),
        props.bindings,
      );
      handler.function.configureAsyncInvoke({
        ...consumerAsyncRetries,
        onFailure: toNotifier,
      });
      const rule = new events.Rule(handler, 'Rule', {
        description: `Delivers ${source.join(', ')} ${detailType.join(', ')} events to the ${definition.name} consumer`,
        eventBus: props.bindings.eventBus,
        eventPattern: { source: [...source], detailType: [...detailType] },
      });
      rule.addTarget(withDeadLetterQueue(new targets.LambdaFunction(handler.function, ruleDeliveryRetries), this.deadLetterQueue));
      functions.set(definition.name, handler);
      rules.set(definition.name, rule);
    }
    // Lambda hands a consumer's failed event to the notifier with the consumer's role.
    for (const role of new Set([...functions.values()].map((handler) => handler.function.role))) {
      role?.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.deadLetterNotifier.function.functionArn] }),
      );
    }
    // One statement naming every rule, rather than the statement per rule a target's own deadLetterQueue adds:
    // the queue policy (8,192 characters at most, SQS quotas) then grows by a rule's ARN per consumer, not ~500 characters.
    this.deadLetterQueue.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowConsumerRulesToDeadLetter',
        principals: [new iam.ServicePrincipal('events.amazonaws.com')],
        actions: ['sqs:SendMessage'],
        resources: [this.deadLetterQueue.queueArn],
        conditions: { ArnEquals: { 'aws:SourceArn': [...rules.values()].map((rule) => rule.ruleArn) } },
      }),
    );
    this.functions = functions;
    this.rules = rules;
  }
}

/** The target, with undeliverable events sent to `queue`; the queue's policy is the caller's to write. */
function withDeadLetterQueue(target: events.IRuleTarget, queue: sqs.IQueue): events.IRuleTarget {
  return { bind: (rule, id) => ({ ...target.bind(rule, id), deadLetterConfig: { arn: queue.queueArn } }) };
}
