/**
 * Structured log lines (docs/decisions.md: Logs and metrics).
 * One JSON object per line on stdout: Lambda sends each line to CloudWatch Logs
 * as one event, and CloudWatch extracts the Embedded Metric Format metrics a
 * line declares. Written to stdout directly rather than through console.log,
 * whose Lambda prefix (time, request id, level) would stop a line from being
 * JSON. `ACCOUNTING_LOG_LINES=off` silences them where a person reads the
 * output: the local stack prints its own readable line per request.
 */
export function writeLogLine(record: Record<string, unknown>): void {
  if (process.env.ACCOUNTING_LOG_LINES === 'off') return;
  process.stdout.write(`${JSON.stringify(record)}\n`);
}
