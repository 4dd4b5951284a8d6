import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { AccountingStack } from '../lib/accounting-stack';
import { readBuildInfo } from '../lib/build-info';
import { deploymentEnvironmentFromContext } from '../lib/deployment-environment';
import { backgroundFunctions } from '../shared/routes/background-registry';
import { consumerFunctions } from '../shared/routes/consumer-registry';
import { operatorFunctions } from '../shared/routes/operator-registry';
import { httpRoutes } from '../shared/routes/registry';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const app = new App();
// `-c env=dev|staging|prod`; without it, the `default` stack (lib/deployment-environment.ts).
const environment = deploymentEnvironmentFromContext(app.node.tryGetContext('env'));

// Environment-agnostic on purpose (no account/region, no lookups): `cdk synth`
// works offline and without credentials; the account and region come from the
// deploying profile.
new AccountingStack(app, environment.stackName, {
  description: `Accounting service (${environment.name}): HTTP API, functions, event consumers, single table, export bucket, alarms`,
  projectRoot,
  build: readBuildInfo(projectRoot, app.node.tryGetContext('buildId')),
  routes: httpRoutes,
  operators: operatorFunctions,
  background: backgroundFunctions,
  consumers: consumerFunctions,
  environment,
});
