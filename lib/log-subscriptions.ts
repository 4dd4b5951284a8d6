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
 * starts with `logGroupNamePrefix`.
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
    for (const [name, logGroup] of props.logGroups) {
      const filter = new logs.CfnSubscriptionFilter(this, constructId(name), {
        logGroupName: logGroup.logGroupName,
        destinationArn: props.destination.functionArn,
        filterPattern,
      });
      // CloudWatch Logs checks it may invoke the destination when the filter is created.
      filter.addResourceDependency(permission);
      filters.set(name, filter);
    }
    this.filters = filters;
  }
}
