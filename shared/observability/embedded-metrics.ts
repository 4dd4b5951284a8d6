/**
 * CloudWatch Embedded Metric Format: the metrics of a log line are named in
 * its `_aws` member and their values are the line's own fields, so a request's
 * log line is also its metrics and no metrics client or API call is needed.
 */

/** The CloudWatch namespace of every metric the service emits; the stack sets it per environment. */
export function metricsNamespace(): string {
  return process.env.METRICS_NAMESPACE ?? 'AccountingService';
}

export type MetricUnit = 'Milliseconds' | 'Count';

/** Metrics (fields of the line) published under one set of dimensions (fields of the line too). */
export interface MetricDirective {
  dimensions: readonly string[];
  metrics: ReadonlyArray<{ name: string; unit: MetricUnit }>;
}

function cloudWatchMetrics(directives: readonly MetricDirective[]) {
  const namespace = metricsNamespace();
  return directives.map((directive) => ({
    Namespace: namespace,
    Dimensions: [[...directive.dimensions]],
    Metrics: directive.metrics.map(({ name, unit }) => ({ Name: name, Unit: unit })),
  }));
}

/** The line's `_aws` member that makes CloudWatch publish `directives` from it. */
export function embeddedMetrics(at: Date, directives: readonly MetricDirective[]) {
  return { _aws: { Timestamp: at.getTime(), CloudWatchMetrics: cloudWatchMetrics(directives) } };
}

/**
 * `embeddedMetrics` of directives that never change, for a line written on
 * every call: their declaration is built on first use and shared by every line
 * after it (the namespace is the function's for its environment's life), so a
 * line adds only its timestamp (docs/decisions.md: Performance).
 */
export function fixedEmbeddedMetrics(directives: readonly MetricDirective[]): (at: Date) => ReturnType<typeof embeddedMetrics> {
  let declared: ReturnType<typeof cloudWatchMetrics> | undefined;
  return (at) => {
    declared ??= cloudWatchMetrics(directives);
    return { _aws: { Timestamp: at.getTime(), CloudWatchMetrics: declared } };
  };
}
