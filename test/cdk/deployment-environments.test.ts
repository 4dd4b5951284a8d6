import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CfnElement, Stack, Token } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { EventBus } from 'aws-cdk-lib/aws-events';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { defineAccountingApp } from '../../lib/accounting-app';
import { AccountingFunction } from '../../lib/accounting-function';
import { AccountingStack } from '../../lib/accounting-stack';
import { readBuildInfo } from '../../lib/build-info';
import { DataStore } from '../../lib/data-store';
import {
  type DeploymentEnvironmentName,
  deploymentEnvironmentFromContext,
  deploymentEnvironmentNames,
  deploymentEnvironments,
  environmentMistakes,
  environmentsSharingABus,
  reservedConcurrencyOf,
} from '../../lib/deployment-environment';
import { FunctionRoles } from '../../lib/function-roles';
import { functionAlarmCount, functionsPerAlarm, heartbeat, outboxLagMetric } from '../../lib/operational-alarms';
import { TokenSigningKey } from '../../lib/token-signing-key';
import { backgroundFunctions } from '../../shared/routes/background-registry';
import { consumerFunctions } from '../../shared/routes/consumer-registry';
import { operatorFunctions } from '../../shared/routes/operator-registry';
import { httpRoutes } from '../../shared/routes/registry';
import { accountingAppOf, appAsSynthesized, projectRoot, synthesizedStacks } from './synthesized-app';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

/** The app `cdk synth -c env=<name>` makes: its service stack, and what every stack of it (nested ones too) holds. */
function synthesized(name: DeploymentEnvironmentName) {
  const { app, stack } = accountingAppOf(name);
  const template = Template.fromStack(stack);
  const alarms = Template.fromStack(stack.alarms);
  const everyStack = synthesizedStacks(app);
  /** Resources of a type in the service stack and its nested stacks. */
  const ofType = (type: string) =>
    everyStack.flatMap(({ template: json }) => Object.values(json.Resources as Record<string, Resource>).filter((resource) => resource.Type === type));
  return { stack, template, alarms, ofType };
}

/** The alarm topic's logical id in its nested stack: a change replaces the topic and drops the on-call's subscriptions. */
const alarmTopicLogicalId = 'TopicBFC7AF6E';

let prod: ReturnType<typeof synthesized>;
let dev: ReturnType<typeof synthesized>;
beforeAll(() => {
  prod = synthesized('prod');
  dev = synthesized('dev');
});

describe('choosing an environment', () => {
  const names = /one of dev, staging, prod/;

  it('takes -c env=dev|staging|prod, and refuses any other name', () => {
    for (const name of deploymentEnvironmentNames) expect(deploymentEnvironmentFromContext(name)).toBe(deploymentEnvironments[name]);
    expect(() => deploymentEnvironmentFromContext('qa')).toThrow(/expected one of dev, staging, prod/);
    expect(() => deploymentEnvironmentFromContext('default')).toThrow(names);
  });

  it('deploys nothing without -c env: the app fails with one line listing the environments, no stack trace', () => {
    expect(() => defineAccountingApp(appAsSynthesized(), projectRoot)).toThrow(names);

    // bin/app.ts as `cdk synth` runs it (the CLI hands the app its context in CDK_CONTEXT_JSON), without an env.
    const outdir = mkdtempSync(join(tmpdir(), 'accounting-synth-'));
    try {
      const run = spawnSync(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), join(projectRoot, 'bin/app.ts')], {
        cwd: projectRoot,
        env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify({ 'aws:cdk:bundling-stacks': [] }), CDK_OUTDIR: outdir },
        encoding: 'utf8',
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr.trim()).toBe('No environment given: pass -c env=<name>, one of dev, staging, prod (e.g. npx cdk deploy -c env=dev)');
      expect(readdirSync(outdir).filter((file) => file.endsWith('.template.json'))).toEqual([]);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('names each stack after its environment', () => {
    expect(Object.values(deploymentEnvironments).map(({ stackName }) => stackName)).toEqual([
      'AccountingService-dev',
      'AccountingService-staging',
      'AccountingService-prod',
    ]);
    expect(prod.stack.stackName).toBe('AccountingService-prod');
  });

  it('protects only prod from termination', () => {
    expect(prod.stack.terminationProtection).toBe(true);
    expect(dev.stack.terminationProtection).toBe(false);
  });

  it('binds a stack to the account and region pinned in its entry, and leaves it to the profile otherwise', () => {
    const pinned = { ...deploymentEnvironments.staging, account: '123456789012', region: 'eu-west-1' };
    const stack = new AccountingStack(appAsSynthesized(), pinned.stackName, {
      projectRoot,
      build: readBuildInfo(projectRoot, 'cdk-test'),
      routes: httpRoutes.slice(0, 1),
      operators: operatorFunctions,
      background: backgroundFunctions,
      consumers: consumerFunctions,
      environment: pinned,
    });

    expect({ account: stack.account, region: stack.region }).toEqual({ account: '123456789012', region: 'eu-west-1' });
    expect(Token.isUnresolved(prod.stack.account)).toBe(true);
    expect(environmentMistakes([{ ...pinned, account: '1234' }])).toEqual(['staging: account must be 12 digits, got "1234"']);
  });
});

describe('two environments in one account', () => {
  it('never share an event bus unless their accounts or regions are pinned apart', () => {
    const { dev: devEntry, staging, prod: prodEntry } = deploymentEnvironments;
    const onDefault = { ...staging, eventBusName: 'default' };

    expect(environmentMistakes(Object.values(deploymentEnvironments))).toEqual([]);
    expect(environmentsSharingABus([devEntry, onDefault, prodEntry])).toEqual(['staging and prod both use the event bus "default"']);
    expect(environmentsSharingABus([{ ...onDefault, account: '111111111111' }, { ...prodEntry, account: '222222222222' }])).toEqual([]);
    expect(environmentsSharingABus([{ ...onDefault, account: '111111111111' }, { ...prodEntry, account: '111111111111' }])).toHaveLength(1);
    expect(environmentsSharingABus([{ ...onDefault, region: 'eu-west-1' }, { ...prodEntry, region: 'us-east-1' }])).toEqual([]);
  });

  it.each(deploymentEnvironmentNames)("lets %s consume and publish only on its own bus", (name) => {
    const synth = name === 'prod' ? prod : name === 'dev' ? dev : synthesized(name);
    const { eventBusName } = deploymentEnvironments[name];
    const buses = synth.ofType('AWS::Events::EventBus');
    const busId = Object.entries(synth.template.toJSON().Resources as Record<string, Resource>).find(
      ([, resource]) => resource.Type === 'AWS::Events::EventBus',
    )?.[0];
    // The default bus is the account's; any other is the stack's own, named for the environment.
    const busName = eventBusName === 'default' ? 'default' : { Ref: busId };
    const consumerRules = synth.ofType('AWS::Events::Rule').filter((rule) => rule.Properties.EventPattern);
    const publishers = synth.ofType('AWS::Lambda::Function').filter((fn) => fn.Properties.Environment?.Variables?.EVENT_BUS_NAME);
    const published = synth.ofType('AWS::IAM::Policy').flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as Array<{ Action: unknown; Resource: unknown }>).filter(
        (statement) => statement.Action === 'events:PutEvents',
      ),
    );

    expect(buses.map((bus) => bus.Properties.Name)).toEqual(eventBusName === 'default' ? [] : [eventBusName]);
    expect(consumerRules.length).toBe(consumerFunctions.length);
    for (const rule of consumerRules) expect(rule.Properties.EventBusName).toEqual(busName);
    expect(publishers.length).toBeGreaterThan(0);
    for (const fn of publishers) expect(fn.Properties.Environment.Variables.EVENT_BUS_NAME).toEqual(busName);
    expect(published.length).toBeGreaterThan(0);
    for (const statement of published) {
      expect(JSON.stringify(statement.Resource)).toContain(eventBusName === 'default' ? ':event-bus/default' : JSON.stringify({ 'Fn::GetAtt': [busId, 'Arn'] }));
    }
  });
});

// Lambda's concurrency is one pool per account and Region (Lambda Developer Guide, "Lambda quotas"; new accounts start with
// less than the default 1,000). A function's reserved concurrency is also its most, and the account keeps at least 100
// unreserved ("Configuring reserved concurrency").
describe("dev beside prod's Lambda concurrency", () => {
  const serviceFunctions = (synth: ReturnType<typeof synthesized>) =>
    synth.ofType('AWS::Lambda::Function').filter((fn) => fn.Properties.Environment?.Variables?.TABLE_NAME);

  it('reserves an equal share of its cap for each dev function, so dev never runs more than the cap; prod and staging reserve nothing', () => {
    const functions = serviceFunctions(dev);
    const reserved = functions.map((fn) => fn.Properties.ReservedConcurrentExecutions as number);
    const cap = deploymentEnvironments.dev.concurrencyCap!;

    expect(functions.length).toBeGreaterThan(70);
    expect(new Set(reserved)).toEqual(new Set([Math.floor(cap / functions.length)]));
    expect(reserved[0]).toBeGreaterThanOrEqual(1);
    expect(reserved.reduce((sum, each) => sum + each, 0)).toBeLessThanOrEqual(cap);
    expect(serviceFunctions(prod).filter((fn) => fn.Properties.ReservedConcurrentExecutions !== undefined)).toEqual([]);
    expect(serviceFunctions(synthesized('staging')).filter((fn) => fn.Properties.ReservedConcurrentExecutions !== undefined)).toEqual([]);
  });

  it("lifts the cap only once dev's account or Region is pinned apart from prod's, and refuses a dev that may share prod's pool without one", () => {
    const { dev: devEntry, prod: prodEntry } = deploymentEnvironments;
    const inAccount = (account: string, region?: string) => ({ account, region });

    expect(reservedConcurrencyOf(devEntry, 74, prodEntry)).toBe(2);
    expect(reservedConcurrencyOf({ ...devEntry, ...inAccount('111111111111') }, 74, prodEntry)).toBe(2);
    expect(reservedConcurrencyOf({ ...devEntry, ...inAccount('111111111111') }, 74, { ...prodEntry, ...inAccount('111111111111') })).toBe(2);
    expect(reservedConcurrencyOf({ ...devEntry, ...inAccount('111111111111') }, 74, { ...prodEntry, ...inAccount('222222222222') })).toBeUndefined();
    expect(reservedConcurrencyOf({ ...devEntry, region: 'eu-west-1' }, 74, { ...prodEntry, region: 'us-east-1' })).toBeUndefined();
    expect(reservedConcurrencyOf(prodEntry, 74, prodEntry)).toBeUndefined();
    expect(() => reservedConcurrencyOf({ ...devEntry, concurrencyCap: 50 }, 74, prodEntry)).toThrow(/dev: a concurrencyCap of 50 cannot give each of its 74 functions one/);
    expect(environmentMistakes([{ ...devEntry, concurrencyCap: undefined }, prodEntry])).toEqual([
      "dev may run in prod's account and Region (neither pins itself apart) and has no concurrencyCap: it could take all of prod's Lambda concurrency",
    ]);
    expect(environmentMistakes([{ ...devEntry, concurrencyCap: undefined, ...inAccount('111111111111') }, { ...prodEntry, ...inAccount('222222222222') }])).toEqual([]);
  });
});

describe('what outlives the stack', () => {
  // The logical ids these resources have had since before the routes moved to nested stacks: a new logical id (or
  // stack) makes CloudFormation create an empty resource and drop the old one (retained outside dev, but no longer
  // the one the functions use). A refactor that changes one fails here.
  const statefulLogicalIds = {
    'AWS::DynamoDB::Table': ['DataStoreTable1E9F5574'],
    'AWS::S3::Bucket': ['DataStoreAccessLogBucket1888864D', 'DataStoreExportBucket715D55EB'],
    'AWS::SQS::Queue': ['EventConsumersDeadLetterQueue741E4758'],
    'AWS::SecretsManager::Secret': ['TokenSigningKeyGeneration10F32B454', expect.stringMatching(/^TokenSigningKeyKeysOfGeneration1[0-9A-F]{8}$/)],
    'AWS::Logs::LogGroup': [expect.stringMatching(/^HttpApiAccessLogs[0-9A-F]{8}$/)],
  };

  it.each(deploymentEnvironmentNames)('keeps the table, buckets, queue, key secret and named log group of %s in the service stack, under pinned logical ids', (name) => {
    const synth = name === 'prod' ? prod : name === 'dev' ? dev : synthesized(name);
    const resources = synth.template.toJSON().Resources as Record<string, Resource>;
    const idsOf = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type).map(([id]) => id);
    const namedLogGroups = Object.entries(resources)
      .filter(([, resource]) => resource.Type === 'AWS::Logs::LogGroup' && resource.Properties.LogGroupName)
      .map(([id]) => id);

    for (const [type, ids] of Object.entries(statefulLogicalIds)) {
      expect([type, type === 'AWS::Logs::LogGroup' ? namedLogGroups : idsOf(type).sort()]).toEqual([type, ids]);
    }
    expect(synth.ofType('AWS::DynamoDB::Table')).toHaveLength(1);
    expect(synth.ofType('AWS::S3::Bucket')).toHaveLength(2);
    expect(synth.ofType('AWS::SQS::Queue')).toHaveLength(1);
  });

  const stateful = ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::SQS::Queue', 'AWS::Logs::LogGroup'];

  // A failed first deploy must be retryable: a resource kept by a rollback of the deploy that created it (plain
  // `Retain`) makes the retry fail "already exists" for a named one (the access log group). `RetainExceptOnCreate`
  // deletes it on that rollback only (AWS CloudFormation User Guide, "DeletionPolicy attribute").
  it('retains the table, the buckets, the dead-letter queue, every log group and the alarm topic outside dev, except when the deploy that created them rolls back, and refuses deleting the table', () => {
    for (const type of [...stateful, 'AWS::SNS::Topic']) {
      const resources = prod.ofType(type);
      expect(resources.length).toBeGreaterThan(0);
      for (const resource of resources) {
        expect([type, resource.DeletionPolicy, resource.UpdateReplacePolicy]).toEqual([type, 'RetainExceptOnCreate', 'Retain']);
      }
    }
    prod.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
  });

  it('lets dev take its data with it: everything deleted, the buckets emptied first', () => {
    for (const type of stateful) {
      for (const resource of dev.ofType(type)) expect([type, resource.DeletionPolicy]).toEqual([type, 'Delete']);
    }
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
    dev.template.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
    prod.template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it("keeps each environment's log retention on every function and on the access log", () => {
    for (const [name, synth] of [['prod', prod], ['dev', dev]] as const) {
      const retentions = new Set(synth.ofType('AWS::Logs::LogGroup').map((group) => group.Properties.RetentionInDays));
      expect([...retentions]).toEqual([deploymentEnvironments[name].logRetention]);
    }
  });
});

describe('the API stage', () => {
  it("throttles all callers together at the environment's rate and burst", () => {
    for (const [name, synth] of [['prod', prod], ['dev', dev]] as const) {
      const { rateLimit, burstLimit } = deploymentEnvironments[name].apiThrottle;
      synth.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        DefaultRouteSettings: { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit },
      });
    }
    expect(deploymentEnvironments.prod.apiThrottle.rateLimit).toBeGreaterThan(deploymentEnvironments.dev.apiThrottle.rateLimit);
  });

  it('writes one JSON access log line per request, with the request ids and no header', () => {
    const [stage] = prod.ofType('AWS::ApiGatewayV2::Stage');
    const format = JSON.parse(stage!.Properties.AccessLogSettings.Format) as Record<string, string>;

    expect(stage!.Properties.AccessLogSettings.DestinationArn).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^HttpApiAccessLogs/), 'Arn'],
    });
    expect(format).toMatchObject({
      request_id: '$context.requestId',
      lambda_request_id: '$context.integration.requestId',
      status: '$context.status',
    });
    expect(Object.values(format).filter((variable) => /header|authorization/i.test(variable))).toEqual([]);
  });

  // A log group outside /aws/vendedlogs/ makes API Gateway append it to the account's shared CloudWatch Logs
  // resource policy (5,120 characters, 10 per region); once full, the stage fails to create (AWS docs, "Enabling
  // logging from AWS services": log groups whose names start with /aws/vendedlogs/ need no policy entry).
  it.each(['dev', 'prod'] as const)('names the access log group of %s under /aws/vendedlogs/, one per environment', (name) => {
    const [group] = (name === 'prod' ? prod : dev).ofType('AWS::Logs::LogGroup').filter((resource) =>
      String(resource.Properties.LogGroupName ?? '').includes('/access'),
    );
    expect(group!.Properties.LogGroupName).toBe(`/aws/vendedlogs/apigateway/${deploymentEnvironments[name].stackName}/access`);
  });

  it('logs the export bucket\'s access to a bucket of its own', () => {
    prod.template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: { DestinationBucketName: { Ref: Match.stringLikeRegexp('^DataStoreAccessLogBucket') } },
    });
  });
});

describe('functions in every environment', () => {
  it('trace with X-Ray and emit metrics under their environment\'s namespace', () => {
    for (const [name, synth] of [['prod', prod], ['dev', dev]] as const) {
      for (const fn of synth.ofType('AWS::Lambda::Function').filter((resource) => resource.Properties.Environment)) {
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        expect(fn.Properties.Environment.Variables.METRICS_NAMESPACE).toBe(deploymentEnvironments[name].metricsNamespace);
      }
    }
  });

  it("limit each organisation's calls at their environment's rate and burst", () => {
    for (const [name, synth] of [['prod', prod], ['dev', dev]] as const) {
      const { perSecond, burst } = deploymentEnvironments[name].orgRateLimit;
      for (const fn of synth.ofType('AWS::Lambda::Function').filter((resource) => resource.Properties.Environment?.Variables?.TABLE_NAME)) {
        expect(fn.Properties.Environment.Variables).toMatchObject({ ORG_RATE_LIMIT_PER_SECOND: String(perSecond), ORG_RATE_LIMIT_BURST: String(burst) });
      }
    }
    expect(deploymentEnvironments.prod.orgRateLimit.perSecond).toBeGreaterThan(deploymentEnvironments.dev.orgRateLimit.perSecond);
  });
});

describe('alarms', () => {
  const functionCount = () =>
    prod.ofType('AWS::Lambda::Function').filter((resource) => resource.Properties.Environment?.Variables?.TABLE_NAME).length;

  const allAlarms = () => prod.ofType('AWS::CloudWatch::Alarm');
  const familySizes = () => [...new Set(httpRoutes.map(({ family }) => family))].map((family) => httpRoutes.filter((route) => route.family === family).length);

  it('live in nested stacks: the route functions\' with their family, the rest with the topic', () => {
    // The alarms', the usage meters' and a route family's each.
    prod.template.resourceCountIs('AWS::CloudFormation::Stack', 2 + familySizes().length);
    prod.template.resourceCountIs('AWS::CloudWatch::Alarm', 0);
    prod.template.hasOutput('AlarmTopicArn', {});
  });

  it(`watch the dead letters, every function in groups of ${functionsPerAlarm}, the API 5xx rate, export builds and the outbox`, () => {
    const names = allAlarms().map((alarm) => (alarm.Properties.AlarmName as string).replace('AccountingService-prod-', ''));
    const functionAlarm = /^[A-Za-z]*Function(Errors|Throttles)\d+$/;
    const expected = functionAlarmCount(functionCount() - httpRoutes.length) + familySizes().reduce((sum, size) => sum + functionAlarmCount(size), 0);

    expect(names.filter((name) => functionAlarm.test(name))).toHaveLength(expected);
    const exportRoutes = httpRoutes.filter((route) => route.family === 'exports').length;
    expect(names.filter((name) => name.startsWith('ExportsFunctionErrors'))).toHaveLength(Math.ceil(exportRoutes / functionsPerAlarm));
    expect(names.filter((name) => !functionAlarm.test(name)).sort()).toEqual([
      'Api5xxRate',
      'DeadLetters',
      'ExportBuildsAbandoned',
      'OutboxAge',
      'OutboxPublisherStopped',
    ]);
  });

  it(`sum at most ${functionsPerAlarm} functions per alarm (60% of CloudWatch's 10), each function watched once per signal`, () => {
    const functionErrorAlarms = allAlarms().filter((alarm) => /FunctionErrors\d+$/.test(alarm.Properties.AlarmName));
    const watched = functionErrorAlarms.flatMap((alarm) =>
      (alarm.Properties.Metrics as Array<{ MetricStat?: unknown }>).filter((query) => query.MetricStat),
    );

    for (const alarm of functionErrorAlarms) expect(alarm.Properties.Metrics.length).toBeLessThanOrEqual(functionsPerAlarm + 1);
    expect(watched).toHaveLength(functionCount());
  });

  it("take the environment's thresholds and notify its topic when they fire and when they clear", () => {
    const { alarms } = deploymentEnvironments.prod;
    const byName = (name: string) =>
      Object.values(prod.alarms.findResources('AWS::CloudWatch::Alarm')).find(
        (alarm) => alarm.Properties.AlarmName === `AccountingService-prod-${name}`,
      )!.Properties;

    expect(byName('DeadLetters')).toMatchObject({ Threshold: 1, MetricName: 'ApproximateNumberOfMessagesVisible' });
    expect(byName('FunctionErrors1')).toMatchObject({ Threshold: alarms.functionErrors });
    expect(byName('FunctionThrottles1')).toMatchObject({ Threshold: alarms.functionThrottles });
    expect(byName('Api5xxRate')).toMatchObject({ Threshold: alarms.api5xxPercent });
    expect(byName('ExportBuildsAbandoned')).toMatchObject({ Threshold: alarms.exportWorkerFailures, MetricName: 'Errors', Period: 900 });
    expect(byName('OutboxAge')).toMatchObject({
      Namespace: deploymentEnvironments.prod.metricsNamespace,
      MetricName: outboxLagMetric.name,
      Dimensions: [{ Name: outboxLagMetric.dimension, Value: expect.anything() }],
      Threshold: alarms.outboxLag.toMilliseconds(),
    });
    for (const alarm of allAlarms()) {
      expect(alarm.Properties.AlarmActions).toHaveLength(1);
      expect(alarm.Properties.OKActions).toEqual(alarm.Properties.AlarmActions);
    }
    prod.alarms.resourceCountIs('AWS::SNS::Topic', 1);
  });

  // Missing data never breaches (below), so OutboxAge alone pages nothing for a publisher that never runs: it reports no age.
  it('page when the outbox publisher stops running while the export scheduler, on the same schedule, still runs; not at creation', () => {
    const alarm = allAlarms().find((each) => each.Properties.AlarmName === 'AccountingService-prod-OutboxPublisherStopped')!.Properties;
    const queries = alarm.Metrics as Array<{ Id: string; Expression?: string; MetricStat?: { Metric: any; Period: number; Stat: string } }>;
    const [expression] = queries.filter((query) => query.Expression);
    const watched = Object.fromEntries(queries.filter((query) => query.MetricStat).map((query) => [query.Id, query.MetricStat!]));
    // CloudWatch's metric math, as far as this expression goes: FILL(m, 0) is the period's sum or 0, IF a choice, AND a conjunction.
    const pages = (runs: { publisher: number; scheduler: number }) => {
      const filled = expression!.Expression!.replace(/FILL\((\w+), 0\)/g, (_, id: 'publisher' | 'scheduler') => String(runs[id])).replace(/ AND /g, ' && ');
      return Function('IF', `return ${filled};`)((condition: boolean, then: number, otherwise: number) => (condition ? then : otherwise)) >= alarm.Threshold;
    };
    const due = heartbeat.window.toMinutes();

    expect(backgroundFunctions.filter(({ name }) => name === 'outbox-publisher' || name === 'export-scheduler').map(({ everyMinutes }) => everyMinutes)).toEqual([1, 1]);
    expect(Object.keys(watched).sort()).toEqual(['publisher', 'scheduler']);
    for (const [id, stat] of Object.entries(watched)) {
      expect(stat).toMatchObject({ Metric: { Namespace: 'AWS/Lambda', MetricName: 'Invocations' }, Period: heartbeat.window.toSeconds(), Stat: 'Sum' });
      expect(JSON.stringify(stat.Metric.Dimensions)).toContain(id === 'publisher' ? 'OutboxPublisher' : 'ExportScheduler');
    }
    expect(alarm).toMatchObject({ EvaluationPeriods: 1, TreatMissingData: 'notBreaching' });
    expect(pages({ publisher: 0, scheduler: due })).toBe(true);
    expect(pages({ publisher: heartbeat.runs - 1, scheduler: heartbeat.runs })).toBe(true);
    expect(pages({ publisher: due, scheduler: due })).toBe(false);
    expect(pages({ publisher: heartbeat.runs, scheduler: due })).toBe(false);
    // A new environment before its first runs: no invocation of either yet.
    expect(pages({ publisher: 0, scheduler: 0 })).toBe(false);
  });

  // A new environment has no data until its first runs: "breaching" pages at creation. CloudWatch User Guide, "Using
  // Amazon CloudWatch alarms", Configuring how CloudWatch alarms treat missing data.
  it('page nothing before their first data point: missing data never breaches, the outbox age included', () => {
    const treatments = allAlarms().map((alarm) => [alarm.Properties.AlarmName, alarm.Properties.TreatMissingData]);

    expect(treatments.filter(([, treatment]) => treatment !== 'notBreaching')).toEqual([]);
    expect(treatments.length).toBeGreaterThan(4);
  });

  // CloudWatch publishes an alarm's notification as cloudwatch.amazonaws.com, which the topic's policy must allow
  // (AWS docs, "Using Amazon CloudWatch alarms": Amazon SNS topic access policy for alarm actions).
  it('let CloudWatch publish to the topic, only for alarms of this account and environment, over TLS', () => {
    const [policy] = Object.values(prod.alarms.findResources('AWS::SNS::TopicPolicy')).map((resource) => resource.Properties);
    const statements = policy!.PolicyDocument.Statement as Array<Record<string, any>>;
    const allow = statements.filter((statement) => statement.Effect === 'Allow');

    expect(allow).toHaveLength(1);
    expect(allow[0]).toMatchObject({
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
      Condition: {
        StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
        ArnLike: { 'aws:SourceArn': { 'Fn::Join': ['', expect.arrayContaining([':alarm:AccountingService-prod-*'])] } },
      },
    });
    expect(statements.filter((statement) => statement.Effect === 'Deny')).toEqual([
      expect.objectContaining({ Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    ]);
  });

  it('keep the topic, under the same logical id, through a redeploy, and in prod through a destroy, so its subscriptions stay', () => {
    const topics = (template: typeof prod.alarms) => template.findResources('AWS::SNS::Topic');
    expect(Object.keys(topics(prod.alarms))).toEqual([alarmTopicLogicalId]);
    expect(Object.values(topics(prod.alarms))[0]).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
    expect(Object.keys(topics(dev.alarms))).toEqual([alarmTopicLogicalId]);
  });
});

describe('the page-token signing key', () => {
  function keyStack(generation: number) {
    const stack = new Stack(appAsSynthesized(), 'Keys');
    const key = new TokenSigningKey(stack, 'TokenSigningKey', { generation });
    return { key, template: Template.fromStack(stack) };
  }

  const reference = (id: RegExp) => ({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: expect.stringMatching(id) }, ':SecretString:::}}']] });

  it('is one generated secret at generation 1, and the keys written from it alone', () => {
    const { key, template } = keyStack(1);
    const keys = template.findResources('AWS::SecretsManager::Secret')[Stack.of(key).getLogicalId(key.keys.node.defaultChild as CfnElement)]!;

    template.resourceCountIs('AWS::SecretsManager::Secret', 2);
    expect(key.previousSecret).toBeUndefined();
    expect(keys.Properties.SecretString).toEqual(reference(/Generation1/));
  });

  it('keeps the previous generation beside the current one after a rotation, and nothing older', () => {
    const { key, template } = keyStack(3);
    const secretIds = Object.keys(template.findResources('AWS::SecretsManager::Secret'));

    expect(secretIds.map((id) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'TokenSigningKeyGeneration2',
      'TokenSigningKeyGeneration3',
      'TokenSigningKeyKeysOfGeneration3',
    ]);
    // The current key, a comma, the previous one: what TOKEN_SIGNING_KEY holds (shared/config.ts).
    const keys = template.findResources('AWS::SecretsManager::Secret')[Stack.of(key).getLogicalId(key.keys.node.defaultChild as CfnElement)]!;
    expect(Stack.of(key).resolve(keys.Properties.SecretString)).toEqual({
      'Fn::Join': [',', [reference(/Generation3/), reference(/Generation2/)]],
    });
  });

  it('reaches the functions as one reference, TOKEN_SIGNING_KEY, to the keys of the generation, after a rotation too', () => {
    const stack = new Stack(appAsSynthesized(), 'Function');
    const environment = deploymentEnvironments.staging;
    const dataStore = new DataStore(stack, 'DataStore', { environment });
    const eventBus = EventBus.fromEventBusName(stack, 'EventBus', 'default');
    const roles = new FunctionRoles(stack, 'Roles', { dataStore, eventBus });
    const key = new TokenSigningKey(stack, 'TokenSigningKey', { generation: 2 });
    const route = httpRoutes[0]!;
    const build = readBuildInfo(projectRoot, 'cdk-test');
    const bindings = { projectRoot, dataStore, roles, eventBus, environment, build, tokenKeys: key.environmentValue };
    const entry = join(projectRoot, 'functions', 'http', `${route.name}.ts`);
    new AccountingFunction(stack, 'Route', { entry, description: route.operation, family: route.family, stores: route.stores }, bindings);

    const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
    const referenceTo = (secret: Secret) => ({
      'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: stack.getLogicalId(secret.node.defaultChild as CfnElement) }, ':SecretString:::}}']],
    });
    const variables = fn!.Properties.Environment.Variables;
    expect(variables.TOKEN_SIGNING_KEY).toEqual(referenceTo(key.keys));
    expect(JSON.stringify(variables).split('{{resolve:')).toHaveLength(2);
  });

  it('refuses a generation below 1', () => {
    expect(() => keyStack(0)).toThrow(/generation must be 1 or more/);
  });
});
