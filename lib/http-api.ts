import { join } from 'node:path';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Duration } from 'aws-cdk-lib';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { type RouteDefinition, apiBasePath } from '../shared/routes/route-definition';
import { AccountingFunction, type ServiceBindings } from './accounting-function';
import { constructId } from './construct-id';

export interface AccountingHttpApiProps {
  routes: readonly RouteDefinition[];
  bindings: ServiceBindings;
}

/**
 * The public face: an HTTP API with one POST route and one Lambda per registry
 * entry. Nothing here is written per route; adding a route is adding it to the
 * registry (shared/routes/registry.ts) and its entry file `functions/http/<name>.ts`.
 */
export class AccountingHttpApi extends Construct {
  readonly api: apigwv2.HttpApi;
  /**
   * One scope per route, keyed by route name, holding everything that route adds
   * to the stack (function, log group, integration, route, invoke permission):
   * what test/cdk counts as the per-route resource cost.
   */
  readonly routeScopes: ReadonlyMap<string, Construct>;
  readonly routeFunctions: ReadonlyMap<string, AccountingFunction>;

  constructor(scope: Construct, id: string, props: AccountingHttpApiProps) {
    super(scope, id);
    this.api = new apigwv2.HttpApi(this, 'Api', {
      description: 'Accounting service: POST /accounting/... routes',
      createDefaultStage: true,
    });

    const routeScopes = new Map<string, Construct>();
    const routeFunctions = new Map<string, AccountingFunction>();
    for (const route of props.routes) {
      if (routeScopes.has(route.name)) throw new Error(`Duplicate route name in the registry: ${route.name}`);
      const routeScope = new Construct(this, constructId(route.name));
      const handler = new AccountingFunction(
        routeScope,
        'Function',
        {
          entry: join(props.bindings.projectRoot, 'functions', 'http', `${route.name}.ts`),
          description: `POST ${apiBasePath}${route.path} (${route.operation})`,
          family: route.family,
          // Every call is metered (shared/http/usage-metering.ts), a read route's too.
          stores: { ...route.stores, usageMeters: 'update' },
          timeout: route.timeoutSeconds === undefined ? undefined : Duration.seconds(route.timeoutSeconds),
        },
        props.bindings,
      );
      // Built in the route's scope (not with api.addRoutes) so the route, its
      // integration and the invoke permission, scoped to this one path, live beside
      // the function they serve.
      new apigwv2.HttpRoute(routeScope, 'Route', {
        httpApi: this.api,
        routeKey: apigwv2.HttpRouteKey.with(`${apiBasePath}${route.path}`, apigwv2.HttpMethod.POST),
        integration: new HttpLambdaIntegration('Integration', handler.function),
      });
      routeScopes.set(route.name, routeScope);
      routeFunctions.set(route.name, handler);
    }
    this.routeScopes = routeScopes;
    this.routeFunctions = routeFunctions;
  }

  /** Base URL of the routes, e.g. `https://abc.execute-api.eu-west-1.amazonaws.com/accounting`. */
  get url(): string {
    return `${this.api.apiEndpoint}${apiBasePath}`;
  }
}
