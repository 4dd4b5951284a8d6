import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CfnElement, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { EventBus } from 'aws-cdk-lib/aws-events';
import type { IConstruct } from 'constructs';
import { AccountingFunction } from '../../lib/accounting-function';
import { AccountingStack } from '../../lib/accounting-stack';
import { readBuildInfo } from '../../lib/build-info';
import { DataStore } from '../../lib/data-store';
import { deploymentEnvironments } from '../../lib/deployment-environment';
import { consumerFamily, deadLetterNotifierFamily, EventConsumers } from '../../lib/event-consumers';
import { backgroundFamily, BackgroundFunctions } from '../../lib/background-functions';
import { accessProfile, FunctionRoles, lateUsagePartitions, meterChunkPartitions, meteredDayPartitions, usageMeterPartitions } from '../../lib/function-roles';
import { jsonFilterPattern } from '../../lib/log-subscriptions';
import { operatorFamily } from '../../lib/operator-functions';
import * as keys from '../../shared/db/keys';
import { tableDefinition } from '../../shared/db/table-definition';
import { backgroundFunctions, exportWorkerFunctionName } from '../../shared/routes/background-registry';
import { consumerFunctions, deadLetterNotifierFunction, meteredLineFilter } from '../../shared/routes/consumer-registry';
import { operatorFunctions } from '../../shared/routes/operator-registry';
import type { StoreAccess } from '../../shared/http/route-definition';
import { httpRoutes } from '../../shared/routes/registry';
import { appAsSynthesized, flattenedResources, projectRoot, synthesizedStacks } from './synthesized-app';

// Shape of a synthesized template, as far as these tests read it.
type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; DependsOn?: string[] };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };
type FunctionDefinition = { handler: AccountingFunction; family: string; stores: StoreAccess };

const build = readBuildInfo(projectRoot, 'cdk-test');
const packageVersion = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

function logicalId(construct: IConstruct): string {
  const element = construct instanceof CfnElement ? construct : construct.node.defaultChild;
  if (!(element instanceof CfnElement)) throw new Error(`${construct.node.path} has no CloudFormation element`);
  return Stack.of(element).getLogicalId(element);
}

function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

function resourcesOf(statement: Statement): unknown[] {
  return Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
}

let stack: AccountingStack;
let template: Template;
let resources: Record<string, Resource>;

function resourcesOfType(type: string): Array<[string, Resource]> {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

/** Statements of the role's own policy (the DefaultPolicy FunctionRoles fills). */
function statementsOfRole(roleId: string): Statement[] {
  return resourcesOfType('AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

/** Actions granted by the role's own policy. */
function actionsOfRole(roleId: string): string[] {
  return statementsOfRole(roleId).flatMap(actionsOf);
}

/** Every allowed statement of every policy, with the roles it is attached to. */
function allowStatements(): Array<{ roles: string[]; statement: Statement }> {
  return resourcesOfType('AWS::IAM::Policy').flatMap(([, policy]) =>
    (policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => statement.Effect === 'Allow')
      .map((statement) => ({
        roles: (policy.Properties.Roles as Array<{ Ref: string }>).map((role) => role.Ref),
        statement,
      })),
  );
}

/** Every function of the stack with its registry entry's family and store access. */
function functionDefinitions(): FunctionDefinition[] {
  return [
    ...httpRoutes.map((route) => ({
      handler: stack.routes.routeFunctions.get(route.name)!,
      family: route.family,
      // Every route takes its calls from its organisation's shared allowance (lib/route-family.ts).
      stores: { ...route.stores, orgRate: 'take' as const },
    })),
    ...operatorFunctions.map((operator) => ({
      handler: stack.operatorFunctions.functions.get(operator.name)!,
      family: operatorFamily,
      stores: operator.stores,
    })),
    ...backgroundFunctions.map((background) => ({
      handler: stack.backgroundFunctions.functions.get(background.name)!,
      family: backgroundFamily,
      stores: background.stores,
    })),
    ...consumerFunctions.map((consumer) => ({
      handler: stack.eventConsumers.functions.get(consumer.name)!,
      family: consumerFamily,
      stores: consumer.stores,
    })),
    { handler: stack.eventConsumers.deadLetterNotifier, family: deadLetterNotifierFamily, stores: deadLetterNotifierFunction.stores },
  ];
}

/** Every shared role of the app, by `<family>-<access profile>`: the service stack's and each route family's. */
function allRoles(): Map<string, IConstruct> {
  return new Map([stack.roles, ...[...stack.routes.families.values()].map((family) => family.roles)].flatMap((roles) => [...roles.all]));
}

function roleIdOf({ family, stores }: FunctionDefinition): string {
  return logicalId(allRoles().get(`${family}-${accessProfile(stores)}`)!);
}

function workerId(): string {
  return logicalId(stack.backgroundFunctions.exportWorker.function);
}

function deadLetterQueueArn() {
  return { 'Fn::GetAtt': [logicalId(stack.eventConsumers.deadLetterQueue), 'Arn'] };
}

function deadLetterNotifierArn() {
  return { 'Fn::GetAtt': [logicalId(stack.eventConsumers.deadLetterNotifier.function), 'Arn'] };
}


/** `arn:<partition>:events:<region>:<account>:event-bus/default`, as CloudFormation renders it. */
const defaultEventBusArn = {
  'Fn::Join': [
    '',
    [
      'arn:',
      { Ref: 'AWS::Partition' },
      ':events:',
      { Ref: 'AWS::Region' },
      ':',
      { Ref: 'AWS::AccountId' },
      ':event-bus/default',
    ],
  ],
};

beforeAll(() => {
  // Synthesized once for every test below. Bundling is skipped here: the CDK spawns
  // `npx esbuild` once per function (~1 s each), which at ~55 routes would take
  // about a minute; the entry files are still required to exist, and the bundle
  // itself is checked once, in the last describe block.
  const app = appAsSynthesized();
  // prod's: the environment that listens on the default bus and keeps its data.
  stack = new AccountingStack(app, deploymentEnvironments.prod.stackName, {
    projectRoot,
    build,
    routes: httpRoutes,
    operators: operatorFunctions,
    background: backgroundFunctions,
    consumers: consumerFunctions,
    environment: deploymentEnvironments.prod,
  });
  template = Template.fromStack(stack);
  // The service stack's resources and its nested stacks' (route families, alarms, usage meters), by logical id:
  // each logical id below is found in its own stack's template, and none repeats across stacks.
  const stacks = synthesizedStacks(app);
  resources = flattenedResources(stacks) as Record<string, Resource>;
  expect(Object.keys(resources)).toHaveLength(stacks.reduce((sum, { template: json }) => sum + Object.keys(json.Resources).length, 0));
});

describe('HTTP API', () => {
  it('creates one function per registry route, operator, background and consumer function, the dead-letter notifier and the usage meter aggregator, and no other', () => {
    expect(resourcesOfType('AWS::Lambda::Function')).toHaveLength(
      httpRoutes.length + operatorFunctions.length + backgroundFunctions.length + consumerFunctions.length + 2,
    );
    expect([...stack.routes.routeFunctions.keys()]).toEqual(httpRoutes.map((route) => route.name));
  });

  it('routes POST /accounting<path> of every registry entry, and nothing else', () => {
    const routeKeys = resourcesOfType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey);

    expect(routeKeys.sort()).toEqual(httpRoutes.map((route) => `POST /accounting${route.path}`).sort());
  });

  it('integrates each route with a function of its own', () => {
    const integratedFunctions = httpRoutes.map((route) => {
      const [, routeResource] = resourcesOfType('AWS::ApiGatewayV2::Route').find(
        ([, candidate]) => candidate.Properties.RouteKey === `POST /accounting${route.path}`,
      )!;
      const integrationId = routeResource.Properties.Target['Fn::Join'][1][1].Ref as string;
      const integration = resources[integrationId]!;
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      const functionId = integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string;

      expect(functionId).toBe(logicalId(stack.routes.routeFunctions.get(route.name)!.function));
      return functionId;
    });

    expect(new Set(integratedFunctions).size).toBe(httpRoutes.length);
  });

  it('lets API Gateway invoke each route function only for its own path', () => {
    for (const route of httpRoutes) {
      const functionId = logicalId(stack.routes.routeFunctions.get(route.name)!.function);
      const permissions = resourcesOfType('AWS::Lambda::Permission').filter(
        ([, permission]) => permission.Properties.FunctionName['Fn::GetAtt']?.[0] === functionId,
      );

      expect(permissions).toHaveLength(1);
      expect(JSON.stringify(permissions[0]![1].Properties.SourceArn)).toContain(`/*/*/accounting${route.path}"`);
    }
  });
});

describe('operator functions', () => {
  it('creates one function per operator registry entry', () => {
    expect([...stack.operatorFunctions.functions.keys()]).toEqual(operatorFunctions.map((operator) => operator.name));
  });

  it("gives each operator the registry's timeout, else one minute", () => {
    for (const operator of operatorFunctions) {
      const handler = stack.operatorFunctions.functions.get(operator.name)!;
      expect(resources[logicalId(handler.function)]!.Properties.Timeout).toBe(operator.timeoutSeconds ?? 60);
    }
  });

  it('keeps them off the API: no integration and no invoke permission', () => {
    const operatorIds = [...stack.operatorFunctions.functions.values()].map((operator) => logicalId(operator.function));
    const integrated = resourcesOfType('AWS::ApiGatewayV2::Integration').map(
      ([, integration]) => integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string,
    );
    const permitted = resourcesOfType('AWS::Lambda::Permission').map(
      ([, permission]) => permission.Properties.FunctionName['Fn::GetAtt']?.[0] as string,
    );

    for (const id of operatorIds) {
      expect(integrated).not.toContain(id);
      expect(permitted).not.toContain(id);
    }
  });
});

describe('background functions', () => {
  const functionId = (name: string) => logicalId(stack.backgroundFunctions.functions.get(name)!.function);
  const everyFewMinutes = backgroundFunctions.filter((background) => background.everyMinutes !== undefined);
  const daily = backgroundFunctions.filter((background) => background.dailyAtUtc !== undefined);

  it('creates one function per background registry entry, with its timeout and memory', () => {
    expect([...stack.backgroundFunctions.functions.keys()]).toEqual(backgroundFunctions.map(({ name }) => name));
    for (const background of backgroundFunctions) {
      expect(resources[functionId(background.name)]!.Properties).toMatchObject({
        Timeout: background.timeoutSeconds,
        MemorySize: background.memoryMb,
      });
    }
  });

  it('gives the export worker Lambda\'s full 900 second timeout', () => {
    expect(resources[workerId()]!.Properties.Timeout).toBe(900);
  });

  it('retries a failed worker run twice and drops events older than an hour', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: workerId() },
      Qualifier: '$LATEST',
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 3600,
    });
  });

  it('runs the export scheduler on a rate(1 minute) schedule', () => {
    const scheduler = everyFewMinutes.find((background) => background.name === 'export-scheduler')!;
    const rule = stack.backgroundFunctions.schedules.get(scheduler.name)!;

    expect(scheduler.everyMinutes).toBe(1);
    expect(resources[logicalId(rule)]!.Properties.ScheduleExpression).toBe('rate(1 minute)');
  });

  it('targets each schedule of every few minutes at its own function only, with no retry at either level', () => {
    const rules = resourcesOfType('AWS::Events::Rule').filter(([, rule]) => rule.Properties.ScheduleExpression);

    expect(rules).toHaveLength(everyFewMinutes.length + daily.length);
    for (const background of everyFewMinutes) {
      const minutes = background.everyMinutes!;
      const rule = resources[logicalId(stack.backgroundFunctions.schedules.get(background.name)!)]!;

      expect(rule.Properties.ScheduleExpression).toBe(minutes === 1 ? 'rate(1 minute)' : `rate(${minutes} minutes)`);
      expect(rule.Properties.State).toBe('ENABLED');
      expect(rule.Properties.Targets).toEqual([
        expect.objectContaining({
          Arn: { 'Fn::GetAtt': [functionId(background.name), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 0 },
        }),
      ]);
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: functionId(background.name) },
        MaximumRetryAttempts: 0,
      });
    }
  });

  it('runs the daily financial rollup at 02:00 UTC (cron(0 2 * * ? *))', () => {
    const rollup = daily.find((background) => background.name === 'daily-financial-rollup')!;
    const rule = stack.backgroundFunctions.schedules.get(rollup.name)!;

    expect(rollup.dailyAtUtc).toEqual({ hour: 2, minute: 0 });
    expect(resources[logicalId(rule)]!.Properties.ScheduleExpression).toBe('cron(0 2 * * ? *)');
  });

  it('targets each daily schedule at its own function, retrying a failed run twice at each level (the next run does another day)', () => {
    for (const background of daily) {
      const { hour, minute } = background.dailyAtUtc!;
      const rule = resources[logicalId(stack.backgroundFunctions.schedules.get(background.name)!)]!;

      expect(rule.Properties.ScheduleExpression).toBe(`cron(${minute} ${hour} * * ? *)`);
      expect(rule.Properties.State).toBe('ENABLED');
      expect(rule.Properties.Targets).toEqual([
        expect.objectContaining({
          Arn: { 'Fn::GetAtt': [functionId(background.name), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 2 },
        }),
      ]);
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: functionId(background.name) },
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 6 * 3600,
      });
    }
  });

  it('lets only EventBridge, and only its own schedule, invoke a scheduled function', () => {
    for (const background of backgroundFunctions) {
      const permissions = resourcesOfType('AWS::Lambda::Permission').filter(
        ([, permission]) => permission.Properties.FunctionName['Fn::GetAtt']?.[0] === functionId(background.name),
      );
      const rule = stack.backgroundFunctions.schedules.get(background.name);

      expect(permissions).toHaveLength(rule ? 1 : 0);
      if (rule) {
        expect(permissions[0]![1].Properties).toMatchObject({
          Principal: 'events.amazonaws.com',
          SourceArn: { 'Fn::GetAtt': [logicalId(rule), 'Arn'] },
        });
      }
    }
  });

  it('keeps them off the API', () => {
    const integrated = resourcesOfType('AWS::ApiGatewayV2::Integration').map(
      ([, integration]) => integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string,
    );

    for (const background of backgroundFunctions) expect(integrated).not.toContain(functionId(background.name));
  });
});

describe('event consumers', () => {
  const functionId = (name: string) => logicalId(stack.eventConsumers.functions.get(name)!.function);
  const ruleOf = (name: string) => resources[logicalId(stack.eventConsumers.rules.get(name)!)]!;
  const consumerRoleIds = () =>
    new Set(consumerFunctions.map(({ name }) => resources[functionId(name)]!.Properties.Role['Fn::GetAtt'][0] as string));

  it('creates one function per consumer registry entry, with its timeout and memory', () => {
    expect([...stack.eventConsumers.functions.keys()]).toEqual(consumerFunctions.map(({ name }) => name));
    for (const consumer of consumerFunctions) {
      expect(resources[functionId(consumer.name)]!.Properties).toMatchObject({
        Timeout: consumer.timeoutSeconds,
        MemorySize: consumer.memoryMb,
      });
    }
  });

  it("matches each consumer's events on the default bus with the registry's pattern, exactly", () => {
    for (const consumer of consumerFunctions) {
      expect(ruleOf(consumer.name).Properties).toMatchObject({
        EventBusName: 'default',
        State: 'ENABLED',
        EventPattern: { source: consumer.pattern.source, 'detail-type': consumer.pattern['detail-type'] },
      });
      expect(Object.keys(ruleOf(consumer.name).Properties.EventPattern).sort()).toEqual(['detail-type', 'source']);
    }
  });

  it('targets each rule at its own consumer only, with the dead-letter queue and retries for a day', () => {
    for (const consumer of consumerFunctions) {
      expect(ruleOf(consumer.name).Properties.Targets).toEqual([
        expect.objectContaining({
          Arn: { 'Fn::GetAtt': [functionId(consumer.name), 'Arn'] },
          DeadLetterConfig: { Arn: deadLetterQueueArn() },
          RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86400 },
        }),
      ]);
    }
  });

  it('retries a failed event twice, then sends it with the reason to the dead-letter notifier', () => {
    for (const consumer of consumerFunctions) {
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: functionId(consumer.name) },
        Qualifier: '$LATEST',
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 6 * 3600,
        DestinationConfig: { OnFailure: { Destination: deadLetterNotifierArn() } },
      });
    }
  });

  it('passes every record the dead-letter notifier is sent on to the queue, whether it succeeded or not', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalId(stack.eventConsumers.deadLetterNotifier.function) },
      Qualifier: '$LATEST',
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 6 * 3600,
      DestinationConfig: { OnSuccess: { Destination: deadLetterQueueArn() }, OnFailure: { Destination: deadLetterQueueArn() } },
    });
    expect(resources[logicalId(stack.eventConsumers.deadLetterNotifier.function)]!.Properties).toMatchObject({
      Timeout: deadLetterNotifierFunction.timeoutSeconds,
      MemorySize: deadLetterNotifierFunction.memoryMb,
    });
  });

  it('lets only EventBridge, and only its own rule, invoke a consumer', () => {
    for (const consumer of consumerFunctions) {
      const permissions = resourcesOfType('AWS::Lambda::Permission').filter(
        ([, permission]) => permission.Properties.FunctionName['Fn::GetAtt']?.[0] === functionId(consumer.name),
      );

      expect(permissions.map(([, permission]) => permission.Properties)).toEqual([
        expect.objectContaining({
          Action: 'lambda:InvokeFunction',
          Principal: 'events.amazonaws.com',
          SourceArn: { 'Fn::GetAtt': [logicalId(stack.eventConsumers.rules.get(consumer.name)!), 'Arn'] },
        }),
      ]);
    }
  });

  it('keeps dead letters 14 days in one encrypted queue, retained with the stack', () => {
    template.resourceCountIs('AWS::SQS::Queue', 1);
    template.hasResource('AWS::SQS::Queue', {
      Properties: { MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true },
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
    });
    template.hasOutput('ConsumerDeadLetterQueueUrl', { Value: { Ref: logicalId(stack.eventConsumers.deadLetterQueue) } });
  });

  // One statement naming every rule, so the policy grows by an ARN per consumer (SQS allows 8,192 bytes, 20 statements).
  it("lets only the consumer rules, in one statement, and the notifier's and aggregator's roles send to the queue, and only over TLS", () => {
    const [, queuePolicy] = resourcesOfType('AWS::SQS::QueuePolicy')[0]!;
    const statements = queuePolicy.Properties.PolicyDocument.Statement as Statement[];
    const ruleArns = consumerFunctions.map(({ name }) => ({
      'Fn::GetAtt': [logicalId(stack.eventConsumers.rules.get(name)!), 'Arn'],
    }));
    const senders = allowStatements().filter(({ statement }) => actionsOf(statement).includes('sqs:SendMessage'));

    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      ]),
    );
    expect(
      statements.filter((statement) => statement.Effect === 'Allow').map((statement) => statement.Condition),
    ).toEqual([{ ArnEquals: { 'aws:SourceArn': ruleArns } }]);
    const notifierRole = resources[logicalId(stack.eventConsumers.deadLetterNotifier.function)]!.Properties.Role['Fn::GetAtt'][0];
    const aggregatorRole = resources[logicalId(stack.usageMeters.aggregator.function)]!.Properties.Role['Fn::GetAtt'][0];
    expect(new Set(senders.flatMap(({ roles }) => roles))).toEqual(new Set([notifierRole, aggregatorRole]));
  });

  it('gives the consumer role table write and the dead-letter notifier, and no bucket, queue or publish', () => {
    for (const roleId of consumerRoleIds()) {
      const actions = actionsOfRole(roleId);

      expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'lambda:InvokeFunction']));
      expect(statementsOfRole(roleId).filter((statement) => actionsOf(statement).includes('lambda:InvokeFunction')).flatMap(resourcesOf)).toEqual(
        [deadLetterNotifierArn()],
      );
      expect(actions.filter((action) => /^(s3|sqs|events):/.test(action))).toEqual([]);
    }
  });
});

describe('function defaults', () => {
  it('runs every function on nodejs24.x, arm64, ESM bundle handler, traced by X-Ray', () => {
    for (const [, fn] of resourcesOfType('AWS::Lambda::Function')) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        TracingConfig: { Mode: 'Active' },
        Architectures: ['arm64'],
        Handler: 'index.handler',
      });
    }
  });

  it('gives route and operator functions 512 MB', () => {
    const handlers = [...stack.routes.routeFunctions.values(), ...stack.operatorFunctions.functions.values()];
    for (const handler of handlers) expect(resources[logicalId(handler.function)]!.Properties.MemorySize).toBe(512);
  });

  // HTTP API quotas (docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html): "Maximum
  // integration timeout: 30 seconds", counted from the gateway, a cold start's init included; 2 s are left for it.
  it('gives route functions a 10 second timeout, or the longer one their route declares, at most 28 s (inside API Gateway\'s 30 s)', () => {
    for (const route of httpRoutes) {
      const handler = stack.routes.routeFunctions.get(route.name)!;
      const timeout = resources[logicalId(handler.function)]!.Properties.Timeout;
      expect(timeout).toBe(route.timeoutSeconds ?? 10);
      expect({ route: route.path, timeout: Math.min(timeout, 28) }).toEqual({ route: route.path, timeout });
    }
  });

  it('writes each function to a log group of its own with a retention', () => {
    const logGroups = resourcesOfType('AWS::Lambda::Function').map(
      ([, fn]) => fn.Properties.LoggingConfig.LogGroup.Ref as string,
    );

    expect(new Set(logGroups).size).toBe(logGroups.length);
    for (const id of logGroups) expect(resources[id]!.Properties.RetentionInDays).toEqual(expect.any(Number));
  });

  it('sets the runtime environment shared/config.ts reads, each name only where granted', () => {
    for (const { handler, stores } of functionDefinitions()) {
      const variables = resources[logicalId(handler.function)]!.Properties.Environment.Variables;

      expect(variables.TABLE_NAME).toEqual({ Ref: logicalId(stack.dataStore.table) });
      expect(variables.BUILD_VERSION).toBe(packageVersion);
      expect(variables.BUILD_ID).toBe('cdk-test');
      expect(variables.S3_FORCE_PATH_STYLE).toBeUndefined();
      expect(variables.EXPORT_BATCH_SIZE).toBeUndefined();
      expect(variables.BUCKET_NAME).toEqual(
        stores.bucket ? { Ref: logicalId(stack.dataStore.bucket) } : undefined,
      );
      expect(variables.EXPORT_WORKER_FUNCTION_NAME).toEqual(stores.exportWorker ? { Ref: workerId() } : undefined);
      expect(variables.EVENT_BUS_NAME).toEqual(stores.eventBus ? 'default' : undefined);
    }
  });

  it('tells the routes that start export builds, and the scheduler, where the worker is', () => {
    const invokers = functionDefinitions()
      .filter(({ stores }) => stores.exportWorker === 'invoke')
      .map(({ handler }) => handler.node.path);

    expect(invokers).toEqual(
      expect.arrayContaining([
        stack.routes.routeFunctions.get('export-create')!.node.path,
        stack.routes.routeFunctions.get('export-batch-create')!.node.path,
        stack.routes.routeFunctions.get('export-batch-repair')!.node.path,
        stack.backgroundFunctions.functions.get('export-scheduler')!.node.path,
      ]),
    );
    expect(stack.backgroundFunctions.exportWorker).toBe(stack.backgroundFunctions.functions.get(exportWorkerFunctionName));
  });

  it('passes the token signing key as a deploy-time secret reference, never a literal', () => {
    const secretId = logicalId(stack.tokenSigningKey.keys);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });

    for (const [, fn] of resourcesOfType('AWS::Lambda::Function')) {
      expect(fn.Properties.Environment.Variables.TOKEN_SIGNING_KEY).toEqual({
        'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
      });
    }
  });
});

describe('data store', () => {
  it('builds the table from tableDefinition: keys, TTL, GSIs', () => {
    const gsiAttributes = tableDefinition.globalSecondaryIndexes.flatMap((index) => [
      index.partitionKey,
      index.sortKey,
    ]);
    const [, table] = resourcesOfType('AWS::DynamoDB::Table')[0]!;

    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ]);
    expect(table.Properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(
        [tableDefinition.partitionKey, tableDefinition.sortKey, ...gsiAttributes].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
      ),
    );
    expect(table.Properties.TimeToLiveSpecification).toEqual({
      AttributeName: tableDefinition.timeToLiveAttribute,
      Enabled: true,
    });
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      tableDefinition.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('bills the table on demand, keeps point-in-time recovery, and retains it', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('blocks public access to the export bucket, encrypts, versions and retains it', () => {
    template.hasResource('AWS::S3::Bucket', {
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        VersioningConfiguration: { Status: 'Enabled' },
      }),
      DeletionPolicy: 'RetainExceptOnCreate',
    });
  });

  it('aborts multipart uploads left incomplete for a day', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        ]),
      },
    });
  });

  it('expires noncurrent versions of export files after 30 days, so a replaced file is not billed forever', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: 30 } })]),
      },
    });
  });

  it('refuses requests to the export bucket without TLS', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });
});

describe('least privilege', () => {
  const exportFilesArn = () => ({
    'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(stack.dataStore.bucket), 'Arn'] }, '/orgs/*']],
  });
  const workerArn = () => ({ 'Fn::GetAtt': [workerId(), 'Arn'] });
  const exportFileActions = ['s3:AbortMultipartUpload', 's3:PutObject'];
  // The storage reconcile lists every version of the organisations' objects (ListObjectVersions), as S3 bills them.
  const listActions = ['s3:ListBucket', 's3:ListBucketVersions'];
  const roleIdsWhere = (granted: (stores: StoreAccess) => boolean) =>
    new Set(functionDefinitions().filter(({ stores }) => granted(stores)).map(roleIdOf));

  it('shares one role among the functions of a family with the same store access', () => {
    const keyOf = ({ family, stores }: FunctionDefinition) => `${family}-${accessProfile(stores)}`;
    const expectedKeys = new Set(functionDefinitions().map(keyOf));

    expect(new Set(allRoles().keys())).toEqual(expectedKeys);
    // And the usage meter aggregator's own.
    expect(resourcesOfType('AWS::IAM::Role')).toHaveLength(expectedKeys.size + 1);
    for (const definition of functionDefinitions()) {
      expect(resources[logicalId(definition.handler.function)]!.Properties.Role).toEqual({
        'Fn::GetAtt': [logicalId(allRoles().get(keyOf(definition))!), 'Arn'],
      });
    }
  });

  it('grants each role exactly the stores and targets its functions declare', () => {
    const tableWrites = /^dynamodb:(Put|Update|Delete|BatchWrite)/;
    for (const definition of functionDefinitions()) {
      const { stores } = definition;
      const statements = statementsOfRole(roleIdOf(definition));
      const actions = statements.flatMap(actionsOf);
      const resourcesFor = (action: string) =>
        statements.filter((statement) => actionsOf(statement).includes(action)).flatMap(resourcesOf);

      expect(actions).toContain('dynamodb:Query');
      expect(actions).not.toContain('dynamodb:Scan');
      if (stores.table === 'write') expect(actions).toContain('dynamodb:PutItem');
      else {
        // A reader writes nothing, not even its calls' usage meters: the aggregator adds them up from the logs.
        // Only its organisation's call allowance, in the ORG_RATE partitions alone.
        const writes = statements.filter(
          (statement) => actionsOf(statement).some((action) => tableWrites.test(action)) && !JSON.stringify(statement.Condition ?? {}).includes('ORG_RATE'),
        );
        expect(writes).toEqual([]);
      }
      expect(actions.filter((action) => action.startsWith('s3:')).sort()).toEqual(
        stores.bucket === 'write' ? exportFileActions : stores.bucket === 'list' ? listActions : stores.bucket === 'read' ? ['s3:GetObject'] : [],
      );
      expect(resourcesFor('lambda:InvokeFunction')).toEqual(
        stores.exportWorker ? [workerArn()] : definition.family === consumerFamily ? [deadLetterNotifierArn()] : [],
      );
      expect(resourcesFor('events:PutEvents')).toEqual(stores.eventBus ? [defaultEventBusArn] : []);
      // Lambda hands a consumer's failed events to the notifier with the consumer's role, and on to the queue with the notifier's.
      expect(resourcesFor('sqs:SendMessage')).toEqual(definition.family === deadLetterNotifierFamily ? [deadLetterQueueArn()] : []);
      expect(actions.filter((action) => !/^(dynamodb|s3|lambda|events|logs|sqs|xray):/.test(action))).toEqual([]);
    }
  });

  it('lets functions write export files under orgs/ only, list only under orgs/, read them only to hand out links, and never delete one', () => {
    // The usage meter aggregator's own role and its stored failed batches are the aggregator's tests' (below).
    const aggregatorRole = logicalId(stack.usageMeters.roles.all.values().next().value!);
    const s3Statements = allowStatements().filter(
      ({ roles, statement }) => !roles.includes(aggregatorRole) && actionsOf(statement).some((action) => action.startsWith('s3:')),
    );

    expect(s3Statements.length).toBeGreaterThan(0);
    for (const { statement } of s3Statements) {
      if (actionsOf(statement).includes('s3:ListBucket')) {
        expect(actionsOf(statement)).toEqual(listActions);
        expect(resourcesOf(statement)).toEqual([{ 'Fn::GetAtt': [logicalId(stack.dataStore.bucket), 'Arn'] }]);
        expect(statement.Condition).toEqual({ StringLike: { 's3:prefix': 'orgs/*' } });
        continue;
      }
      if (actionsOf(statement).includes('s3:GetObject')) {
        // /export/files alone: it reads manifests and presigns downloads, which act with its grant.
        expect(actionsOf(statement)).toEqual(['s3:GetObject']);
        expect(resourcesOf(statement)).toEqual([exportFilesArn()]);
        continue;
      }
      expect(actionsOf(statement).sort()).toEqual(exportFileActions);
      expect(resourcesOf(statement)).toEqual([exportFilesArn()]);
    }
  });

  it('lets only the functions that start builds invoke a function, the export worker, and the consumers the dead-letter notifier', () => {
    const builders = roleIdsWhere((stores) => stores.exportWorker === 'invoke');
    const consumers = new Set(functionDefinitions().filter(({ family }) => family === consumerFamily).map(roleIdOf));
    const invokeStatements = allowStatements().filter(({ statement }) =>
      actionsOf(statement).some((action) => action.startsWith('lambda:')),
    );

    expect(builders.size).toBeGreaterThan(0);
    expect(new Set(invokeStatements.flatMap(({ roles }) => roles))).toEqual(new Set([...builders, ...consumers]));
    for (const { roles, statement } of invokeStatements) {
      expect(actionsOf(statement)).toEqual(['lambda:InvokeFunction']);
      expect(resourcesOf(statement)).toEqual(roles.every((role) => consumers.has(role)) ? [deadLetterNotifierArn()] : [workerArn()]);
    }
  });

  it('lets only the background functions that declare it publish events, and only to the default bus', () => {
    const workerRole = logicalId(allRoles().get(`${backgroundFamily}-${accessProfile(
      backgroundFunctions.find(({ name }) => name === exportWorkerFunctionName)!.stores,
    )}`)!);
    const backgroundRoles = new Set(
      functionDefinitions().filter(({ family }) => family === backgroundFamily).map(roleIdOf),
    );
    const publishers = roleIdsWhere((stores) => stores.eventBus === 'publish');
    const publishStatements = allowStatements().filter(({ statement }) =>
      actionsOf(statement).some((action) => action.startsWith('events:')),
    );

    expect(publishers).toContain(workerRole);
    expect([...publishers].filter((role) => !backgroundRoles.has(role))).toEqual([]);
    expect(new Set(publishStatements.flatMap(({ roles }) => roles))).toEqual(publishers);
    for (const { statement } of publishStatements) {
      expect(actionsOf(statement)).toEqual(['events:PutEvents']);
      expect(resourcesOf(statement)).toEqual([defaultEventBusArn]);
    }
  });

  it('grants no wildcard action such as dynamodb:*, s3:* or s3:GetObject*', () => {
    const allowed = allowStatements().flatMap(({ statement }) => actionsOf(statement));

    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.filter((action) => action.includes('*'))).toEqual([]);
  });
});

describe('usage meter aggregator', () => {
  // Its own nested stack: its template, and the parameters the service stack hands it.
  let nested: Record<string, Resource>;
  let handedOver: Record<string, unknown>;
  const nestedOfType = (type: string) => Object.entries(nested).filter(([, resource]) => resource.Type === type);
  const nestedId = (construct: IConstruct) => logicalId(construct);
  const aggregatorArn = () => ({ 'Fn::GetAtt': [nestedId(stack.usageMeters.aggregator.function), 'Arn'] });
  /** What a parameter of the nested stack is given in the service stack. */
  const parameterValue = (value: unknown) => handedOver[(value as { Ref: string }).Ref];

  beforeAll(() => {
    nested = Template.fromStack(stack.usageMeters).toJSON().Resources as Record<string, Resource>;
    const nestedStackResource = stack.usageMeters.nestedStackResource!;
    handedOver = resources[logicalId(nestedStackResource)]!.Properties.Parameters as Record<string, unknown>;
  });

  it('subscribes every route log group, and nothing else, to the aggregator with the metered-line filter', () => {
    // In each route's family stack, beside the log group.
    const filters = resourcesOfType('AWS::Logs::SubscriptionFilter');
    const routeLogGroups = httpRoutes.map((route) => ({ Ref: logicalId(stack.routes.routeFunctions.get(route.name)!.logGroup) }));

    expect(jsonFilterPattern(meteredLineFilter)).toBe('{ ($.message = "request") && ($.api_calls = 1) }');
    expect(filters).toHaveLength(httpRoutes.length);
    expect(filters.map(([, filter]) => filter.Properties.LogGroupName)).toEqual(expect.arrayContaining(routeLogGroups));
    for (const [, filter] of filters) {
      expect(filter.Properties).toMatchObject({ FilterPattern: jsonFilterPattern(meteredLineFilter), DestinationArn: aggregatorArn() });
    }
    // Never its own log group: its run lines would feed it.
    expect(filters.map(([, filter]) => filter.Properties.LogGroupName)).not.toContainEqual({ Ref: nestedId(stack.usageMeters.aggregator.logGroup) });
    expect(nestedOfType('AWS::Logs::SubscriptionFilter')).toEqual([]);
  });

  it("lets CloudWatch Logs invoke it with one permission, for this account's log groups of the service stack only", () => {
    const permissions = nestedOfType('AWS::Lambda::Permission');

    expect(permissions).toHaveLength(1);
    const [[permissionId, permission]] = permissions as [[string, Resource]];
    expect(permission.Properties).toMatchObject({
      Action: 'lambda:InvokeFunction',
      FunctionName: aggregatorArn(),
      Principal: 'logs.amazonaws.com',
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
    expect(JSON.stringify(permission.Properties.SourceArn)).toContain(':log-group:');
    expect(JSON.stringify(permission.Properties.SourceArn)).toContain('{"Ref":"ServiceStackName"},"-*"');
    expect(handedOver.ServiceStackName).toEqual({ Ref: 'AWS::StackName' });
    expect(permissionId).toMatch(/^InvokedByLogs/);
    // Every family's filters wait for the permission: its stack waits for the aggregator's.
    for (const family of stack.routes.families.values()) {
      expect(resources[logicalId(family.nestedStackResource!)]!.DependsOn).toContain(logicalId(stack.usageMeters.nestedStackResource!));
    }
  });

  it('retries a failed batch twice, then sends it to the dead-letter queue, for redrive', () => {
    const [[, invokeConfig]] = nestedOfType('AWS::Lambda::EventInvokeConfig') as [[string, Resource]];

    expect(invokeConfig.Properties).toMatchObject({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 6 * 3600 });
    expect(parameterValue(invokeConfig.Properties.DestinationConfig.OnFailure.Destination)).toEqual(deadLetterQueueArn());
  });

  it('may add to the meters, put metered-day and chunk markers, send to the dead-letter queue, put and get its stored failed batches, and write nothing else', () => {
    const policies = nestedOfType('AWS::IAM::Policy');
    const statements = policies.flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
    const tableWrites = statements.filter((statement) => actionsOf(statement).some((action) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(action)));
    const conditionOf = (action: string) => tableWrites.find((statement) => actionsOf(statement).includes(action))?.Condition;

    expect(nestedOfType('AWS::IAM::Role')).toHaveLength(1);
    expect(tableWrites.flatMap(actionsOf).sort()).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(conditionOf('dynamodb:UpdateItem')).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [usageMeterPartitions, lateUsagePartitions] } });
    expect(conditionOf('dynamodb:PutItem')).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [meteredDayPartitions, meterChunkPartitions] },
    });
    const sends = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('sqs:')));
    expect(sends.flatMap(resourcesOf).map(parameterValue)).toEqual([deadLetterQueueArn()]);
    expect(statements.flatMap(actionsOf).filter((action) => /^(lambda|events):/.test(action))).toEqual([]);
    // A batch too large for Lambda's failure record is stored (shared/lambda/oversized-failure.ts): its prefix only, put and get.
    const objects = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')));
    expect(objects.map((statement) => actionsOf(statement).sort())).toEqual([['s3:GetObject', 's3:PutObject']]);
    expect(JSON.stringify(objects[0]!.Resource)).toMatch(/"\/system\/failed-log-batches\/\*"\]/);
  });

  it('grants its partitions and nothing beside them', () => {
    // StringLike's `*` is any run of characters; the rest of each pattern holds no regex metacharacter.
    const grantOf = (pattern: string) => new RegExp(`^${pattern.replaceAll('*', '.*')}$`);
    expect(keys.usageMeterPartition('ACME', '2026-11-20', 7)).toMatch(grantOf(usageMeterPartitions));
    expect(keys.meteredDay('ACME', '2026-11-20').pk).toMatch(grantOf(meteredDayPartitions));
    expect(keys.meterChunk('0a1b').pk).toMatch(grantOf(meterChunkPartitions));
    expect(keys.lateUsageDay('ACME', '2026-11-20').pk).toMatch(grantOf(lateUsagePartitions));
    for (const pattern of [usageMeterPartitions, meteredDayPartitions, meterChunkPartitions, lateUsagePartitions]) {
      expect(keys.credentialPartition('ACME')).not.toMatch(grantOf(pattern));
      expect(keys.activeDay('ACME', '2026-11-20').pk).not.toMatch(grantOf(pattern));
      expect(keys.usageRollupDay('ACME', '2026-11-20')).not.toMatch(grantOf(pattern));
      expect(keys.event('ACME', 'evt_#USAGE_METER#1').pk).not.toMatch(grantOf(pattern));
      expect(keys.event('ACME', 'evt_#METERED_DAYS').pk).not.toMatch(grantOf(pattern));
    }
  });
});

describe('bundling', () => {
  it('bundles a route, each background and each consumer function into a self-contained ESM module that loads outside the project', () => {
    // Arrange: one route function, the background and consumer functions, bundled for real, staged in an empty folder.
    const outdir = mkdtempSync(join(tmpdir(), 'accounting-bundle-'));
    try {
      const route = httpRoutes[0]!;
      const app = appAsSynthesized({ 'aws:cdk:bundling-stacks': ['**'] }, { outdir });
      const bundleStack = new Stack(app, 'Bundle');
      const environment = deploymentEnvironments.staging;
      const dataStore = new DataStore(bundleStack, 'DataStore', { environment });
      const eventBus = EventBus.fromEventBusName(bundleStack, 'EventBus', 'default');
      const roles = new FunctionRoles(bundleStack, 'Roles', { dataStore, eventBus });
      const bindings = { projectRoot, dataStore, roles, eventBus, tokenKeys: 'x'.repeat(32), build, environment };
      new AccountingFunction(
        bundleStack,
        'Route',
        {
          entry: join(projectRoot, 'functions', 'http', `${route.name}.ts`),
          description: route.operation,
          family: route.family,
          stores: route.stores,
        },
        bindings,
      );
      new BackgroundFunctions(bundleStack, 'Background', { definitions: backgroundFunctions, bindings });
      new EventConsumers(bundleStack, 'Consumers', { definitions: consumerFunctions, bindings });

      // Act
      app.synth();
      const bundles = readdirSync(outdir)
        .filter((name) => name.startsWith('asset.'))
        .map((assetDir) => join(outdir, assetDir, 'index.mjs'));
      const loaded = bundles.map((bundle) =>
        spawnSync(
          process.execPath,
          [
            '--no-warnings',
            '--input-type=module',
            '-e',
            `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)});` +
              `process.stdout.write(typeof m.handler);`,
          ],
          { cwd: outdir, encoding: 'utf8' },
        ),
      );

      // Assert: no node_modules beside them, so every dependency (the SDK too) is inside.
      // The consumers' construct bundles the dead-letter notifier too.
      expect(bundles).toHaveLength(1 + backgroundFunctions.length + consumerFunctions.length + 1);
      for (const [index, bundle] of bundles.entries()) {
        expect({ bundle, stderr: loaded[index]!.stderr, stdout: loaded[index]!.stdout }).toEqual({
          bundle,
          stderr: '',
          stdout: 'function',
        });
        expect(readFileSync(bundle, 'utf8')).toMatch(/^import \{ createRequire \} from 'module';/);
      }
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
