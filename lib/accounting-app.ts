import type { App } from 'aws-cdk-lib';
import { backgroundFunctions } from '../shared/routes/background-registry';
import { consumerFunctions } from '../shared/routes/consumer-registry';
import { operatorFunctions } from '../shared/routes/operator-registry';
import { httpRoutes } from '../shared/routes/registry';
import { AccountingStack } from './accounting-stack';
import { readBuildInfo } from './build-info';
import { type DeploymentEnvironment, deploymentEnvironmentFromContext } from './deployment-environment';

/**
 * The app `cdk synth` and `cdk deploy` build (bin/app.ts), and the tests too:
 * the stack of the environment `-c env=<name>` names, from the registries.
 * Without `-c env` it throws, naming the environments. `overrides` are for
 * tests (e.g. a later token key generation).
 *
 * No lookups: `cdk synth` works offline and without credentials. An
 * environment whose account and region are pinned binds its stack to them;
 * otherwise they come from the deploying profile.
 */
export function defineAccountingApp(app: App, projectRoot: string, overrides: Partial<DeploymentEnvironment> = {}): AccountingStack {
  const environment = { ...deploymentEnvironmentFromContext(app.node.tryGetContext('env')), ...overrides };
  return new AccountingStack(app, environment.stackName, {
    description: `Accounting service (${environment.name}): HTTP API, functions, event consumers, single table, export bucket, alarms`,
    projectRoot,
    build: readBuildInfo(projectRoot, app.node.tryGetContext('buildId')),
    routes: httpRoutes,
    operators: operatorFunctions,
    background: backgroundFunctions,
    consumers: consumerFunctions,
    environment,
  });
}
