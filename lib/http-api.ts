import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { type RouteDefinition, apiBasePath } from '../shared/http/route-definition';
import { constructId } from './construct-id';
import { type DeploymentEnvironment, removalPolicyOf } from './deployment-environment';

export interface AccountingHttpApiProps {
  environment: DeploymentEnvironment;
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
 * The public face: an HTTP API with one POST route per registry entry, each
 * integrated with its function. The functions live in their family's stack
 * (lib/route-family.ts), with the permission that lets the API invoke them; the
 * routes and integrations stay here, beside the API, under the logical ids they
 * have always had: a route moved to another stack would be created there before
 * this one is deleted, and API Gateway refuses a second route with the same key.
 *
 * Its default stage throttles all callers together at the environment's rate
 * and burst (API Gateway answers 429 past them, before any function runs) and
 * writes an access log. HTTP APIs have no X-Ray tracing of their own: a trace
 * starts in the route's function.
 */
export class AccountingHttpApi extends Construct {
  readonly api: apigwv2.HttpApi;
  /** One scope per route, by route name, holding its API route and integration. */
  readonly routeScopes = new Map<string, Construct>();
  readonly accessLogGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AccountingHttpApiProps) {
    super(scope, id);
    this.api = new apigwv2.HttpApi(this, 'Api', {
      description: 'Accounting service: POST /accounting/... routes',
      createDefaultStage: true,
    });
    const { environment } = props;
    this.accessLogGroup = new logs.LogGroup(this, 'AccessLogs', {
      // Under /aws/vendedlogs/ API Gateway needs no entry in the account's one CloudWatch Logs resource policy
      // (5,120 characters, shared by every service of the region); with another name it appends one, and the
      // stage fails to create once that policy is full (AWS docs: "Enabling logging from AWS services").
      logGroupName: `/aws/vendedlogs/apigateway/${environment.stackName}/access`,
      retention: environment.logRetention,
      removalPolicy: removalPolicyOf(environment),
    });
    // Set on the stage the API already has: a stage of our own would replace it, and its URL with it.
    const stage = this.api.defaultStage!.node.defaultChild as apigwv2.CfnStage;
    stage.defaultRouteSettings = {
      throttlingRateLimit: environment.apiThrottle.rateLimit,
      throttlingBurstLimit: environment.apiThrottle.burstLimit,
    };
    stage.accessLogSettings = { destinationArn: this.accessLogGroup.logGroupArn, format: accessLogFormat };
  }

  /** Routes POST /accounting<path> of `route` to `handler`. */
  addRoute(route: RouteDefinition, handler: lambda.IFunction): void {
    if (this.routeScopes.has(route.name)) throw new Error(`Duplicate route name in the registry: ${route.name}`);
    const routeScope = new Construct(this, constructId(route.name));
    const httpRoute = new apigwv2.HttpRoute(routeScope, 'Route', {
      httpApi: this.api,
      routeKey: apigwv2.HttpRouteKey.with(`${apiBasePath}${route.path}`, apigwv2.HttpMethod.POST),
      integration: new RouteFunctionIntegration('Integration', handler),
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
    this.routeScopes.set(route.name, routeScope);
  }

  /** Base URL of the routes, e.g. `https://abc.execute-api.eu-west-1.amazonaws.com/accounting`. */
  get url(): string {
    return `${this.api.apiEndpoint}${apiBasePath}`;
  }
}

/**
 * A Lambda proxy integration (payload 2.0), like HttpLambdaIntegration, but
 * granting nothing: that one adds the invoke permission in the route's scope,
 * i.e. in this stack; the route's family stack grants it instead (RouteFamily).
 */
class RouteFunctionIntegration extends apigwv2.HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: lambda.IFunction,
  ) {
    super(id);
  }

  bind(): apigwv2.HttpRouteIntegrationConfig {
    return {
      type: apigwv2.HttpIntegrationType.AWS_PROXY,
      uri: this.handler.functionArn,
      payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
    };
  }
}
