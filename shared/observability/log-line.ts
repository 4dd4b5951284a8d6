/**
 * Where log lines go besides stdout: in Lambda nowhere, CloudWatch Logs reads
 * stdout; the local stack, whose functions share one process and keep stdout
 * quiet, registers one to stand in for the log subscriptions (shared/local/log-subscription.ts).
 * Given the line as written and the record it was written from.
 */
export type LogLineSink = (line: string, record: Record<string, unknown>) => void;

const sinks = new Set<LogLineSink>();

/** Hands every line written from now on to `sink` too; returns the removal. */
export function addLogLineSink(sink: LogLineSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

/**
 * Structured log lines (docs/decisions.md: Logs and metrics).
 * One JSON object per line on stdout: Lambda sends each line to CloudWatch Logs
 * as one event, and CloudWatch extracts the Embedded Metric Format metrics a
 * line declares. Written to stdout directly rather than through console.log,
 * whose Lambda prefix (time, request id, level) would stop a line from being
 * JSON. `ACCOUNTING_LOG_LINES=off` silences them where a person reads the
 * output: the local stack prints its own readable line per request. Deployed,
 * the lines are never off: the usage meters are counted from them.
 */
export function writeLogLine(record: Record<string, unknown>): void {
  const silenced = process.env.ACCOUNTING_LOG_LINES === 'off';
  if (silenced && sinks.size === 0) return;
  const line = JSON.stringify(record);
  for (const sink of sinks) sink(line, record);
  if (!silenced) process.stdout.write(`${line}\n`);
}
