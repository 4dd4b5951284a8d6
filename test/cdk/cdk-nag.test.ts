import { Aspects } from 'aws-cdk-lib';
import {
  AwsSolutionsChecks,
  type INagLogger,
  type NagLoggerNonComplianceData,
  type NagLoggerSuppressedData,
  ServerlessChecks,
} from 'cdk-nag';
import { AccountingStack } from '../../lib/accounting-stack';
import { readBuildInfo } from '../../lib/build-info';
import { deploymentEnvironmentNames, deploymentEnvironments } from '../../lib/deployment-environment';
import { backgroundFunctions } from '../../shared/routes/background-registry';
import { consumerFunctions } from '../../shared/routes/consumer-registry';
import { operatorFunctions } from '../../shared/routes/operator-registry';
import { httpRoutes } from '../../shared/routes/registry';
import { appAsSynthesized, projectRoot } from './synthesized-app';

interface Finding {
  rule: string;
  level: string;
  resource: string;
  finding: string;
  /** Present when suppressed. */
  reason?: string;
}

/** Collects what both packs find, suppressed or not, and any rule that could not run. */
class FindingCollector implements INagLogger {
  readonly findings: Finding[] = [];
  readonly ruleErrors: string[] = [];

  onNonCompliance(data: NagLoggerNonComplianceData): void {
    this.findings.push(this.finding(data));
  }
  onSuppressed(data: NagLoggerSuppressedData): void {
    this.findings.push({ ...this.finding(data), reason: data.suppressionReason });
  }
  onError(data: { ruleId: string; resource: { node: { path: string } }; errorMessage: string }): void {
    this.ruleErrors.push(`${data.ruleId} on ${data.resource.node.path}: ${data.errorMessage}`);
  }
  onSuppressedError(): void {}
  onCompliance(): void {}
  onNotApplicable(): void {}

  private finding(data: NagLoggerNonComplianceData): Finding {
    return { rule: data.ruleId, level: data.ruleLevel, resource: data.resource.node.path, finding: data.findingId };
  }
}

/** Synthesizes the stack of one environment under both packs (bundling skipped, as in accounting-stack.test.ts). */
function checkedStack(environmentName: (typeof deploymentEnvironmentNames)[number]): FindingCollector {
  const app = appAsSynthesized();
  const environment = deploymentEnvironments[environmentName];
  new AccountingStack(app, environment.stackName, {
    projectRoot,
    build: readBuildInfo(projectRoot, 'cdk-test'),
    routes: httpRoutes,
    operators: operatorFunctions,
    background: backgroundFunctions,
    consumers: consumerFunctions,
    environment,
  });
  const collector = new FindingCollector();
  Aspects.of(app).add(new AwsSolutionsChecks({ additionalLoggers: [collector], reports: false }));
  Aspects.of(app).add(new ServerlessChecks({ additionalLoggers: [collector], reports: false }));
  app.synth();
  return collector;
}

/** `rule: suppressed / unsuppressed` per rule, for the test's output. */
function tableOf(findings: readonly Finding[]): string {
  const rows = new Map<string, { suppressed: number; open: number }>();
  for (const { rule, reason } of findings) {
    const row = rows.get(rule) ?? { suppressed: 0, open: 0 };
    if (reason === undefined) row.open += 1;
    else row.suppressed += 1;
    rows.set(rule, row);
  }
  return [...rows]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([rule, { suppressed, open }]) => `${rule.padEnd(44)} suppressed ${String(suppressed).padStart(3)}  open ${open}`)
    .join('\n');
}

/**
 * Every rule the stack answers with a suppression instead of a fix, each with
 * its reason written once in the construct that owns the resource
 * (docs/decisions.md: Operations, cdk-nag suppressions).
 */
const acceptedSuppressions = [
  'AwsSolutions-APIG4',
  'AwsSolutions-IAM5',
  'AwsSolutions-SMG4',
  'AwsSolutions-SQS3',
  'Serverless-EventBusDLQ',
  'Serverless-LambdaAsyncFailureDestination',
  'Serverless-LambdaDLQ',
  'Serverless-SQSRedrivePolicy',
];

describe.each(deploymentEnvironmentNames)('cdk-nag (AwsSolutions and Serverless packs), %s environment', (environmentName) => {
  let collector: FindingCollector;
  beforeAll(() => {
    collector = checkedStack(environmentName);
    console.info(`cdk-nag findings, ${environmentName} environment:\n${tableOf(collector.findings)}`);
  });

  it('leaves no error unsuppressed, and every rule could run', () => {
    const open = collector.findings.filter(({ reason, level }) => reason === undefined && level === 'Error');

    expect(open).toEqual([]);
    expect(collector.ruleErrors).toEqual([]);
  });

  it('leaves no warning either', () => {
    expect(collector.findings.filter(({ reason, level }) => reason === undefined && level === 'Warning')).toEqual([]);
  });

  it('suppresses only the accepted rules, each with a reason of its own', () => {
    const suppressed = collector.findings.filter(({ reason }) => reason !== undefined);

    expect([...new Set(suppressed.map(({ rule }) => rule))].sort()).toEqual(acceptedSuppressions);
    for (const { reason } of suppressed) expect(reason!.length).toBeGreaterThan(80);
  });

  it('fixes the IAM wildcards it can: no index/* grant, only X-Ray, the export files prefix and the stored failed batches prefix remain', () => {
    const wildcards = new Set(collector.findings.filter(({ rule }) => rule === 'AwsSolutions-IAM5').map(({ finding }) => finding));

    expect([...wildcards].map((finding) => finding.replace(/<[A-Za-z0-9]+\.Arn>/, '<bucket>')).sort()).toEqual([
      'Resource::*',
      'Resource::<bucket>/orgs/*',
      'Resource::<bucket>/system/failed-log-batches/*',
    ]);
  });
});
