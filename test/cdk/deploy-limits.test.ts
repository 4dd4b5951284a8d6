import { parallelSubscriptionFilters } from '../../lib/log-subscriptions';
import { deploymentEnvironmentNames } from '../../lib/deployment-environment';
import { metricsPerAlarmLimit } from '../../lib/operational-alarms';
import { httpRoutes } from '../../shared/routes/registry';
import {
  accountingAppOf,
  creationOrder,
  resolvedLength,
  type SynthesizedStack,
  synthesizedStacks,
  type TemplateResource,
  widestParallelSet,
} from './synthesized-app';

/** Every limit is used to at most this share, so that growth lands without touching the split (issue 21, item 5). */
const headroom = 0.6;

/**
 * The limits a deploy of this app can run into, each with where AWS documents it.
 * CloudFormation quotas (AWS CloudFormation User Guide, "CloudFormation quotas"):
 * 500 resources, 200 parameters and 200 outputs per template, 1 MB for a
 * template uploaded through S3 (as CDK uploads them). IAM: a role's inline
 * policies together 10,240 characters, whitespace not counted (IAM User Guide,
 * "IAM and AWS STS quotas"). SQS: a queue policy 8,192 bytes and 20 statements
 * (SQS Developer Guide, "Amazon SQS policy quotas"). SNS: a topic policy 30 KB
 * (SNS Developer Guide, "Amazon SNS quotas"). EventBridge: 300 rules per bus and
 * 5 targets per rule (EventBridge User Guide, "Amazon EventBridge quotas").
 * CloudWatch Logs: 2 subscription filters per log group (the figure issue 21
 * names; CloudWatch Logs quotas now allow 5, cfn-lint pull request 4688).
 * CloudWatch: 10 metrics per metric math alarm (CloudWatch User Guide, "Alarms
 * on metric math expressions"). Lambda: 4 KB of environment variables per
 * function (Lambda Developer Guide, "Lambda quotas"). CloudFormation: 60 dynamic
 * references per template (CloudFormation User Guide, "Using dynamic references":
 * "You can include up to 60 dynamic references in a stack template").
 */
const limits = {
  resources: 500,
  parameters: 200,
  outputs: 200,
  templateBytes: 1_048_576,
  roleInlinePolicyCharacters: 10_240,
  queuePolicyBytes: 8_192,
  queuePolicyStatements: 20,
  topicPolicyBytes: 30_720,
  rulesPerBus: 300,
  targetsPerRule: 5,
  subscriptionFiltersPerLogGroup: 2,
  metricsPerAlarm: metricsPerAlarmLimit,
  functionEnvironmentBytes: 4_096,
  dynamicReferences: 60,
} as const;
type Limit = keyof typeof limits;

/** One measured use of a limit, where it was measured. */
interface Use {
  limit: Limit;
  where: string;
  used: number;
}

function usesOf(stacks: readonly SynthesizedStack[]): Use[] {
  const uses: Use[] = [];
  const rulesPerBus = new Map<string, number>();
  for (const { path, template } of stacks) {
    const resources = Object.entries(template.Resources);
    const ofType = (type: string) => resources.filter(([, resource]) => resource.Type === type);
    uses.push(
      { limit: 'resources', where: path, used: resources.length },
      { limit: 'parameters', where: path, used: Object.keys(template.Parameters ?? {}).length },
      { limit: 'outputs', where: path, used: Object.keys(template.Outputs ?? {}).length },
      // As CDK writes it to cdk.out (indented by one space) and uploads it.
      { limit: 'templateBytes', where: path, used: Buffer.byteLength(JSON.stringify(template, undefined, 1)) },
      { limit: 'dynamicReferences', where: path, used: JSON.stringify(template).split('{{resolve:').length - 1 },
    );
    for (const [roleId, role] of ofType('AWS::IAM::Role')) {
      const policies = ofType('AWS::IAM::Policy')
        .filter(([, policy]) => (policy.Properties!.Roles as unknown[]).some((name) => JSON.stringify(name) === JSON.stringify({ Ref: roleId })))
        .map(([, policy]) => policy.Properties!.PolicyDocument);
      const inline = [...policies, ...((role.Properties?.Policies as Array<{ PolicyDocument: unknown }> | undefined) ?? []).map((policy) => policy.PolicyDocument)];
      const used = inline.reduce<number>((sum, document) => sum + resolvedLength(document).length, 0);
      uses.push({ limit: 'roleInlinePolicyCharacters', where: `${path} role ${roleId}`, used });
    }
    for (const [id, policy] of ofType('AWS::SQS::QueuePolicy')) {
      uses.push({ limit: 'queuePolicyBytes', where: `${path} ${id}`, used: resolvedLength(policy.Properties!.PolicyDocument).length });
      uses.push({ limit: 'queuePolicyStatements', where: `${path} ${id}`, used: policy.Properties!.PolicyDocument.Statement.length });
    }
    for (const [id, policy] of ofType('AWS::SNS::TopicPolicy')) {
      uses.push({ limit: 'topicPolicyBytes', where: `${path} ${id}`, used: resolvedLength(policy.Properties!.PolicyDocument).length });
    }
    for (const [id, rule] of ofType('AWS::Events::Rule')) {
      // A rule without EventBusName (a schedule) is on the account's default bus.
      const bus = JSON.stringify(rule.Properties!.EventBusName ?? 'default');
      rulesPerBus.set(bus, (rulesPerBus.get(bus) ?? 0) + 1);
      uses.push({ limit: 'targetsPerRule', where: `${path} ${id}`, used: (rule.Properties!.Targets ?? []).length });
    }
    const filtersPerLogGroup = new Map<string, number>();
    for (const [, filter] of ofType('AWS::Logs::SubscriptionFilter')) {
      const group = `${path} ${JSON.stringify(filter.Properties!.LogGroupName)}`;
      filtersPerLogGroup.set(group, (filtersPerLogGroup.get(group) ?? 0) + 1);
    }
    for (const [group, used] of filtersPerLogGroup) uses.push({ limit: 'subscriptionFiltersPerLogGroup', where: group, used });
    for (const [id, alarm] of ofType('AWS::CloudWatch::Alarm')) {
      const metrics = (alarm.Properties!.Metrics as Array<{ MetricStat?: unknown }> | undefined)?.filter((query) => query.MetricStat).length ?? 1;
      uses.push({ limit: 'metricsPerAlarm', where: `${path} ${id}`, used: metrics });
    }
    for (const [id, fn] of ofType('AWS::Lambda::Function') as Array<[string, TemplateResource]>) {
      const variables = fn.Properties!.Environment?.Variables;
      // The variables' JSON: their names and values, and a little punctuation more than Lambda counts.
      if (variables) uses.push({ limit: 'functionEnvironmentBytes', where: `${path} ${id}`, used: resolvedLength(variables).length });
    }
  }
  for (const [bus, used] of rulesPerBus) uses.push({ limit: 'rulesPerBus', where: `bus ${bus}`, used });
  return uses;
}

/** `<where>: <limit> 312 of 500 (62%), over the 60% headroom (300)`, for every use past the headroom. */
function pastHeadroom(uses: readonly Use[]): string[] {
  return uses
    .filter(({ limit, used }) => used > Math.floor(limits[limit] * headroom))
    .map(({ limit, where, used }) => {
      const allowed = Math.floor(limits[limit] * headroom);
      return `${where}: ${limit} ${used} of ${limits[limit]} (${Math.round((100 * used) / limits[limit])}%), over the ${headroom * 100}% headroom (${allowed})`;
    });
}

/** The largest use of each limit, for the test's output: the figures of issue 21's closing note. */
function widestUses(uses: readonly Use[]): string {
  return (Object.keys(limits) as Limit[])
    .map((limit) => {
      const widest = uses.filter((use) => use.limit === limit).sort((a, b) => b.used - a.used)[0];
      if (!widest) return `${limit.padEnd(32)} (none)`;
      return `${limit.padEnd(32)} ${String(widest.used).padStart(7)} of ${String(limits[limit]).padStart(7)} (${Math.round((100 * widest.used) / limits[limit])}%)  ${widest.where}`;
    })
    .join('\n');
}

/** Each environment as it deploys, and prod after its first token key rotation (generation 2: two keys in use). */
const rotated = 'prod, token key generation 2';
const synthesized = new Map<string, SynthesizedStack[]>();
beforeAll(() => {
  for (const name of deploymentEnvironmentNames) synthesized.set(name, synthesizedStacks(accountingAppOf(name).app));
  synthesized.set(rotated, synthesizedStacks(accountingAppOf('prod', { tokenKeyGeneration: 2 }).app));
});

const dynamicReferencesOf = (name: string) => Math.max(...usesOf(synthesized.get(name)!).filter(({ limit }) => limit === 'dynamicReferences').map(({ used }) => used));

describe('dynamic references across a token key rotation', () => {
  it(`holds one per function whatever the generation: a rotation adds one reference to a template, within ${headroom * 100}% of 60`, () => {
    const [before, after] = [dynamicReferencesOf('prod'), dynamicReferencesOf(rotated)];
    console.info(`Dynamic references, most in one template: generation 1 ${before}, generation 2 ${after} of 60`);

    expect(after - before).toBeLessThanOrEqual(1);
    expect(pastHeadroom(usesOf(synthesized.get(rotated)!))).toEqual([]);
  });
});

describe.each(deploymentEnvironmentNames)('the %s environment, as CloudFormation deploys it', (name) => {
  it(`uses at most ${headroom * 100}% of every CloudFormation, IAM, SQS, SNS, EventBridge, CloudWatch and Lambda limit, in every stack`, () => {
    const uses = usesOf(synthesized.get(name)!);
    console.info(`Largest use of each limit, ${name} environment:\n${widestUses(uses)}`);

    expect(new Set(uses.map(({ limit }) => limit))).toEqual(new Set(Object.keys(limits)));
    expect(pastHeadroom(uses)).toEqual([]);
  });

  it('splits the routes into a nested stack per family', () => {
    const stacks = synthesized.get(name)!;
    const families = new Set(httpRoutes.map(({ family }) => family));
    const functionsIn = (stack: SynthesizedStack) => Object.values(stack.template.Resources).filter((resource) => resource.Type === 'AWS::Lambda::Function');
    const familyStacks = stacks.filter(({ path }) => /\/Routes\//.test(path));

    expect(familyStacks).toHaveLength(families.size);
    expect(familyStacks.reduce((sum, stack) => sum + functionsIn(stack).length, 0)).toBe(httpRoutes.length);
  });

  // CloudWatch Logs answers "Rate exceeded" when CloudFormation creates (or, on a pattern change, replaces) a few
  // dozen subscription filters at once: aws/aws-cdk pull request 38647 ("aspect to avoid rate exceeded errors when
  // deploying many SubscriptionFilters") chains them for that reason.
  it(`creates at most ${parallelSubscriptionFilters} log subscription filters at once`, () => {
    const stacks = synthesized.get(name)!;
    const filters = stacks.flatMap(({ path, template }) =>
      Object.entries(template.Resources)
        .filter(([, resource]) => resource.Type === 'AWS::Logs::SubscriptionFilter')
        .map(([id]) => `${path}#${id}`),
    );

    const widest = widestParallelSet(creationOrder(stacks), filters);

    expect(filters).toHaveLength(httpRoutes.length);
    expect(parallelSubscriptionFilters).toBe(10);
    expect(widest).toBeLessThanOrEqual(parallelSubscriptionFilters);
    expect(widest).toBeGreaterThan(0);
  });
});
