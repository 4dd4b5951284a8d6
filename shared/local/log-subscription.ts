import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import type { LogEvent } from '../domain/usage/metered-lines';
import { logSubscriptionEvent } from '../lambda/log-subscription-handler';
import { addLogLineSink } from '../observability/log-line';
import type { RouteDefinition } from '../http/route-definition';
import type { HandlerLoader } from './handler-loader';
import { createLambdaContext, failedInvocationRecord, functionError } from './lambda-context';
import type { LocalQueue } from './sqs-queue-api';

/** The local stand-in for the stack's log subscriptions: the metered request lines, handed to the aggregator. */
export interface LocalLogSubscription {
  /** Delivers every line collected so far and resolves once the subscribed function has handled them all, or dead-lettered them. */
  flush(): Promise<void>;
  /** Stops collecting, then flushes. */
  close(): Promise<void>;
}

export interface LogSubscriptionOptions {
  /** The route functions whose log groups are subscribed; a line names its route by path. */
  routes: readonly RouteDefinition[];
  /** Each field of a line passed on must equal its value (the stack's filter pattern). */
  filter: Readonly<Record<string, string | number>>;
  /** The subscribed function, loaded by `loadHandler`. */
  destination: { name: string; timeoutSeconds: number };
  loadHandler: HandlerLoader;
  /** Where a batch goes once every attempt failed: the function's on-failure destination. */
  deadLetterQueue: LocalQueue;
  /**
   * How often collected lines are delivered (CloudWatch Logs delivers within
   * seconds); 0 delivers them only on flush and close, so nothing the
   * aggregator does runs beside what a caller measures (the bench).
   */
  intervalMs?: number;
  /** Waits before the second and third attempt (Lambda's two retries of an asynchronous invocation). */
  retryDelaysMs?: readonly [number, number];
  /** Whether a delivery is preceded by a CONTROL_MESSAGE (the AWS-like mode); never without it. */
  controlMessage?: () => boolean;
  /**
   * The waits of each invocation of the destination, one per time it is made
   * (the AWS-like mode delays some and makes some twice, as Lambda's
   * asynchronous invocations may be); without it, once at once.
   */
  handOvers?: () => number[];
  log?: (line: string) => void;
}

/** CloudWatch Logs puts at most this many events in one subscription batch. */
const maxEventsPerBatch = 10_000;

/**
 * A CONTROL_MESSAGE as CloudWatch Logs sends it to check that a destination
 * answers: no log group or stream, one log event whose `id` is empty (the shape
 * in "Using CloudWatch Logs subscription filters", Logs user guide).
 */
function controlMessageEvent(): { awslogs: { data: string } } {
  const message = {
    messageType: 'CONTROL_MESSAGE',
    owner: 'CloudwatchLogs',
    logGroup: '',
    logStream: '',
    subscriptionFilters: [],
    logEvents: [{ id: '', timestamp: Date.now(), message: 'CWL CONTROL MESSAGE: Checking health of destination Lambda function.' }],
  };
  return { awslogs: { data: gzipSync(JSON.stringify(message)).toString('base64') } };
}

/**
 * Subscribes, in-process, to the log lines the route functions write (the local
 * stack's functions share one process and keep stdout quiet, so the lines are
 * taken from shared/observability/log-line.ts's sink), keeps those `filter`
 * passes per route function, and every `intervalMs` hands each function's lines
 * to `destination` as CloudWatch Logs does: a gzipped, base64-encoded batch of
 * one log group and stream, invoked asynchronously, retried twice, then the
 * invocation record in the dead-letter queue.
 */
export function startLogSubscription(options: LogSubscriptionOptions): LocalLogSubscription {
  const intervalMs = options.intervalMs ?? 200;
  const retryDelaysMs = options.retryDelaysMs ?? [200, 400];
  const log = options.log ?? (() => undefined);
  const functionOfPath = new Map(options.routes.map((route) => [route.path, route.name]));
  /** One log stream per process, as one Lambda environment writes one. */
  const logStream = `local/[$LATEST]${randomBytes(16).toString('hex')}`;
  const pending = new Map<string, LogEvent[]>();
  const underway = new Set<Promise<void>>();
  let sequence = 0;

  const stopCollecting = addLogLineSink((line, record) => {
    if (!Object.entries(options.filter).every(([field, value]) => record[field] === value)) return;
    const logGroup = `/aws/lambda/${functionOfPath.get(String(record.route)) ?? 'unrouted'}`;
    sequence += 1;
    const event = { id: String(sequence).padStart(20, '0'), timestamp: Date.now(), message: line };
    const events = pending.get(logGroup);
    if (events) events.push(event);
    else pending.set(logGroup, [event]);
  });

  /** Invokes the destination with `payload` as an asynchronous invocation: retried twice, then dead-lettered. */
  async function deliver(payload: object, described: string): Promise<void> {
    const { name, timeoutSeconds } = options.destination;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const handler = await options.loadHandler(name);
        await handler(structuredClone(payload), createLambdaContext(name, timeoutSeconds * 1000));
        return;
      } catch (thrown) {
        const error = functionError(thrown);
        const retryDelay = retryDelaysMs[attempt - 1];
        if (retryDelay === undefined) {
          options.deadLetterQueue.send(JSON.stringify(failedInvocationRecord(name, payload, error, attempt, new Date().toISOString())));
          log(`${name} dead letter: ${described} failed ${attempt} times: ${error.errorType}: ${error.errorMessage}`);
          return;
        }
        log(`${name} failed on ${described} (attempt ${attempt}), retrying in ${retryDelay} ms: ${error.errorType}: ${error.errorMessage}`);
        await sleep(retryDelay);
      }
    }
  }

  function deliverPending(): void {
    for (const [logGroup, events] of pending) {
      for (let start = 0; start < events.length; start += maxEventsPerBatch) {
        const batch = { logGroup, logStream, logEvents: events.slice(start, start + maxEventsPerBatch) };
        const payloads = [
          ...(options.controlMessage?.() ? [[controlMessageEvent(), 'a control message'] as const] : []),
          [logSubscriptionEvent(batch), `${batch.logEvents.length} lines of ${logGroup}`] as const,
        ];
        for (const [payload, described] of payloads) {
          for (const wait of options.handOvers?.() ?? [0]) {
            const delivery = sleep(wait)
              .then(() => deliver(payload, described))
              .finally(() => underway.delete(delivery));
            underway.add(delivery);
          }
        }
      }
    }
    pending.clear();
  }

  const timer = intervalMs > 0 ? setInterval(deliverPending, intervalMs) : undefined;
  // The timer alone never keeps a process (a test worker, `npm start` being stopped) alive.
  timer?.unref();

  const flush = async () => {
    deliverPending();
    while (underway.size > 0) await Promise.allSettled([...underway]);
  };
  return {
    flush,
    close: async () => {
      clearInterval(timer);
      stopCollecting();
      await flush();
    },
  };
}
