import * as z from 'zod/mini';
import type { ValidationIssue } from '../domain/errors';
import type { RunMetrics } from '../observability/run-log';
import { payloadHandler } from './payload-handler';

/**
 * The event an EventBridge schedule (a rule's rate or cron expression)
 * delivers, and nothing else: strict, so a payload meant for an operator
 * (`{dt, orgcode}`) is refused instead of quietly running the schedule's own
 * work. `time` is the scheduled instant, so a run late by a few seconds still
 * works on its own minute; `replay-name` is what EventBridge adds to an event
 * replayed from an archive.
 */
export const scheduledEvent = z.strictObject({
  version: z.literal('0'),
  id: z.string(),
  'detail-type': z.literal('Scheduled Event'),
  source: z.literal('aws.events'),
  account: z.string(),
  time: z.iso.datetime({ offset: true }),
  region: z.string(),
  resources: z.array(z.string()),
  detail: z.strictObject({}),
  'replay-name': z.optional(z.string()),
});
export type ScheduledEvent = z.infer<typeof scheduledEvent>;

/** What a scheduled function's handler reads of its registry entry (shared/routes/background-registry.ts). */
export interface ScheduledFunction {
  name: string;
  everyMinutes?: number;
  dailyAtUtc?: { hour: number; minute: number };
  byHand?: string;
}

/** What a scheduled function answers a payload that is not its schedule's event: what to do instead, then what was wrong. */
function refusal(fn: ScheduledFunction): (issues: ValidationIssue[]) => string {
  const period = fn.everyMinutes === 1 ? 'a minute' : `${fn.everyMinutes} minutes`;
  const instead = fn.byHand ?? `it needs no run by hand: the next is at most ${period} away`;
  return (issues) => {
    const shown = issues.slice(0, 3).map((issue) => `${issue.path || 'payload'}: ${issue.message}`);
    const wrong = [...shown, ...(issues.length > shown.length ? [`${issues.length - shown.length} more`] : [])].join('; ');
    return `${fn.name} runs only on its schedule; ${instead}. It takes only the EventBridge Scheduled Event its schedule sends (${wrong})`;
  };
}

/**
 * The handler of a scheduled background function (its registry entry names
 * the schedule): `run` is given the scheduled instant of the event, and any
 * other payload is refused with the way to do the work by hand. A run that
 * succeeds reports how long after its scheduled instant it finished
 * (`lateness_ms`), beside its own figures: a daily rollup's lateness and last
 * run on the operations dashboard.
 */
export function scheduledHandler<Result>(
  fn: ScheduledFunction,
  run: (scheduledAt: Date) => Promise<Result>,
  options: { metricsOf?: (result: Result) => RunMetrics } = {},
) {
  if (fn.everyMinutes === undefined && fn.dailyAtUtc === undefined) throw new Error(`${fn.name} is not a scheduled background function`);
  return payloadHandler(scheduledEvent, (event) => run(new Date(event.time)), {
    metricsOf: (result, event): RunMetrics => ({ ...options.metricsOf?.(result), lateness_ms: Date.now() - Date.parse(event.time) }),
    refusal: refusal(fn),
  });
}
