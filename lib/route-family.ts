import { join } from 'node:path';
import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { meteredLineFilter } from '../shared/routes/consumer-registry';
import { type RouteDefinition, apiBasePath, routeTimeoutSeconds } from '../shared/http/route-definition';
import { AccountingFunction, type ServiceBindings } from './accounting-function';
import { constructId } from './construct-id';
import { FunctionRoles } from './function-roles';
import { LogSubscriptions, parallelSubscriptionFilters } from './log-subscriptions';
import type { AccountingHttpApi } from './http-api';
import { functionAlarms } from './operational-alarms';
import type { UsageMeterAggregator } from './usage-meter-aggregator';

export interface RouteFamilyProps {
  family: string;
  /** The family's routes, in registry order. */
  routes: readonly RouteDefinition[];
  bindings: ServiceBindings;
  /** The service stack's API: it routes to the family's functions (AccountingHttpApi.addRoute). */
  httpApi: AccountingHttpApi;
  /** Every route's log group is subscribed to its aggregator, once its permission exists. */
  usageMeters: UsageMeterAggregator;
  /** The environment's alarm topic (OperationalAlarms). */
  alarmTopic: sns.ITopic;
}

/**
 * One route family in a nested stack of its own: per route its function, log
 * group, the permission that lets the API invoke it for its path, and its
 * usage-meter subscription (the API route and integration stay beside the API,
 * AccountingHttpApi.addRoute);
 * the family's roles (FunctionRoles, per access profile); and the alarms on its
 * functions.
 *
 * Why a stack per family: CloudFormation limits every stack (500 resources, 200
 * parameters and outputs, 1 MB), and a family is the unit the registry grows
 * by. The service stack pays one resource per family, and a family of ten more
 * routes costs its own stack about 70 of its 500 (test/cdk/deploy-limits.test.ts
 * holds every stack to 60% of each limit). Nothing stateful lives here: a
 * family stack may be replaced, renamed or split without losing data.
 */
export class RouteFamily extends NestedStack {
  /** The route functions of this family, by route name. */
  readonly routeFunctions: ReadonlyMap<string, AccountingFunction>;
  readonly roles: FunctionRoles;
  readonly subscriptions: LogSubscriptions;

  constructor(scope: Construct, id: string, props: RouteFamilyProps) {
    super(scope, id, { description: `Accounting service routes of the ${props.family} family (${props.bindings.environment.name})` });
    const { dataStore, eventBus, environment } = props.bindings;
    this.roles = new FunctionRoles(this, 'Roles', { dataStore, eventBus });
    const bindings = { ...props.bindings, roles: this.roles };

    const routeFunctions = new Map<string, AccountingFunction>();
    for (const route of props.routes) {
      const routeScope = new Construct(this, constructId(route.name));
      const handler = new AccountingFunction(
        routeScope,
        'Function',
        {
          entry: join(bindings.projectRoot, 'functions', 'http', `${route.name}.ts`),
          description: `POST ${apiBasePath}${route.path} (${route.operation})`,
          family: route.family,
          // Every route takes calls of its organisation's shared allowance (shared/http/org-rate-limit.ts).
          stores: { ...route.stores, orgRate: 'take' },
          timeout: Duration.seconds(routeTimeoutSeconds(route)),
        },
        bindings,
      );
      // Only for its own path; the unqualified function, as the integration names it.
      handler.function.addPermission('InvokedByApi', {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: Stack.of(this).formatArn({
          service: 'execute-api',
          resource: props.httpApi.api.apiId,
          resourceName: `*/*${apiBasePath}${route.path}`,
        }),
      });
      routeFunctions.set(route.name, handler);
    }
    this.routeFunctions = routeFunctions;

    this.subscriptions = new LogSubscriptions(this, 'Subscriptions', {
      destination: props.usageMeters.aggregator.function,
      permission: props.usageMeters.invokedByLogs,
      logGroups: new Map([...routeFunctions].map(([name, handler]) => [name, handler.logGroup])),
      filter: meteredLineFilter,
    });
    functionAlarms(this, {
      environment,
      topic: props.alarmTopic,
      functions: new Map([...routeFunctions].map(([name, handler]) => [`route ${name}`, handler.function])),
      idPrefix: constructId(props.family),
    });
  }
}

export interface RouteFamiliesProps extends Omit<RouteFamilyProps, 'family' | 'routes'> {
  /** The HTTP route registry (shared/routes/registry.ts). */
  routes: readonly RouteDefinition[];
}

/**
 * Every route of the registry, in a RouteFamily stack per family (in the order
 * families first appear). Adding a route is adding it to the registry and its
 * entry file `functions/http/<name>.ts`; a new family is a new stack.
 *
 * Each family creates its routes' log subscriptions one after another, and
 * CloudFormation creates nested stacks in parallel: so a family's stack waits
 * for the one `parallelSubscriptionFilters` places before it, and at most that
 * many subscription filters are ever created at once. Up to that many families
 * nothing waits.
 */
export class RouteFamilies extends Construct {
  readonly families: ReadonlyMap<string, RouteFamily>;
  /** Every route function, by route name, in registry order. */
  readonly routeFunctions: ReadonlyMap<string, AccountingFunction>;

  constructor(scope: Construct, id: string, props: RouteFamiliesProps) {
    super(scope, id);
    const familyNames = [...new Set(props.routes.map((route) => route.family))];
    const families = new Map<string, RouteFamily>();
    for (const [index, family] of familyNames.entries()) {
      const stack = new RouteFamily(this, constructId(family), {
        ...props,
        family,
        routes: props.routes.filter((route) => route.family === family),
      });
      const earlierInLane = familyNames[index - parallelSubscriptionFilters];
      if (earlierInLane !== undefined) stack.node.addDependency(families.get(earlierInLane)!);
      families.set(family, stack);
    }
    this.families = families;
    const routeFunctions = new Map([...families.values()].flatMap((family) => [...family.routeFunctions]));
    this.routeFunctions = new Map(props.routes.map(({ name }) => [name, routeFunctions.get(name)!]));
    for (const route of props.routes) props.httpApi.addRoute(route, routeFunctions.get(route.name)!.function);
  }
}
