import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from '../lambda/scheduled-event';
import type { BackgroundFunctionDefinition } from '../routes/background-registry';
import { localAccountId, localRegion } from './environment';
import type { HandlerLoader } from './handler-loader';
import { createLambdaContext } from './lambda-context';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/**
 * The first instant after `now` (epoch ms) a scheduled function is due, as
 * its EventBridge schedule would fire it: on the next whole multiple of its
 * minutes, or at its next daily UTC time; undefined when it has no schedule.
 */
export function nextRunAfter(fn: BackgroundFunctionDefinition, now: number): number | undefined {
  if (fn.everyMinutes) {
    const period = fn.everyMinutes * minuteMs;
    return now - (now % period) + period;
  }
  if (fn.dailyAtUtc) {
    const today = now - (now % dayMs) + (fn.dailyAtUtc.hour * 60 + fn.dailyAtUtc.minute) * minuteMs;
    return today > now ? today : today + dayMs;
  }
  return undefined;
}

/**
 * The event an EventBridge schedule rule of `functionName` delivers for the
 * run due at `scheduled`, as the deployed function receives it: the local
 * account and region, the rule's ARN, the time to the second.
 */
export function localScheduledEvent(functionName: string, scheduled: Date): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: localAccountId,
    time: scheduled.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: localRegion,
    resources: [`arn:aws:events:${localRegion}:${localAccountId}:rule/${functionName}-schedule`],
    detail: {},
  };
}

/**
 * How the AWS-like mode runs schedules: as EventBridge does, a run starts when
 * due whether or not the last one ended, and `overlap()` says when a due run
 * is started twice at once (one scheduled event delivered twice).
 */
export interface OverlappingSchedules {
  overlap(): boolean;
}

/**
 * Runs each scheduled background function when it is due (every
 * `everyMinutes`, or daily at `dailyAtUtc`), with the event an EventBridge
 * schedule delivers. A run still busy when the next is due is not started
 * twice, unless `overlapping` is given (the AWS-like mode). Returns the stop
 * function.
 */
export function startScheduleTimers(
  functions: readonly BackgroundFunctionDefinition[],
  loadHandler: HandlerLoader,
  log: (line: string) => void,
  overlapping?: OverlappingSchedules,
): () => void {
  const timers = new Map<string, NodeJS.Timeout>();
  for (const fn of functions) {
    if (nextRunAfter(fn, Date.now()) === undefined) continue;
    let running = 0;
    const run = (scheduled: Date) => {
      running += 1;
      loadHandler(fn.name)
        .then((handler) =>
          handler(localScheduledEvent(fn.name, scheduled), createLambdaContext(fn.name, fn.timeoutSeconds * 1000)),
        )
        .then((result) => log(`${fn.name} ${JSON.stringify(result)}`))
        .catch((error: unknown) => log(`${fn.name} failed: ${String(error)}`))
        .finally(() => {
          running -= 1;
        });
    };
    const tick = (scheduled: Date) => {
      if (running > 0 && !overlapping) return;
      run(scheduled);
      if (overlapping?.overlap()) {
        log(`${fn.name}: a second run of ${scheduled.toISOString()} while the first runs (AWS-like mode)`);
        run(scheduled);
      }
    };
    const arm = () => {
      const due = nextRunAfter(fn, Date.now()) as number;
      const timer = setTimeout(() => {
        tick(new Date(due));
        arm();
      }, due - Date.now());
      timer.unref();
      timers.set(fn.name, timer);
    };
    arm();
  }
  return () => {
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
