import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, CfnElement, CfnResource, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { AccountingFunction } from '../../lib/accounting-function';
import { AccountingStack } from '../../lib/accounting-stack';
import { readBuildInfo } from '../../lib/build-info';
import { DataStore } from '../../lib/data-store';
import { accessProfile, FunctionRoles } from '../../lib/function-roles';
import { operatorFamily } from '../../lib/operator-functions';
import { tableDefinition } from '../../shared/db/table-definition';
import { operatorFunctions } from '../../shared/routes/operator-registry';
import { httpRoutes } from '../../shared/routes/registry';

/** CloudFormation's hard limit of resources in one stack. */
const resourceLimit = 500;
/** What the service is planned to grow to (DESIGN.md section 1). */
const plannedRoutes = 55;
/** Route families plus the operator family. */
const plannedRoleFamilies = 12 + 1;
/** Readers, writers, and writers that also touch the bucket, per family. */
const plannedAccessProfilesPerFamily = 3;

// Shape of a synthesized template, as far as these tests read it.
type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

const projectRoot = resolve(__dirname, '../..');
const build = readBuildInfo(projectRoot, 'cdk-test');
const packageVersion = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

/** The feature flags `cdk synth` runs with, so the tests see the template it makes. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(projectRoot, 'cdk.json'), 'utf8')) as { context?: object };
  return { ...cdkJson.context };
}

function logicalId(construct: IConstruct): string {
  const element = construct instanceof CfnElement ? construct : construct.node.defaultChild;
  if (!(element instanceof CfnElement)) throw new Error(`${construct.node.path} has no CloudFormation element`);
  return Stack.of(element).getLogicalId(element);
}

function cfnResourceCount(scope: IConstruct): number {
  return scope.node.findAll().filter((construct) => CfnResource.isCfnResource(construct)).length;
}

function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

let stack: AccountingStack;
let template: Template;
let resources: Record<string, Resource>;

function resourcesOfType(type: string): Array<[string, Resource]> {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

/** Actions granted by the role's own policy (the DefaultPolicy FunctionRoles fills). */
function actionsOfRole(roleId: string): string[] {
  return resourcesOfType('AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap(([, policy]) => (policy.Properties.PolicyDocument.Statement as Statement[]).flatMap(actionsOf));
}

beforeAll(() => {
  // Synthesized once for every test below. Bundling is skipped here: the CDK spawns
  // `npx esbuild` once per function (~1 s each), which at ~55 routes would take
  // about a minute; the entry files are still required to exist, and the bundle
  // itself is checked once, in the last describe block.
  const app = new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  stack = new AccountingStack(app, 'AccountingService', {
    projectRoot,
    build,
    routes: httpRoutes,
    operators: operatorFunctions,
  });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources as Record<string, Resource>;
});

describe('HTTP API', () => {
  it('creates one function per registry route and per operator function, and no other', () => {
    template.resourceCountIs('AWS::Lambda::Function', httpRoutes.length + operatorFunctions.length);
    expect([...stack.httpApi.routeFunctions.keys()]).toEqual(httpRoutes.map((route) => route.name));
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

      expect(functionId).toBe(logicalId(stack.httpApi.routeFunctions.get(route.name)!.function));
      return functionId;
    });

    expect(new Set(integratedFunctions).size).toBe(httpRoutes.length);
  });

  it('lets API Gateway invoke each route function only for its own path', () => {
    for (const route of httpRoutes) {
      const functionId = logicalId(stack.httpApi.routeFunctions.get(route.name)!.function);
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

describe('function defaults', () => {
  it('runs every function on nodejs22.x, arm64, 512 MB, ESM bundle handler', () => {
    for (const [, fn] of resourcesOfType('AWS::Lambda::Function')) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Handler: 'index.handler',
      });
    }
  });

  it('gives route functions a 10 second timeout', () => {
    for (const handler of stack.httpApi.routeFunctions.values()) {
      expect(resources[logicalId(handler.function)]!.Properties.Timeout).toBe(10);
    }
  });

  it('writes each function to a log group of its own with a retention', () => {
    const logGroups = resourcesOfType('AWS::Lambda::Function').map(
      ([, fn]) => fn.Properties.LoggingConfig.LogGroup.Ref as string,
    );

    expect(new Set(logGroups).size).toBe(logGroups.length);
    for (const id of logGroups) expect(resources[id]!.Properties.RetentionInDays).toEqual(expect.any(Number));
  });

  it('sets the runtime environment shared/config.ts reads, the bucket only where granted', () => {
    const definitions = [
      ...httpRoutes.map((route) => ({ handler: stack.httpApi.routeFunctions.get(route.name)!, stores: route.stores })),
      ...operatorFunctions.map((operator) => ({
        handler: stack.operatorFunctions.functions.get(operator.name)!,
        stores: operator.stores,
      })),
    ];
    for (const { handler, stores } of definitions) {
      const variables = resources[logicalId(handler.function)]!.Properties.Environment.Variables;

      expect(variables.TABLE_NAME).toEqual({ Ref: logicalId(stack.dataStore.table) });
      expect(variables.BUILD_VERSION).toBe(packageVersion);
      expect(variables.BUILD_ID).toBe('cdk-test');
      expect(variables.S3_FORCE_PATH_STYLE).toBeUndefined();
      if (stores.bucket) expect(variables.BUCKET_NAME).toEqual({ Ref: logicalId(stack.dataStore.bucket) });
      else expect(variables.BUCKET_NAME).toBeUndefined();
    }
  });

  it('passes the token signing key as a deploy-time secret reference, never a literal', () => {
    const secretId = logicalId(stack.tokenSigningKey.secret);
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
      DeletionPolicy: 'Retain',
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
      DeletionPolicy: 'Retain',
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
  const functionDefinitions = () => [
    ...httpRoutes.map((route) => ({
      handler: stack.httpApi.routeFunctions.get(route.name)!,
      key: `${route.family}-${accessProfile(route.stores)}`,
    })),
    ...operatorFunctions.map((operator) => ({
      handler: stack.operatorFunctions.functions.get(operator.name)!,
      key: `${operatorFamily}-${accessProfile(operator.stores)}`,
    })),
  ];

  it('shares one role among the functions of a family with the same store access', () => {
    const expectedKeys = new Set(functionDefinitions().map(({ key }) => key));

    expect(new Set(stack.roles.all.keys())).toEqual(expectedKeys);
    template.resourceCountIs('AWS::IAM::Role', expectedKeys.size);
    for (const { handler, key } of functionDefinitions()) {
      expect(resources[logicalId(handler.function)]!.Properties.Role).toEqual({
        'Fn::GetAtt': [logicalId(stack.roles.all.get(key)!), 'Arn'],
      });
    }
  });

  it('grants each role exactly the stores its functions declare', () => {
    const tableWrites = /^dynamodb:(Put|Update|Delete|BatchWrite)/;
    const bucketWrites = /^s3:(Put|Delete|Abort)/;
    const definitions = [
      ...httpRoutes,
      ...operatorFunctions.map((operator) => ({ ...operator, family: operatorFamily })),
    ];
    for (const { family, stores } of definitions) {
      const role = stack.roles.all.get(`${family}-${accessProfile(stores)}`)!;
      const actions = actionsOfRole(logicalId(role));
      const s3Actions = actions.filter((action) => action.startsWith('s3:'));

      expect(actions).toContain('dynamodb:Query');
      expect(actions).not.toContain('dynamodb:Scan');
      if (stores.table === 'write') expect(actions).toContain('dynamodb:PutItem');
      else expect(actions.filter((action) => tableWrites.test(action))).toEqual([]);
      if (!stores.bucket) expect(s3Actions).toEqual([]);
      else expect(s3Actions).toContain('s3:GetObject*');
      if (stores.bucket === 'write') expect(s3Actions).toContain('s3:PutObject');
      if (stores.bucket === 'read') expect(s3Actions.filter((action) => bucketWrites.test(action))).toEqual([]);
    }
  });

  it('grants no service-wide wildcard such as dynamodb:* or s3:*', () => {
    const allowed = resourcesOfType('AWS::IAM::Policy')
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => statement.Effect === 'Allow')
      .flatMap(actionsOf);

    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.filter((action) => action === '*' || action.endsWith(':*'))).toEqual([]);
  });
});

describe('resource budget', () => {
  it(`stays under ${resourceLimit} resources now and at ${plannedRoutes} routes`, () => {
    // Arrange: measure what one route costs and what the rest costs.
    const perRouteCounts = [...stack.httpApi.routeScopes.values()].map(cfnResourceCount);
    const perRoute = Math.max(...perRouteCounts);
    const roleCounts = [...stack.roles.all.values()].map(cfnResourceCount);
    const perRole = Math.max(...roleCounts);
    const actual = Object.keys(resources).length;
    const roleTotal = roleCounts.reduce((sum, count) => sum + count, 0);
    // AWS::CDK::Metadata is added by the CLI only (not in this test's template).
    const fixed = actual - perRouteCounts.length * perRoute - roleTotal + 1;

    // Act: project to the planned size.
    const projected =
      fixed + plannedRoutes * perRoute + plannedRoleFamilies * plannedAccessProfilesPerFamily * perRole;

    // Assert
    expect(new Set(perRouteCounts).size).toBe(1);
    expect(actual).toBe(cfnResourceCount(stack));
    expect(actual).toBeLessThan(resourceLimit);
    expect({ fixed, perRoute, perRole, projected }).toEqual({
      fixed: expect.any(Number),
      perRoute: 5,
      perRole: 2,
      projected: expect.any(Number),
    });
    expect(projected).toBeLessThan(resourceLimit);
  });
});

describe('bundling', () => {
  it('bundles a route into a self-contained ESM module that loads outside the project', () => {
    // Arrange: one route function, bundled for real, staged in an empty folder.
    const outdir = mkdtempSync(join(tmpdir(), 'accounting-bundle-'));
    try {
      const route = httpRoutes[0]!;
      const app = new App({ outdir, context: cdkJsonContext(), builtinCloudFormationValidation: false });
      const bundleStack = new Stack(app, 'Bundle');
      const dataStore = new DataStore(bundleStack, 'DataStore');
      const roles = new FunctionRoles(bundleStack, 'Roles', { dataStore });
      new AccountingFunction(
        bundleStack,
        'Route',
        {
          entry: join(projectRoot, 'functions', 'http', `${route.name}.ts`),
          description: route.operation,
          family: route.family,
          stores: route.stores,
        },
        { projectRoot, dataStore, roles, tokenSigningKey: 'x'.repeat(32), build },
      );

      // Act
      app.synth();
      const assetDir = readdirSync(outdir).find((name) => name.startsWith('asset.'))!;
      const bundle = join(outdir, assetDir, 'index.mjs');
      const loaded = spawnSync(
        process.execPath,
        [
          '--no-warnings',
          '--input-type=module',
          '-e',
          `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)});` +
            `process.stdout.write(typeof m.handler);`,
        ],
        { cwd: outdir, encoding: 'utf8' },
      );

      // Assert: no node_modules beside it, so every dependency (the SDK too) is inside.
      expect(loaded.stderr).toBe('');
      expect(loaded.stdout).toBe('function');
      expect(readFileSync(bundle, 'utf8')).toMatch(/^import \{ createRequire \} from 'module';/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
