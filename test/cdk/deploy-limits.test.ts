import { parallelSubscriptionFilters } from '../../lib/log-subscriptions';
import { deploymentEnvironmentNames } from '../../lib/deployment-environment';
import { httpRoutes } from '../../shared/routes/registry';
import {
  accountingAppOf,
  creationOrder,
  type SynthesizedStack,
  synthesizedStacks,
  widestParallelSet,
} from './synthesized-app';

const synthesized = new Map<string, SynthesizedStack[]>();
beforeAll(() => {
  for (const name of deploymentEnvironmentNames) {
    synthesized.set(name, synthesizedStacks(accountingAppOf(name).app));
  }
});

describe.each(deploymentEnvironmentNames)('the %s environment, as CloudFormation deploys it', (name) => {
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
