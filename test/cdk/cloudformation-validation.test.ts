import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { deploymentEnvironmentNames } from '../../lib/deployment-environment';
import { accountingAppOf } from './synthesized-app';

/**
 * `cdk synth` checks every template against CloudFormation's resource schemas
 * and the CDK's default rules (aws-cdk-lib's CloudFormationValidatePlugin) and
 * fails on an error. The other suites synthesize without it (synthesized-app.ts
 * says why); here it runs on every app they build, and a warning fails too.
 */
const appsTheSuitesBuild = [
  ...deploymentEnvironmentNames.map((name) => ({ name, build: () => accountingAppOf(name, {}, { validated: true }).app })),
  { name: 'prod with its token signing key rotated', build: () => accountingAppOf('prod', { tokenKeyGeneration: 2 }, { validated: true }).app },
];

it.each(appsTheSuitesBuild)('$name: every template passes CloudFormation validation, with no warning', ({ build }) => {
  const app = build();

  expect(() => app.synth()).not.toThrow();
});

it('fails a template that CloudFormation would refuse', () => {
  const { app, stack } = accountingAppOf('dev', {}, { validated: true });
  const firstFunction = stack.node.findAll().find((construct): construct is CfnFunction => construct instanceof CfnFunction)!;
  firstFunction.addPropertyOverride('MemorySize', 1);

  expect(() => app.synth()).toThrow(/MemorySize: 1 is less than the minimum of 128/);
});
