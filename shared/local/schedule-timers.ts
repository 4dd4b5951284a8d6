import type { BackgroundFunctionDefinition } from '../routes/background-registry';
import type { HandlerLoader } from './handler-loader';
import { createLambdaContext } from './lambda-context';

const minuteMs = 60_000;

/**
 * Runs each scheduled background function on the minute, every `everyMinutes`,
 * with the event an EventBridge schedule delivers; a run still busy when the
 * next is due is not started twice. Returns the stop function.
 */
export function startScheduleTimers(
  functions: readonly BackgroundFunctionDefinition[],
  loadHandler: HandlerLoader,
  log: (line: string) => void,
): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const fn of functions) {
    if (!fn.everyMinutes) continue;
    const period = fn.everyMinutes * minuteMs;
    let running = false;
    const tick = (scheduled: Date) => {
      if (running) return;
      running = true;
      loadHandler(fn.name)
        .then((handler) =>
          handler(
            { 'detail-type': 'Scheduled Event', source: 'aws.events', time: scheduled.toISOString().replace(/\.\d{3}Z$/, 'Z'), detail: {} },
            createLambdaContext(fn.name, fn.timeoutSeconds * 1000),
          ),
        )
        .then((result) => log(`${fn.name} ${JSON.stringify(result)}`))
        .catch((error: unknown) => log(`${fn.name} failed: ${String(error)}`))
        .finally(() => {
          running = false;
        });
    };
    const firstDelay = period - (Date.now() % period);
    const start = setTimeout(() => {
      tick(new Date(Math.round(Date.now() / minuteMs) * minuteMs));
      const every = setInterval(() => tick(new Date(Math.round(Date.now() / minuteMs) * minuteMs)), period);
      every.unref();
      timers.push(every);
    }, firstDelay);
    start.unref();
    timers.push(start);
  }
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}
