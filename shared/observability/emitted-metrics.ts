import type { MetricDirective, MetricUnit } from './embedded-metrics';

/**
 * Every metric the service publishes in Embedded Metric Format, under its
 * environment's namespace: what the operations dashboard may graph
 * (lib/operations-dashboard.ts). The emitters take their names from here, and
 * test/cdk/operations-dashboard.test.ts holds every widget of the dashboard to
 * a name and dimensions of this list, so a misspelt metric fails a test
 * instead of drawing an empty graph.
 */

/** A metric as CloudWatch files it: its name and the names of the dimensions it is published under. */
export interface EmittedMetric {
  name: string;
  dimensions: readonly string[];
  /** The file that writes it, relative to the project root. */
  emittedBy: string;
}

/** Every call's metrics, by operation: what the latency, error and throttle alarms read. */
export const byOperation: MetricDirective = {
  dimensions: ['operation'],
  metrics: [
    { name: 'latency_ms', unit: 'Milliseconds' },
    { name: 'errors', unit: 'Count' },
    { name: 'throttles', unit: 'Count' },
  ],
};

/**
 * Every call's metrics again, by route family (the unit the stack groups
 * routes by): calls are the sample count of `latency_ms`, and its 4xx and 5xx
 * answers are counted apart, as on-call reads them.
 */
export const byFamily: MetricDirective = {
  dimensions: ['family'],
  metrics: [
    { name: 'latency_ms', unit: 'Milliseconds' },
    { name: 'client_errors', unit: 'Count' },
    { name: 'server_errors', unit: 'Count' },
  ],
};

/** A failed call counted once more under its error tag, so a dashboard shows errors by kind across operations. */
export const byErrorTag: MetricDirective = { dimensions: ['error_tag'], metrics: [{ name: 'errors', unit: 'Count' }] };

/** The dimension of every run line's metrics (shared/observability/run-log.ts): the function's name as Lambda gives it. */
export const runDimension = 'function';

/**
 * The figures a run of a function without HTTP reports as its metrics, each
 * with the file that reports it. `duration_ms` and `failures` are every run's;
 * `lateness_ms` every scheduled run's; the others a function's own.
 */
export const runFigures = {
  duration_ms: 'shared/observability/run-log.ts',
  failures: 'shared/observability/run-log.ts',
  lateness_ms: 'shared/lambda/scheduled-event.ts',
  outbox_lag_ms: 'functions/background/outbox-publisher.ts',
  exports_created: 'shared/exports/export-scheduler.ts',
  builds_restarted: 'shared/exports/export-scheduler.ts',
  oldest_pending_export_ms: 'shared/exports/export-scheduler.ts',
  builds_retried: 'functions/background/export-worker.ts',
  builds_failed: 'functions/background/export-worker.ts',
  metered_lines: 'shared/usage/usage-meter-aggregation.ts',
  unreadable_lines: 'shared/usage/usage-meter-aggregation.ts',
  chunks_applied: 'shared/usage/usage-meter-aggregation.ts',
  chunks_already_applied: 'shared/usage/usage-meter-aggregation.ts',
  late_org_days: 'shared/usage/usage-meter-aggregation.ts',
} as const;
export type RunFigure = keyof typeof runFigures;

/** A figure's unit, by its name: durations end in `_ms`. */
export function runFigureUnit(name: string): MetricUnit {
  return name.endsWith('_ms') ? 'Milliseconds' : 'Count';
}

/**
 * Raised shards (issue 31): one per raise of an organisation's shards, by what
 * raised them (`Trigger`: `automatic` or `operator`), from shared/db/shard-layout.ts.
 */
export const shardRaisesMetric: EmittedMetric = { name: 'ShardRaises', dimensions: ['Trigger'], emittedBy: 'shared/db/shard-layout.ts' };

/**
 * Takes of an organisation's shared allowance that failed (issue 38), from
 * shared/http/org-rate-take-log.ts: refused (throttled for the allowance's own
 * key) and unchecked (any other cause), counted a line a window.
 */
export const orgRateTakesMetrics = {
  names: { refused: 'OrgRateTakesRefused', unchecked: 'OrgRateTakesUnchecked' },
  directive: {
    dimensions: [],
    metrics: [
      { name: 'OrgRateTakesRefused', unit: 'Count' },
      { name: 'OrgRateTakesUnchecked', unit: 'Count' },
    ],
  } satisfies MetricDirective,
} as const;

function fromDirectives(directives: readonly MetricDirective[], emittedBy: string): EmittedMetric[] {
  return directives.flatMap(({ dimensions, metrics }) => metrics.map(({ name }) => ({ name, dimensions, emittedBy })));
}

/** Every metric of the list, each under each dimension set it is published with. */
export const emittedMetrics: readonly EmittedMetric[] = [
  ...fromDirectives([byOperation, byFamily, byErrorTag], 'shared/http/request-log.ts'),
  ...Object.entries(runFigures).map(([name, emittedBy]) => ({ name, dimensions: [runDimension], emittedBy })),
  shardRaisesMetric,
  ...fromDirectives([orgRateTakesMetrics.directive], 'shared/http/org-rate-take-log.ts'),
];
