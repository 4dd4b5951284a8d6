import { join } from 'node:path';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { type RouteDefinition, apiBasePath, routeTimeoutSeconds } from '../shared/routes/route-definition';
import { AccountingFunction, type ServiceBindings } from './accounting-function';
import { constructId } from './construct-id';

export interface AccountingHttpApiProps {
  routes: readonly RouteDefinition[];
  bindings: ServiceBindings;
}

/**
 * One JSON line per request in the access log: enough to find the function's
 * own log line (the Lambda request id) and to see what API Gateway answered by
 * itself (throttled, no route, integration failure). No header, no body: the
 * credentials travel in headers.
 */
const accessLogFormat = JSON.stringify({
  request_id: '$context.requestId',
  lambda_request_id: '$context.integration.requestId',
  time: '$context.requestTime',
  source_ip: '$context.identity.sourceIp',
  route: '$context.routeKey',
  status: '$context.status',
  response_bytes: '$context.responseLength',
  latency_ms: '$context.responseLatency',
  integration_status: '$context.integration.status',
  integration_latency_ms: '$context.integration.latency',
  integration_error: '$context.integrationErrorMessage',
  error: '$context.error.message',
});

/**
 * The public face: an HTTP API with one POST route and one Lambda per registry
 * entry. Nothing here is written per route; adding a route is adding it to the
 * registry (shared/routes/registry.ts) and its entry file `functions/http/<name>.ts`.
 *
 * Its default stage throttles all callers together at the environment's rate
 * and burst (API Gateway answers 429 past them, before any function runs) and
 * writes an access log. HTTP APIs have no X-Ray tracing of their own: a trace
 * starts in the route's function.
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
  readonly accessLogGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AccountingHttpApiProps) {
    super(scope, id);
    this.api = new apigwv2.HttpApi(this, 'Api', {
      description: 'Accounting service: POST /accounting/... routes',
      createDefaultStage: true,
    });
    const { environment } = props.bindings;
    this.accessLogGroup = new logs.LogGroup(this, 'AccessLogs', {
      // Under /aws/vendedlogs/ API Gateway needs no entry in the account's one CloudWatch Logs resource policy
      // (5,120 characters, shared by every service of the region); with another name it appends one, and the
      // stage fails to create once that policy is full (AWS docs: "Enabling logging from AWS services").
      logGroupName: `/aws/vendedlogs/apigateway/${environment.stackName}/access`,
      retention: environment.logRetention,
      removalPolicy: environment.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // Set on the stage the API already has: a stage of our own would replace it, and its URL with it.
    const stage = this.api.defaultStage!.node.defaultChild as apigwv2.CfnStage;
    stage.defaultRouteSettings = {
      throttlingRateLimit: environment.apiThrottle.rateLimit,
      throttlingBurstLimit: environment.apiThrottle.burstLimit,
    };
    stage.accessLogSettings = { destinationArn: this.accessLogGroup.logGroupArn, format: accessLogFormat };

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
          stores: route.stores,
          timeout: Duration.seconds(routeTimeoutSeconds(route)),
        },
        props.bindings,
      );
      // Built in the route's scope (not with api.addRoutes) so the route, its
      // integration and the invoke permission, scoped to this one path, live beside
      // the function they serve.
      const httpRoute = new apigwv2.HttpRoute(routeScope, 'Route', {
        httpApi: this.api,
        routeKey: apigwv2.HttpRouteKey.with(`${apiBasePath}${route.path}`, apigwv2.HttpMethod.POST),
        integration: new HttpLambdaIntegration('Integration', handler.function),
      });
      NagSuppressions.addResourceSuppressions(httpRoute, [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            'Authentication is the first step of every route\'s function chain (shared/http), not an API Gateway ' +
            'authorizer: a revoked key or session must fail at its very next call, where an authorizer\'s cached ' +
            'answer would still let it through; uncached, an authorizer would only double every call\'s credential read.',
        },
      ]);
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
