import { Duration } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableDefinition } from '../shared/db/table-definition';
import { OrgRateLimitedError } from '../shared/domain/errors';
import { type RunFigure, runDimension, shardRaisesMetric } from '../shared/observability/emitted-metrics';
import { type FunctionGroups, TopContributorsWidget, graph, graphPeriod, perGroup } from './dashboard-widgets';
import type { DeploymentEnvironment } from './deployment-environment';

export interface OperationsDashboardProps {
  environment: DeploymentEnvironment;
  api: apigwv2.IHttpApi;
  table: dynamodb.Table;
  deadLetterQueue: sqs.IQueue;
  /** The route families, in registry order: the request rows graph a line per family. */
  routeFamilies: readonly string[];
  /** Every function of the stack in groups (route families, background, consumers, operators), one line each. */
  functionGroups: FunctionGroups;
  /** The functions whose run lines the background rows read. */
  runs: Record<'outboxPublisher' | 'exportScheduler' | 'exportWorker' | 'usageRollup' | 'financialRollup' | 'usageMeterAggregator', lambda.IFunction>;
}

/** Where the runbook is, as the dashboard's first widget and the runbook's own link back say. */
export const runbookLocation = 'README.md, section "Operations runbook"';

/** The dashboard's name in an environment: `AccountingService-prod-operations`. */
export function dashboardNameOf(environment: Pick<DeploymentEnvironment, 'stackName'>): string {
  return `${environment.stackName}-operations`;
}

/** The Contributor Insights rule that ranks organisations by calls refused over their rate. */
export function orgRefusalsRuleNameOf(environment: Pick<DeploymentEnvironment, 'stackName'>): string {
  return `${environment.stackName}-org-rate-limit-refusals`;
}

/**
 * The range of the widgets of the daily rollups, which run at 01:00 and 02:00 UTC:
 * within the dashboard's six hours they would show nothing from about 08:00 UTC.
 * Two days always hold the latest run of each.
 */
export const dailyRunsRange = '-P2D';

/** CloudWatch's default period, which CDK leaves out of a metric's options, so the widget's alone applies. */
const noPeriodOfItsOwn = Duration.minutes(5);

/** An EMF metric of the service under its environment's namespace (the names: shared/observability/emitted-metrics.ts). */
function ownMetric(namespace: string, name: string, dimensionsMap: Record<string, string>, statistic: string, label?: string): cloudwatch.Metric {
  return new cloudwatch.Metric({ namespace, metricName: name, dimensionsMap, statistic, period: graphPeriod, label });
}

/**
 * The picture on-call reads first (issue 31): a CloudWatch dashboard per
 * environment, `<stack>-operations`, row by row: the calls, errors and
 * latency of each route family and API Gateway's own answers; Lambda's
 * throttles, errors, duration and concurrency per group of functions; the
 * table's and each index's throttling and consumed capacity; the dead-letter
 * queue, the outbox, exports and rollups; organisations refused over their
 * rate and shards raised. Every graph reads a metric the service emits
 * (shared/observability/emitted-metrics.ts) or AWS publishes, which
 * test/cdk/operations-dashboard.test.ts checks widget by widget.
 *
 * Organisations refused are ranked by a Contributor Insights rule over the
 * route functions' request lines (their log groups' names start with the
 * stack's `<stack>-Routes`), counting only `accounting.org_rate_limited` lines.
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;
  readonly orgRefusals: cloudwatch.CfnInsightRule;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const { environment, functionGroups } = props;
    const namespace = environment.metricsNamespace;
    const own = (name: string, dimensions: Record<string, string>, statistic: string, label?: string) =>
      ownMetric(namespace, name, dimensions, statistic, label);
    const run = (fn: lambda.IFunction, figure: RunFigure, statistic: string, label?: string) =>
      own(figure, { [runDimension]: fn.functionName }, statistic, label);

    this.orgRefusals = new cloudwatch.CfnInsightRule(this, 'OrgRefusals', {
      ruleName: orgRefusalsRuleNameOf(environment),
      ruleState: 'ENABLED',
      ruleBody: JSON.stringify({
        Schema: { Name: 'CloudWatchLogRule', Version: 1 },
        LogGroupNames: [`${environment.stackName}-Routes*`],
        LogFormat: 'JSON',
        Contribution: {
          Keys: ['$.orgcode'],
          Filters: [
            { Match: '$.message', In: ['request'] },
            { Match: '$.error_code', In: [new OrgRateLimitedError(0).errorCode] },
          ],
        },
        AggregateOn: 'Count',
      }),
    });
    // Tagged in its template, the rule fails to create once its stack carries tags too (a deploy pipeline's):
    // PutInsightRule answers INVALID_TAGS and the first deploy rolls back (aws/aws-cdk#20103, #30056). So no Tags.of,
    // the stack's or the app's, reaches it; the stack's own tags still reach it through CloudFormation.
    this.orgRefusals.addPropertyDeletionOverride('Tags');

    const families = props.routeFamilies;
    const perFamily = (name: string, statistic: string) => families.map((family) => own(name, { family }, statistic, family));
    const api = props.api;
    const apiMetric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: api.apiId }, statistic, period: graphPeriod, label: `gateway ${metricName}` });
    const requests = [
      graph('Calls per route family', perFamily('latency_ms', 'SampleCount')),
      graph('4xx answers per route family', perFamily('client_errors', 'Sum')),
      graph('5xx answers per route family', perFamily('server_errors', 'Sum')),
      graph('Latency p50 per route family (ms)', perFamily('latency_ms', 'p50')),
      graph('Latency p99 per route family (ms)', perFamily('latency_ms', 'p99')),
      graph('API Gateway: requests, and its own 4xx and 5xx', [apiMetric('Count', 'Sum'), apiMetric('4xx', 'Sum'), apiMetric('5xx', 'Sum')]),
    ];

    const functions = [
      graph('Lambda throttles', perGroup(functionGroups, 'Throttles', 'Sum', 'SUM'), { width: 6 }),
      graph('Lambda errors', perGroup(functionGroups, 'Errors', 'Sum', 'SUM'), { width: 6 }),
      graph('Lambda duration p99, slowest function (ms)', perGroup(functionGroups, 'Duration', 'p99', 'MAX'), { width: 6 }),
      graph('Lambda concurrency (sum of maxima)', perGroup(functionGroups, 'ConcurrentExecutions', 'Maximum', 'SUM'), { width: 6 }),
    ];

    const tableName = props.table.tableName;
    const indexes = tableDefinition.globalSecondaryIndexes.map(({ indexName }) => indexName);
    const dynamo = (metricName: string, index?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: index ? { TableName: tableName, GlobalSecondaryIndexName: index } : { TableName: tableName },
        statistic: 'Sum',
        period: graphPeriod,
        label: index ?? 'table',
      });
    const tableAndIndexes = (metricName: string) => [dynamo(metricName), ...indexes.map((index) => dynamo(metricName, index))];
    const throttledOperations = ['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem', 'GetItem', 'BatchGetItem', 'Query'];
    const store = [
      graph('DynamoDB throttled requests, by operation', throttledOperations.map((Operation) =>
        new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName: 'ThrottledRequests', dimensionsMap: { TableName: tableName, Operation }, statistic: 'Sum', period: graphPeriod, label: Operation }))),
      graph('Write throttle events: table and each index', tableAndIndexes('WriteThrottleEvents')),
      graph('Read throttle events: table and each index', tableAndIndexes('ReadThrottleEvents')),
      graph('Hot partitions: writes throttled over a partition\'s limit', tableAndIndexes('WriteKeyRangeThroughputThrottleEvents')),
      graph('Consumed write capacity: table and each index', tableAndIndexes('ConsumedWriteCapacityUnits')),
      graph('Consumed read capacity: table and each index', tableAndIndexes('ConsumedReadCapacityUnits')),
    ];
    const hottestKeys = contributorInsightsOn(props.table)
      ? [new cloudwatch.TextWidget({
          markdown:
            '### Hottest keys\nContributor Insights is on for this table: its most accessed and most throttled keys are on the ' +
            `table's Monitor tab (DynamoDB console, table \`${tableName}\`). Its rules are named by DynamoDB when enabled, so no graph here can name them.`,
          width: 24,
          height: 2,
        })]
      : [];

    const { runs } = props;
    const queue = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SQS', metricName, dimensionsMap: { QueueName: props.deadLetterQueue.queueName }, statistic, period: graphPeriod });
    const work = [
      graph('Dead-letter queue: messages, and age of the oldest (s)', [queue('ApproximateNumberOfMessagesVisible', 'Maximum')], {
        right: [queue('ApproximateAgeOfOldestMessage', 'Maximum')],
      }),
      graph('Outbox: oldest waiting event (ms)', [run(runs.outboxPublisher, 'outbox_lag_ms', 'Maximum', 'outbox age')]),
      graph('Exports: oldest overdue (ms), builds restarted, retried, failed', [run(runs.exportScheduler, 'oldest_pending_export_ms', 'Maximum', 'oldest pending export')], {
        right: [
          run(runs.exportScheduler, 'builds_restarted', 'Sum', 'restarted by the sweep'),
          run(runs.exportWorker, 'builds_retried', 'Sum', 'retried after a transient fault'),
          run(runs.exportWorker, 'builds_failed', 'Sum', 'failed'),
        ],
      }),
    ];

    const rollups = { 'usage rollup': runs.usageRollup, 'financial rollup': runs.financialRollup };
    const hourly = Duration.hours(1);
    const rollupRows = [
      graph(
        'Rollups: lateness of each successful run (ms after its schedule), last 2 days',
        // On each metric: a metric's own period overrides the widget's, and run() gives every metric the minute.
        Object.entries(rollups).map(([label, fn]) => run(fn, 'lateness_ms', 'Maximum', label).with({ period: hourly })),
        { period: hourly, start: dailyRunsRange },
      ),
      new cloudwatch.SingleValueWidget({
        title: 'Rollups: runs succeeded and failed, last 2 days (one run a day each)',
        metrics: Object.entries(rollups).flatMap(([label, fn]) => [
          run(fn, 'lateness_ms', 'SampleCount', `${label} succeeded`).with({ period: noPeriodOfItsOwn }),
          run(fn, 'failures', 'Sum', `${label} failed`).with({ period: noPeriodOfItsOwn }),
        ]),
        // One value per metric over the widget's whole range, not its latest period.
        setPeriodToTimeRange: true,
        start: dailyRunsRange,
        width: 8,
        height: 6,
      }),
      graph('Usage meters: org-days counted late (rolled up again)', [run(runs.usageMeterAggregator, 'late_org_days', 'Sum', 'late org-days')]),
    ];

    const organisations = [
      new TopContributorsWidget({ title: 'Organisations refused over their rate (top 10)', ruleName: this.orgRefusals.attrRuleName, top: 10 }),
      graph('Calls answered 429, all organisations', [own('errors', { error_tag: 'throttled' }, 'Sum', '429 (organisation rate, service busy)')]),
      graph('Shards raised, by trigger', ['automatic', 'operator'].map((trigger) =>
        own(shardRaisesMetric.name, { [shardRaisesMetric.dimensions[0]!]: trigger }, 'Sum', trigger))),
    ];

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: dashboardNameOf(environment),
      defaultInterval: Duration.hours(6),
      widgets: [
        [new cloudwatch.TextWidget({
          markdown:
            `# Accounting service, ${environment.name}\nThe runbook: ${runbookLocation} (what each alarm means and what to do). ` +
            `Rows: calls per route family and the gateway; functions; the table; background work; rollups; organisations. ` +
            `Alarms notify the stack's \`AlarmTopicArn\` output.`,
          width: 24,
          height: 2,
        })],
        requests,
        functions,
        store,
        hottestKeys,
        work,
        rollupRows,
        organisations,
      ].filter((row) => row.length > 0),
    });
  }
}

/** Whether the table, or any of its indexes, has Contributor Insights on: where the environment pays for it. */
function contributorInsightsOn(table: dynamodb.Table): boolean {
  const cfn = table.node.defaultChild as dynamodb.CfnTable;
  const enabled = (spec: unknown) => (spec as { enabled?: unknown } | undefined)?.enabled === true;
  const indexes = (cfn.globalSecondaryIndexes ?? []) as Array<{ contributorInsightsSpecification?: unknown }>;
  return enabled(cfn.contributorInsightsSpecification) || indexes.some((index) => enabled(index.contributorInsightsSpecification));
}
