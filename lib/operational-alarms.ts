import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { maxBuildAttempts } from '../shared/exports/build-faults';
import { type DeploymentEnvironment, removalPolicyOf } from './deployment-environment';

export interface OperationalAlarmsProps {
  environment: DeploymentEnvironment;
  /** Every function of the stack, by the name alarm descriptions give it. */
  functions: ReadonlyMap<string, lambda.IFunction>;
  deadLetterQueue: sqs.IQueue;
  api: apigwv2.HttpApi;
  exportWorker: lambda.IFunction;
  outboxPublisher: lambda.IFunction;
  /** Runs on the same every-minute schedule as the publisher: its runs show the environment's schedules fire. */
  exportScheduler: lambda.IFunction;
}

/** CloudWatch's hard limit on the metrics one metric math alarm may read (test/cdk/deploy-limits.test.ts). */
export const metricsPerAlarmLimit = 10;
/** Functions summed by one alarm: 60% of the limit, the headroom every limit of the stack keeps. */
export const functionsPerAlarm = 6;

/** How many alarms watch the functions' errors and throttles, for `functionCount` functions. */
export function functionAlarmCount(functionCount: number): number {
  return 2 * Math.ceil(functionCount / functionsPerAlarm);
}

/**
 * Published by the outbox publisher after each run (shared/observability,
 * shared/bus/outbox-publisher.ts): how long the oldest waiting event had
 * waited, under the environment's namespace, by function name.
 */
export const outboxLagMetric = { name: 'outbox_lag_ms', dimension: 'function' } as const;

const fiveMinutes = Duration.minutes(5);

/**
 * The outbox publisher's heartbeat: over this window it is due to run 15 times
 * (every minute, shared/routes/background-registry.ts), and so is the export
 * scheduler. Fewer than `runs` of the publisher's, while the
 * scheduler ran at least that often, means its schedule or its invocation
 * stopped (a disabled rule, a revoked permission).
 */
export const heartbeat = { window: Duration.minutes(15), runs: 10 } as const;

/**
 * The alarms an on-call engineer is paged by (docs/decisions.md: Operations,
 * Alarms), all notifying the environment's topic, both when they fire and when
 * they clear. Subscribe to the topic (the AlarmTopicArn output) to be told.
 *
 * Functions are watched in groups of at most six (functionAlarms), each alarm
 * summing its group's metric, so the alarm count grows by two per six functions
 * rather than two per function. The alarms and their topic live in a nested
 * stack of their own; the route functions' alarms live with their routes, in
 * their family's stack (lib/route-family.ts), and notify this topic.
 */
export class OperationalAlarms extends NestedStack {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: OperationalAlarmsProps) {
    super(scope, id, { description: `Alarms of the accounting service (${props.environment.name}) and the topic they notify` });
    const { environment } = props;
    const thresholds = environment.alarms;
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `Accounting service alarms (${environment.name})`,
      enforceSSL: true,
    });
    const target = { topic: this.topic, stackName: environment.stackName };
    // The on-call's subscriptions are made by hand on this topic: a topic deleted with a stack or replaced by a
    // refactor takes them along, and the pager goes silent without a word. Its logical id is pinned by a test.
    this.topic.applyRemovalPolicy(removalPolicyOf(environment));
    this.allowAlarmsToPublish(environment.stackName);

    alarmOf(this, 'DeadLetters', {
      alarmDescription:
        'Platform events are waiting in the consumers\' dead-letter queue: events the ledger has not taken in. Read them ' +
        'with the reason they carry, fix the cause, redrive them.',
      metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: fiveMinutes }),
      threshold: 1,
    }, target);

    functionAlarms(this, { environment, topic: this.topic, functions: props.functions, idPrefix: '' });

    alarmOf(this, 'Api5xxRate', {
      alarmDescription:
        `More than ${thresholds.api5xxPercent}% of API requests were answered 5xx in 5 minutes ` +
        `(counted once ${thresholds.api5xxMinimumRequests} requests arrived). The access log and the routes' logs say which.`,
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${thresholds.api5xxMinimumRequests}, 100 * FILL(errors, 0) / requests, 0)`,
        usingMetrics: {
          requests: props.api.metricCount({ statistic: 'Sum', period: fiveMinutes }),
          errors: props.api.metricServerError({ period: fiveMinutes }),
        },
        period: fiveMinutes,
        label: 'API 5xx %',
      }),
      threshold: thresholds.api5xxPercent,
    }, target);

    // Measurable today: each died run (timeout, crash, out of memory) leaves a build the sweep restarts, and the
    // last attempt abandons it. A builds-abandoned metric from the worker itself would count only the last.
    alarmOf(this, 'ExportBuildsAbandoned', {
      alarmDescription:
        'Export worker runs died (timeout, crash) in 15 minutes: their builds are restarted by the scheduler\'s sweep, ' +
        `and after attempt ${maxBuildAttempts} fail as build_abandoned. The worker's log says which build.`,
      metric: props.exportWorker.metricErrors({ statistic: 'Sum', period: Duration.minutes(15) }),
      threshold: thresholds.exportWorkerFailures,
    }, target);

    alarmOf(this, 'OutboxAge', {
      alarmDescription:
        `The oldest outbox event (invoice, payout) has waited more than ${thresholds.outboxLag.toMinutes()} minutes to be ` +
        'published. A publisher run that fails pages as its function\'s errors; a publisher that does not run at all ' +
        'reports no age, and pages as OutboxPublisherStopped.',
      metric: new cloudwatch.Metric({
        namespace: environment.metricsNamespace,
        metricName: outboxLagMetric.name,
        dimensionsMap: { [outboxLagMetric.dimension]: props.outboxPublisher.functionName },
        statistic: 'Maximum',
        period: fiveMinutes,
      }),
      threshold: thresholds.outboxLag.toMilliseconds(),
    }, target);

    // Missing data does not breach (alarmOf), so a publisher that never runs would page nothing: its invocations are
    // counted as zero (FILL), and compared with the scheduler's, which are zero too before a new environment's first
    // runs, so creating one pages nothing.
    const runs = (fn: lambda.IFunction) => fn.metricInvocations({ statistic: 'Sum', period: heartbeat.window });
    alarmOf(this, 'OutboxPublisherStopped', {
      alarmDescription:
        `The outbox publisher ran fewer than ${heartbeat.runs} times in ${heartbeat.window.toMinutes()} minutes (it is due ` +
        `every minute) while the export scheduler, on the same schedule, ran at least ${heartbeat.runs} times: its schedule ` +
        'rule is disabled or gone, or Lambda cannot invoke it. Invoice and payout events wait in the outbox meanwhile.',
      metric: new cloudwatch.MathExpression({
        expression: `IF(FILL(scheduler, 0) >= ${heartbeat.runs} AND FILL(publisher, 0) < ${heartbeat.runs}, 1, 0)`,
        usingMetrics: { publisher: runs(props.outboxPublisher), scheduler: runs(props.exportScheduler) },
        period: heartbeat.window,
        label: 'outbox publisher stopped',
      }),
      threshold: 1,
    }, target);
  }

  /**
   * An alarm action publishes as CloudWatch itself, which the topic policy must
   * allow (SnsAction grants nothing, and enforceSSL leaves a policy that only
   * denies): without this statement every alarm fails to notify ("not authorized
   * to perform: SNS:Publish" in its history). Only this account's alarms of this
   * environment may publish (AWS's confused-deputy guidance: aws:SourceAccount
   * and aws:SourceArn).
   */
  private allowAlarmsToPublish(stackName: string): void {
    const { account, region, partition } = Stack.of(this);
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowThisEnvironmentsAlarmsToPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:${stackName}-*` },
        },
      }),
    );
  }
}

/** Where an alarm goes: the environment's topic, and its stack's name, which starts every alarm name. */
interface AlarmTarget {
  topic: sns.ITopic;
  stackName: string;
}

/**
 * Two alarms per group of at most `functionsPerAlarm` functions: their errors
 * and their throttles, each summed over the group, named `<stack>-<idPrefix>FunctionErrors<n>`.
 */
export function functionAlarms(
  scope: Construct,
  props: { environment: DeploymentEnvironment; topic: sns.ITopic; functions: ReadonlyMap<string, lambda.IFunction>; idPrefix: string },
): void {
  const target = { topic: props.topic, stackName: props.environment.stackName };
  const thresholds = props.environment.alarms;
  const groups = groupsOf([...props.functions], functionsPerAlarm);
  for (const [index, group] of groups.entries()) {
    const names = group.map(([name]) => name).join(', ');
    alarmOf(scope, `${props.idPrefix}FunctionErrors${index + 1}`, {
      alarmDescription: `Unhandled errors (crashes, timeouts) of: ${names}. Their logs say which and why.`,
      metric: sumOf(group, 'Errors'),
      threshold: thresholds.functionErrors,
    }, target);
    alarmOf(scope, `${props.idPrefix}FunctionThrottles${index + 1}`, {
      alarmDescription: `Throttled invocations of: ${names}. The account's Lambda concurrency is exhausted.`,
      metric: sumOf(group, 'Throttles'),
      threshold: thresholds.functionThrottles,
    }, target);
  }
}

type AlarmSettings = Pick<cloudwatch.AlarmProps, 'alarmDescription' | 'metric' | 'threshold'>;

/**
 * An alarm of the environment, named `<stack>-<id>` as the pager shows it (not
 * for the nested stack's generated name), that notifies `topic` when it fires
 * and when it clears. The topic's policy lets alarms of that prefix publish.
 * Missing data never breaches: a new environment has none until its first
 * run, and an alarm that breached on it paged at every creation (issue 29).
 */
function alarmOf(scope: Construct, id: string, props: AlarmSettings, { topic, stackName }: AlarmTarget): void {
  const alarm = new cloudwatch.Alarm(scope, id, {
    alarmName: `${stackName}-${id}`,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    ...props,
  });
  const notify = new actions.SnsAction(topic);
  alarm.addAlarmAction(notify);
  alarm.addOkAction(notify);
}

function groupsOf<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/** The sum of one Lambda metric over a group of functions, as one metric math expression. */
function sumOf(group: ReadonlyArray<[string, lambda.IFunction]>, metricName: 'Errors' | 'Throttles'): cloudwatch.IMetric {
  return new cloudwatch.MathExpression({
    expression: 'SUM(METRICS())',
    usingMetrics: Object.fromEntries(
      group.map(([, fn], index) => [`f${index}`, fn.metric(metricName, { statistic: 'Sum', period: fiveMinutes })]),
    ),
    period: fiveMinutes,
    label: `${metricName} (sum)`,
  });
}
