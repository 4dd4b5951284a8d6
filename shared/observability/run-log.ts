import { embeddedMetrics } from './embedded-metrics';
import { type RunFigure, runDimension, runFigureUnit } from './emitted-metrics';
import { writeLogLine } from './log-line';

/** What Lambda tells a function about the invocation it runs. */
export interface InvocationContext {
  functionName: string;
  awsRequestId: string;
}

/** Figures a run reports as metrics of its function, e.g. the outbox publisher's lag: only those shared/observability/emitted-metrics.ts lists. */
export type RunMetrics = Partial<Record<RunFigure, number>>;

let coldStart = true;

function runRecord(
  context: InvocationContext,
  startedAt: Date,
  outcome: { failed: false; metrics: RunMetrics } | { failed: true; error: unknown },
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const finishedAt = new Date();
  const firstInEnvironment = coldStart;
  coldStart = false;
  const figures = { duration_ms: finishedAt.getTime() - startedAt.getTime(), failures: outcome.failed ? 1 : 0, ...(outcome.failed ? {} : outcome.metrics) };
  return {
    level: outcome.failed ? 'error' : 'info',
    message: 'run',
    timestamp: finishedAt.toISOString(),
    function: context.functionName,
    request_id: context.awsRequestId,
    ...fields,
    outcome: outcome.failed ? 'failed' : 'succeeded',
    ...(outcome.failed && { error: String(outcome.error) }),
    ...figures,
    cold_start: firstInEnvironment,
    ...embeddedMetrics(finishedAt, [
      {
        dimensions: [runDimension],
        metrics: Object.keys(figures).map((name) => ({ name, unit: runFigureUnit(name) })),
      },
    ]),
  };
}

/**
 * Runs one invocation of a consumer, background or operator function and logs
 * it as one structured line (docs/decisions.md: Logs and metrics): function, request
 * id, the `fields` that say what it worked on (never a payload or a result,
 * which may hold credentials), outcome, duration, and the run's own figures,
 * which are also the function's metrics. A failure is logged and thrown on.
 */
export async function loggedRun<Result>(
  context: InvocationContext,
  run: () => Promise<Result>,
  { fields = {}, metricsOf }: { fields?: Record<string, unknown>; metricsOf?: (result: Result) => RunMetrics } = {},
): Promise<Result> {
  const startedAt = new Date();
  let result: Result;
  try {
    result = await run();
  } catch (error) {
    writeLogLine(runRecord(context, startedAt, { failed: true, error }, fields));
    throw error;
  }
  writeLogLine(runRecord(context, startedAt, { failed: false, metrics: metricsOf?.(result) ?? {} }, fields));
  return result;
}
