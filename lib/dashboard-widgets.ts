import { Aws, Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';

/** The period of every graph: Lambda's and DynamoDB's own metrics are per minute, ours per line. */
export const graphPeriod = Duration.minutes(1);

/** Functions graphed as one line, by the label of that line (a route family, `background`, `consumers`). */
export type FunctionGroups = ReadonlyMap<string, readonly lambda.IFunction[]>;

/** How a group's functions add up on one line: summed counts, or the worst of them. */
type Combination = 'SUM' | 'MAX';

/**
 * One line per group of a Lambda metric, each the sum (or maximum) of its
 * functions' own metric: a family of ten routes is one line, not ten. Ids are
 * unique within the graph (`g<group>f<function>`), as metric math requires.
 */
export function perGroup(
  groups: FunctionGroups,
  metricName: 'Throttles' | 'Errors' | 'Duration' | 'ConcurrentExecutions',
  statistic: string,
  combination: Combination,
): cloudwatch.IMetric[] {
  return [...groups].map(([label, functions], group) => {
    const usingMetrics = Object.fromEntries(
      functions.map((fn, index) => [`g${group}f${index}`, fn.metric(metricName, { statistic, period: graphPeriod })]),
    );
    const ids = `[${Object.keys(usingMetrics).join(', ')}]`;
    // Counts of a function that ran no request have no data point: as zero they still add up.
    const expression = combination === 'SUM' ? `SUM(FILL(${ids}, 0))` : `MAX(${ids})`;
    return new cloudwatch.MathExpression({ expression, usingMetrics, label, period: graphPeriod });
  });
}

/** A graph of `metrics`, one third of the dashboard's width. */
export function graph(title: string, metrics: cloudwatch.IMetric[], options: Partial<cloudwatch.GraphWidgetProps> = {}): cloudwatch.GraphWidget {
  return new cloudwatch.GraphWidget({ title, left: metrics, width: 8, height: 6, period: graphPeriod, ...options });
}

export interface TopContributorsWidgetProps {
  title: string;
  /** The Contributor Insights rule whose contributors it ranks. */
  ruleName: string;
  /** How many contributors it shows. */
  top: number;
  width?: number;
  height?: number;
}

/**
 * The top contributors of a Contributor Insights rule over time, e.g. the
 * organisations refused most: CDK has no widget for it. It is a metric widget
 * with an `insightRule` member instead of `metrics`, as the CloudWatch console
 * writes one (a dashboard's "View/edit source").
 */
export class TopContributorsWidget extends cloudwatch.ConcreteWidget {
  constructor(private readonly props: TopContributorsWidgetProps) {
    super(props.width ?? 8, props.height ?? 6);
  }

  toJson(): unknown[] {
    return [
      {
        type: 'metric',
        width: this.width,
        height: this.height,
        x: this.x,
        y: this.y,
        properties: {
          view: 'timeSeries',
          title: this.props.title,
          region: Aws.REGION,
          insightRule: { maxContributorCount: this.props.top, orderBy: 'Sum', ruleName: this.props.ruleName },
          legend: { position: 'bottom' },
          period: graphPeriod.toSeconds(),
        },
      },
    ];
  }
}
