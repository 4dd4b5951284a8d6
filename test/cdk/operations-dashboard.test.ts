import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, Tags } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AccountingStack } from '../../lib/accounting-stack';
import { readBuildInfo } from '../../lib/build-info';
import { deploymentEnvironmentNames, deploymentEnvironments } from '../../lib/deployment-environment';
import { OperationsDashboard, dailyRunsRange, dashboardNameOf, orgRefusalsRuleNameOf, runbookLocation } from '../../lib/operations-dashboard';
import { OrgRateLimitedError } from '../../shared/domain/errors';
import { requestLogRecord } from '../../shared/http/request-log';
import { emittedMetrics } from '../../shared/observability/emitted-metrics';
import { backgroundFunctions } from '../../shared/routes/background-registry';
import { consumerFunctions } from '../../shared/routes/consumer-registry';
import { operatorFunctions } from '../../shared/routes/operator-registry';
import { httpRoutes } from '../../shared/routes/registry';
import { accountingAppOf, appAsSynthesized, projectRoot, synthesizedStacks, type TemplateJson } from './synthesized-app';

/**
 * The AWS metrics the dashboard may graph: each name with the dimensions AWS
 * publishes it under, and the page of AWS's documentation that says so.
 */
const awsPublished = [
  {
    namespace: 'AWS/Lambda',
    names: ['Throttles', 'Errors', 'Duration'],
    dimensions: ['FunctionName'],
    source: 'Lambda Developer Guide, "Types of metrics for Lambda functions" (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics-types.html)',
  },
  {
    namespace: 'AWS/Lambda',
    names: ['ConcurrentExecutions'],
    dimensions: ['FunctionName'],
    source: 'Lambda Developer Guide, "Monitoring concurrency": "Lambda emits this metric for all functions, versions, and aliases" (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-concurrency.html)',
  },
  {
    namespace: 'AWS/ApiGateway',
    names: ['Count', '4xx', '5xx'],
    dimensions: ['ApiId'],
    source: 'API Gateway Developer Guide, "Monitor CloudWatch metrics for HTTP APIs in API Gateway" (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-metrics.html)',
  },
  {
    namespace: 'AWS/DynamoDB',
    names: ['ThrottledRequests'],
    dimensions: ['TableName', 'Operation'],
    source: 'DynamoDB Developer Guide, "DynamoDB Metrics and dimensions" (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html)',
  },
  ...[['TableName'], ['TableName', 'GlobalSecondaryIndexName']].map((dimensions) => ({
    namespace: 'AWS/DynamoDB',
    names: ['ReadThrottleEvents', 'WriteThrottleEvents', 'ConsumedReadCapacityUnits', 'ConsumedWriteCapacityUnits', 'WriteKeyRangeThroughputThrottleEvents'],
    dimensions,
    source:
      'DynamoDB Developer Guide, "DynamoDB Metrics and dimensions" (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html) ' +
      'and "CloudWatch throttling metrics", partition-level throttling (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TroubleshootingThrottling-cloudwatch.html)',
  })),
  {
    namespace: 'AWS/SQS',
    names: ['ApproximateNumberOfMessagesVisible', 'ApproximateAgeOfOldestMessage'],
    dimensions: ['QueueName'],
    source: 'SQS Developer Guide, "Available CloudWatch metrics for Amazon SQS" (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-available-cloudwatch-metrics.html)',
  },
] as const;

/** One metric a widget graphs, as the dashboard body names it. */
interface GraphedMetric {
  widget: string;
  namespace: string;
  name: string;
  dimensions: string[];
}

type Widget = { type: string; properties: Record<string, any> };

/** The dashboard body of a template, every deploy-time value (a function's or the table's name) read as `«ref»`. */
function dashboardBodyOf(template: TemplateJson): { widgets: Widget[] } {
  const [dashboard] = Object.values(template.Resources).filter((resource) => resource.Type === 'AWS::CloudWatch::Dashboard');
  const body = dashboard!.Properties!.DashboardBody as string | { 'Fn::Join': [string, unknown[]] };
  const text = typeof body === 'string' ? body : body['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : '«ref»')).join('');
  return JSON.parse(text);
}

/** Every metric the widgets graph, read from the body's `[namespace, name, dimension, value, ..., options?]` entries (metric math ids and expressions aside). */
function graphedMetrics(widgets: readonly Widget[]): GraphedMetric[] {
  return widgets.flatMap((widget) =>
    ((widget.properties.metrics ?? []) as unknown[][])
      .map((entry) => entry.filter((part) => typeof part === 'string') as string[])
      .filter((parts) => parts.length > 0)
      .map(([namespace, name, ...pairs]) => ({
        widget: String(widget.properties.title),
        namespace: namespace!,
        name: name!,
        dimensions: pairs.filter((_, index) => index % 2 === 0),
      })),
  );
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/** What is wrong with each graphed metric: one line per metric that neither the service emits nor AWS publishes as named. */
function unknownMetrics(graphed: readonly GraphedMetric[], ownNamespace: string): string[] {
  return graphed
    .filter(({ namespace, name, dimensions }) => {
      if (namespace === ownNamespace) return !emittedMetrics.some((metric) => metric.name === name && sameSet(metric.dimensions, dimensions));
      return !awsPublished.some((metric) => metric.namespace === namespace && (metric.names as readonly string[]).includes(name) && sameSet(metric.dimensions, dimensions));
    })
    .map(({ widget, namespace, name, dimensions }) => `${widget}: ${namespace} ${name} by [${dimensions.join(', ')}]`);
}

const synthesized = new Map(
  deploymentEnvironmentNames.map((name) => {
    const { app, stack } = accountingAppOf(name);
    const root = synthesizedStacks(app).find((each) => each.stack === stack)!;
    return [name, root.template] as const;
  }),
);

describe.each(deploymentEnvironmentNames)('the operations dashboard of the %s environment', (name) => {
  const environment = deploymentEnvironments[name];
  const template = () => synthesized.get(name)!;

  it('is in its stack, named <stack>-operations, with a row of each kind and the runbook in its first widget', () => {
    const { widgets } = dashboardBodyOf(template());
    const dashboards = Object.values(template().Resources).filter((resource) => resource.Type === 'AWS::CloudWatch::Dashboard');
    const titles = widgets.map((widget) => String(widget.properties.title));

    expect(dashboards.map((dashboard) => dashboard.Properties!.DashboardName)).toEqual([dashboardNameOf(environment)]);
    expect(widgets[0]).toMatchObject({ type: 'text', properties: { markdown: expect.stringContaining(runbookLocation) } });
    for (const row of ['Calls per route family', '5xx answers per route family', 'Latency p99 per route family (ms)', 'API Gateway', 'Lambda throttles',
      'Lambda concurrency', 'Write throttle events', 'Consumed read capacity', 'Dead-letter queue', 'Outbox', 'Exports', 'Rollups', 'Organisations refused',
      'Shards raised']) {
      expect(titles.some((title) => title.startsWith(row))).toBe(true);
    }
    // The Dashboard Body Structure and Syntax (CloudWatch API Reference): at most 500 widgets.
    expect(widgets.length).toBeLessThanOrEqual(500 * 0.6);
  });

  it('graphs only metrics the service emits (shared/observability/emitted-metrics.ts) or AWS publishes, by their exact name and dimensions', () => {
    const graphed = graphedMetrics(dashboardBodyOf(template()).widgets);
    const families = new Set(httpRoutes.map(({ family }) => family));

    expect(unknownMetrics(graphed, environment.metricsNamespace)).toEqual([]);
    expect(graphed.filter(({ namespace, name }) => namespace === environment.metricsNamespace && name === 'latency_ms').length).toBe(3 * families.size);
    expect(new Set(graphed.map(({ namespace }) => namespace))).toEqual(new Set([environment.metricsNamespace, 'AWS/ApiGateway', 'AWS/Lambda', 'AWS/DynamoDB', 'AWS/SQS']));
  });

  it('ranks organisations by the request lines refused over their rate, in the route functions\' log groups', () => {
    const [rule] = Object.values(template().Resources).filter((resource) => resource.Type === 'AWS::CloudWatch::InsightRule');
    const body = JSON.parse(rule!.Properties!.RuleBody as string);
    const refused = requestLogRecord(
      {
        route: { path: '/event/get', operation: 'event.get', family: 'events' },
        requestId: 'req',
        traceId: 'trace',
        receivedAt: new Date(),
        caller: { orgcode: 'ORG1', actor: 'clerk' } as never,
        failure: { tag: 'throttled', errorCode: new OrgRateLimitedError(5).errorCode },
      },
      429,
      new Date(),
    );
    const field = (path: string) => refused[path.replace(/^\$\./, '')];
    const nestedStacks = Object.entries(template().Resources).filter(([, resource]) => resource.Type === 'AWS::CloudFormation::Stack').map(([id]) => id);

    expect(rule!.Properties!.RuleName).toBe(orgRefusalsRuleNameOf(environment));
    expect(body.Contribution.Keys.map(field)).toEqual(['ORG1']);
    for (const filter of body.Contribution.Filters) expect(filter.In).toContain(field(filter.Match));
    // CloudFormation names a nested stack `<stack>-<its logical id>-<suffix>`, and a log group it names `<its stack's name>-...`.
    expect(body.LogGroupNames).toEqual([`${environment.stackName}-Routes*`]);
    expect(nestedStacks.filter((id) => id.startsWith('Routes'))).toHaveLength(new Set(httpRoutes.map(({ family }) => family)).size);
    expect(dashboardBodyOf(template()).widgets.some((widget) => widget.properties.insightRule?.ruleName === '«ref»')).toBe(true);
  });

  // The dashboard opens on 6 hours; the rollups run at 01:00 and 02:00 UTC. A widget's period is only the default of its
  // metrics, "overridden within each metric definition" (aws-cdk-lib, GraphWidgetProps.period and SingleValueWidgetProps.period).
  it('shows the daily rollups over two days of their own: lateness an hour a point, runs counted over the whole range', () => {
    const { widgets } = dashboardBodyOf(template());
    const lateness = widgets.find((widget) => String(widget.properties.title).startsWith('Rollups: lateness'))!;
    const runs = widgets.find((widget) => widget.properties.view === 'singleValue')!;
    const optionsOf = (entry: unknown[]) => {
      const last = entry.at(-1);
      return (last && typeof last === 'object' ? last : {}) as { period?: number };
    };
    const periodsOf = (widget: Widget) => (widget.properties.metrics as unknown[][]).map((entry) => optionsOf(entry).period ?? widget.properties.period);

    expect(dailyRunsRange).toBe('-P2D');
    expect(lateness.properties.start).toBe(dailyRunsRange);
    expect(periodsOf(lateness)).toEqual([3600, 3600]);
    expect(runs.properties).toMatchObject({ start: dailyRunsRange, setPeriodToTimeRange: true });
    expect((runs.properties.metrics as unknown[][]).filter((entry) => optionsOf(entry).period !== undefined)).toEqual([]);
    expect(widgets.filter((widget) => widget.properties.start !== undefined)).toEqual([lateness, runs]);
  });

  it('has no hottest-keys widget: this environment does not pay for Contributor Insights on its table', () => {
    const [table] = Object.values(template().Resources).filter((resource) => resource.Type === 'AWS::DynamoDB::Table');

    expect(table!.Properties!.ContributorInsightsSpecification).toBeUndefined();
    expect(JSON.stringify(dashboardBodyOf(template()))).not.toContain('Hottest keys');
  });
});

describe('the metric-name check', () => {
  const namespace = 'AccountingService/test';
  const widget = (metrics: unknown[][]): Widget => ({ type: 'metric', properties: { title: 'a graph', metrics } });

  it('refuses a misspelt metric, a wrong dimension, a misspelt AWS metric and an unknown namespace', () => {
    const graphed = graphedMetrics([
      widget([
        [namespace, 'latency_mss', 'family', 'events', { stat: 'p99' }],
        [namespace, 'client_errors', 'operation', 'event.get'],
        ['AWS/Lambda', 'Throttle', 'FunctionName', '«ref»', { id: 'g0f0', visible: false }],
        ['AWS/Lambdas', 'Errors', 'FunctionName', '«ref»'],
        [{ expression: 'SUM(FILL([g0f0], 0))', label: 'events' }],
      ]),
    ]);

    expect(unknownMetrics(graphed, namespace)).toEqual([
      `a graph: ${namespace} latency_mss by [family]`,
      `a graph: ${namespace} client_errors by [operation]`,
      'a graph: AWS/Lambda Throttle by [FunctionName]',
      'a graph: AWS/Lambdas Errors by [FunctionName]',
    ]);
  });

  it('takes the metrics as they are emitted and published', () => {
    const graphed = graphedMetrics([
      widget([
        [namespace, 'latency_ms', 'family', 'events'],
        [namespace, 'outbox_lag_ms', 'function', '«ref»'],
        ['AWS/DynamoDB', 'WriteThrottleEvents', 'TableName', '«ref»', 'GlobalSecondaryIndexName', 'gsi3'],
      ]),
    ]);

    expect(unknownMetrics(graphed, namespace)).toEqual([]);
  });
});

describe('the list of emitted metrics', () => {
  it('names only metrics the file it names writes', () => {
    const unwritten = emittedMetrics.filter(({ name, emittedBy }) => !readFileSync(join(projectRoot, emittedBy), 'utf8').includes(name));

    expect(unwritten.map(({ name, emittedBy }) => `${name} (${emittedBy})`)).toEqual([]);
  });
});

describe('an environment whose table has Contributor Insights on', () => {
  it('gets a hottest-keys widget pointing to the table\'s own graphs', () => {
    const stack = new Stack(appAsSynthesized(), 'WithInsights');
    const table = new dynamodb.Table(stack, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      contributorInsightsSpecification: { enabled: true },
    });
    const fn = new lambda.Function(stack, 'Fn', { runtime: lambda.Runtime.NODEJS_24_X, handler: 'index.handler', code: lambda.Code.fromInline('export const handler = () => 1;') });

    new OperationsDashboard(stack, 'Operations', {
      environment: deploymentEnvironments.staging,
      api: new apigwv2.HttpApi(stack, 'Api'),
      table,
      deadLetterQueue: new sqs.Queue(stack, 'Queue'),
      routeFamilies: ['events'],
      functionGroups: new Map([['events', [fn]]]),
      runs: { outboxPublisher: fn, exportScheduler: fn, exportWorker: fn, usageRollup: fn, financialRollup: fn, usageMeterAggregator: fn },
    });

    expect(JSON.stringify(dashboardBodyOf(Template.fromStack(stack).toJSON() as TemplateJson))).toContain('Hottest keys');
  });
});

// A Contributor Insights rule tagged in its template fails to create (PutInsightRule: "INVALID_TAGS: Tags are invalid")
// once its stack carries tags too, and the first deploy rolls back: aws/aws-cdk#20103, #30056.
describe('the Contributor Insights rule in a stack with tags, as a deploy pipeline adds them', () => {
  it('carries no tags of its own, whatever Tags.of the stack and the app apply; every other resource keeps them', () => {
    const app = appAsSynthesized({ env: 'prod', buildId: 'cdk-test' });
    const environment = deploymentEnvironments.prod;
    // A pipeline's tags: on the whole app (an aspect) and on the stack itself (CloudFormation stack tags).
    Tags.of(app).add('cost-centre', 'retail-finance');
    const stack = new AccountingStack(app, environment.stackName, {
      projectRoot,
      build: readBuildInfo(projectRoot, 'cdk-test'),
      routes: httpRoutes.slice(0, 1),
      operators: operatorFunctions,
      background: backgroundFunctions,
      consumers: consumerFunctions,
      environment,
      tags: { environment: environment.name, pipeline: 'release' },
    });
    const resources = Object.values(Template.fromStack(stack).toJSON().Resources as TemplateJson['Resources']);
    const [rule] = resources.filter((resource) => resource.Type === 'AWS::CloudWatch::InsightRule');
    const [table] = resources.filter((resource) => resource.Type === 'AWS::DynamoDB::Table');

    expect(app.synth().getStackByName(stack.stackName).tags).toEqual({ environment: 'prod', pipeline: 'release' });
    expect(rule!.Properties!.Tags).toBeUndefined();
    expect(table!.Properties!.Tags).toEqual(
      expect.arrayContaining([
        { Key: 'cost-centre', Value: 'retail-finance' },
        { Key: 'environment', Value: 'prod' },
        { Key: 'service', Value: 'accounting' },
      ]),
    );
  });
});
