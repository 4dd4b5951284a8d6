import { Aws } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { constructId } from './construct-id';

export interface LogSubscriptionsProps {
  /** The function every subscription invokes. */
  destination: lambda.IFunction;
  /** The log groups subscribed, by the name of the function that writes them. */
  logGroups: ReadonlyMap<string, logs.ILogGroup>;
  /** Each field of a JSON line passed on must equal its value (shared/routes/consumer-registry.ts). */
  filter: Readonly<Record<string, string | number>>;
  /** What the names of every log group that may invoke `destination` start with. */
  logGroupNamePrefix: string;
}

/**
 * How many subscription filters CloudFormation may create (or replace) at once.
 * Created all together, a few dozen make CloudWatch Logs answer "Rate exceeded"
 * and fail the deploy (aws/aws-cdk pull request 38647), so they are chained in
 * this many lanes, each filter waiting for the one before it in its lane.
 */
export const parallelSubscriptionFilters = 10;

/** The filter as a CloudWatch Logs JSON filter pattern: `{ ($.message = "request") && ($.api_calls = 1) }`. */
export function jsonFilterPattern(filter: Readonly<Record<string, string | number>>): string {
  const terms = Object.entries(filter).map(([field, value]) =>
    typeof value === 'number' ? logs.FilterPattern.numberValue(`$.${field}`, '=', value) : logs.FilterPattern.stringValue(`$.${field}`, '=', value),
  );
  return logs.FilterPattern.all(...terms).logPatternString;
}

/**
 * A subscription filter on each of the log groups to one function, and the one
 * permission CloudWatch Logs needs to invoke it, for any log group whose name
 * starts with `logGroupNamePrefix`. The filters are created at most
 * `parallelSubscriptionFilters` at a time.
 */
export class LogSubscriptions extends Construct {
  /** The subscription filter of each log group, by function name. */
  readonly filters: ReadonlyMap<string, logs.CfnSubscriptionFilter>;

  constructor(scope: Construct, id: string, props: LogSubscriptionsProps) {
    super(scope, id);
    const permission = new lambda.CfnPermission(this, 'InvokedByLogs', {
      action: 'lambda:InvokeFunction',
      functionName: props.destination.functionArn,
      principal: 'logs.amazonaws.com',
      sourceAccount: Aws.ACCOUNT_ID,
      sourceArn: `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:${props.logGroupNamePrefix}*`,
    });
    const filterPattern = jsonFilterPattern(props.filter);
    const filters = new Map<string, logs.CfnSubscriptionFilter>();
    const lanes: logs.CfnSubscriptionFilter[] = [];
    for (const [index, [name, logGroup]] of [...props.logGroups].entries()) {
      const filter = new logs.CfnSubscriptionFilter(this, constructId(name), {
        logGroupName: logGroup.logGroupName,
        destinationArn: props.destination.functionArn,
        filterPattern,
      });
      // CloudWatch Logs checks it may invoke the destination when the filter is created.
      filter.addResourceDependency(permission);
      const previousInLane = lanes[index % parallelSubscriptionFilters];
      if (previousInLane) filter.addResourceDependency(previousInLane);
      lanes[index % parallelSubscriptionFilters] = filter;
      filters.set(name, filter);
    }
    this.filters = filters;
  }
}
