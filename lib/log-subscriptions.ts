import { Aws } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct, type IConstruct } from 'constructs';
import { constructId } from './construct-id';

/**
 * How many subscription filters CloudFormation may create (or replace) at once.
 * Created all together, a few dozen make CloudWatch Logs answer "Rate exceeded"
 * and fail the deploy (aws/aws-cdk pull request 38647), so they are chained in
 * at most this many lanes, each filter waiting for the one before it in its lane.
 */
export const parallelSubscriptionFilters = 10;

export interface LogSubscriptionsProps {
  /** The function every subscription invokes. */
  destination: lambda.IFunction;
  /** What lets CloudWatch Logs invoke `destination` (logsMayInvoke): every filter waits for it. */
  permission: IConstruct;
  /** The log groups subscribed, by the name of the function that writes them. */
  logGroups: ReadonlyMap<string, logs.ILogGroup>;
  /** Each field of a JSON line passed on must equal its value (shared/routes/consumer-registry.ts). */
  filter: Readonly<Record<string, string | number>>;
}

/** The filter as a CloudWatch Logs JSON filter pattern: `{ ($.message = "request") && ($.api_calls = 1) }`. */
export function jsonFilterPattern(filter: Readonly<Record<string, string | number>>): string {
  const terms = Object.entries(filter).map(([field, value]) =>
    typeof value === 'number' ? logs.FilterPattern.numberValue(`$.${field}`, '=', value) : logs.FilterPattern.stringValue(`$.${field}`, '=', value),
  );
  return logs.FilterPattern.all(...terms).logPatternString;
}

/**
 * The one permission CloudWatch Logs needs to invoke `destination`, for any log
 * group of this account whose name starts with `logGroupNamePrefix`.
 */
export function logsMayInvoke(scope: Construct, id: string, destination: lambda.IFunction, logGroupNamePrefix: string): lambda.CfnPermission {
  return new lambda.CfnPermission(scope, id, {
    action: 'lambda:InvokeFunction',
    functionName: destination.functionArn,
    principal: 'logs.amazonaws.com',
    sourceAccount: Aws.ACCOUNT_ID,
    sourceArn: `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:${logGroupNamePrefix}*`,
  });
}

/**
 * A subscription filter on each of the log groups to one function, created one
 * after another: one lane of the at most `parallelSubscriptionFilters` that
 * CloudFormation works on at once (RouteFamilies orders the lanes).
 */
export class LogSubscriptions extends Construct {
  /** The subscription filter of each log group, by function name. */
  readonly filters: ReadonlyMap<string, logs.CfnSubscriptionFilter>;

  constructor(scope: Construct, id: string, props: LogSubscriptionsProps) {
    super(scope, id);
    const filterPattern = jsonFilterPattern(props.filter);
    const filters = new Map<string, logs.CfnSubscriptionFilter>();
    let previous: logs.CfnSubscriptionFilter | undefined;
    for (const [name, logGroup] of props.logGroups) {
      const filter = new logs.CfnSubscriptionFilter(this, constructId(name), {
        logGroupName: logGroup.logGroupName,
        destinationArn: props.destination.functionArn,
        filterPattern,
      });
      // CloudWatch Logs checks it may invoke the destination when the filter is created.
      filter.node.addDependency(props.permission);
      if (previous) filter.addResourceDependency(previous);
      previous = filter;
      filters.set(name, filter);
    }
    this.filters = filters;
  }
}
