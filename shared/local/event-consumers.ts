import { randomUUID } from 'node:crypto';
import type { ConsumerFunctionDefinition } from '../routes/consumer-registry';
import { matchesPattern, type PatternFields } from '../routes/event-pattern';
import type { BusEvent, LocalEventBus } from './event-bus-api';
import type { HandlerLoader } from './handler-loader';
import { type FunctionError, createLambdaContext, failedInvocationRecord, functionError, lambdaArn } from './lambda-context';
import { type LocalQueue, localQueue } from './sqs-queue-api';

/** An event as a rule hands it to its target: the bus's event without the local `eventBusName`. */
export type DeliveredEvent = Omit<BusEvent, 'eventBusName'>;

/** An event a consumer still failed after every attempt, kept with the reason. */
export interface DeadLetter {
  function: string;
  event: DeliveredEvent;
  error: FunctionError;
  attempts: number;
  failed_at: string;
}

/** How a function ended after Lambda's retries: its result, or its last error. */
type RetriedRun = { attempts: number } & ({ result: unknown } | { error: FunctionError });

/**
 * What the notifier's own destinations put in the queue, on success and on
 * failure alike: its invocation record, whose `requestPayload` is the consumer's.
 */
function notifierInvocationRecord(name: string, consumerRecord: object, outcome: RetriedRun) {
  const failed = 'error' in outcome;
  return {
    version: '1.0',
    timestamp: new Date().toISOString(),
    requestContext: {
      requestId: randomUUID(),
      functionArn: `${lambdaArn(name)}:$LATEST`,
      condition: failed ? 'RetriesExhausted' : 'Success',
      approximateInvokeCount: outcome.attempts,
    },
    requestPayload: consumerRecord,
    responseContext: { statusCode: 200, executedVersion: '$LATEST', ...(failed && { functionError: 'Unhandled' }) },
    responsePayload: failed ? outcome.error : (outcome.result ?? null),
  };
}

/** How one event's delivery to one consumer ended. */
export type DeliveryOutcome =
  | { status: 'succeeded'; consumer: string; event: DeliveredEvent; attempts: number; result: unknown }
  | { status: 'dead-lettered'; consumer: string; event: DeliveredEvent; attempts: number; deadLetter: DeadLetter };

export type DeliveryListener = (outcome: DeliveryOutcome) => void;

/** The local stand-in for the stack's consumer rules, their Lambdas and the dead-letter queue. */
export interface LocalEventConsumers {
  /** Names of the consumers an event put on the default bus reaches, in registry order. */
  consumersOf(event: PatternFields): string[];
  /** Calls `listener` with every delivery that finishes from now on, succeeded or dead-lettered; returns the unsubscribe. */
  onDelivery(listener: DeliveryListener): () => void;
  /** This stack's dead letters still in the dead-letter queue (a redrive deletes one), oldest first. */
  deadLetters(): readonly DeadLetter[];
  /** Resolves once every delivery so far, delayed and repeated ones included, has finished. */
  idle(): Promise<void>;
  /** Stops routing, drops the retries still waiting, and waits for the attempts under way. */
  close(): Promise<void>;
}

export interface EventConsumersOptions {
  bus: LocalEventBus;
  consumers: readonly ConsumerFunctionDefinition[];
  loadHandler: HandlerLoader;
  /**
   * The waits before the second and the third attempt. Lambda makes two retries
   * of a failed asynchronous invocation (the stack's `retryAttempts: 2`), about 1
   * and 2 minutes apart in AWS; locally the default is 200 and 400 ms so that a
   * dead letter shows within a second.
   */
  retryDelaysMs?: readonly [number, number];
  /**
   * The consumers' on-failure destination, loaded like them by `loadHandler`:
   * it gets each dead letter's invocation record, with Lambda's retries, before
   * the record is kept in the dead-letter queue (as the stack chains them).
   */
  deadLetterNotifier?: { name: string; timeoutSeconds: number };
  /**
   * Where dead letters are kept, each message as the deployed queue gets it:
   * the notifier's invocation record wrapping the consumer's, or without a
   * notifier the consumer's alone. A queue of their own when not given.
   */
  deadLetterQueue?: LocalQueue;
  /**
   * The waits of each delivery of an event to a consumer, one per time it is
   * made (the AWS-like mode delays some and makes some twice, as EventBridge
   * may); without it, one delivery at once.
   */
  handOvers?: () => number[];
  log?: (line: string) => void;
}

const defaultRetryDelaysMs = [200, 400] as const;

/** The stack's consumer rules live on the account's default bus, as does everything the service hears. */
const ruleBusName = 'default';

/**
 * Routes the events put on the local default bus to the consumers whose pattern
 * matches (shared/routes/event-pattern.ts, the rule the stack deploys), with
 * Lambda's asynchronous semantics: each matching consumer gets each event once,
 * concurrently with every other delivery (EventBridge serialises nothing); an
 * attempt that throws is retried twice; an event that fails all three goes to
 * the dead-letter notifier (when one is given) and then becomes a dead letter
 * carrying the last error, as the deployed on-failure destinations chain them,
 * and is logged.
 */
export function startEventConsumers(options: EventConsumersOptions): LocalEventConsumers {
  const retryDelaysMs = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const log = options.log ?? (() => undefined);
  const listeners = new Set<DeliveryListener>();
  const deadLetterQueue = options.deadLetterQueue ?? localQueue('dead-letters');
  /** The dead letters of these consumers by the id of their message in the queue. */
  const deadLetters = new Map<string, DeadLetter>();
  const underway = new Set<Promise<void>>();
  const waitingRetries = new Map<NodeJS.Timeout, () => void>();

  const consumersOf = (event: PatternFields) => options.consumers.filter(({ pattern }) => matchesPattern(pattern, event));

  /** Resolves true after `ms`, or false at once if closed meanwhile. */
  const pause = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        waitingRetries.delete(timer);
        resolve(true);
      }, ms);
      waitingRetries.set(timer, () => resolve(false));
    });

  async function attempt(consumer: ConsumerFunctionDefinition, event: DeliveredEvent): Promise<unknown> {
    // A module that fails to load is a function error too (Runtime.ImportModuleError in AWS).
    const handler = await options.loadHandler(consumer.name);
    // A copy per attempt, as each one arrives over the wire: what a handler changes in it stays its own.
    return handler(structuredClone(event), createLambdaContext(consumer.name, consumer.timeoutSeconds * 1000));
  }

  /**
   * Runs `run` with Lambda's asynchronous retries: the result once an attempt
   * succeeded, the last error once every attempt failed, or 'closed'.
   */
  async function withRetries(name: string, run: () => Promise<unknown>): Promise<RetriedRun | 'closed'> {
    for (let attemptNumber = 1; ; attemptNumber += 1) {
      try {
        return { attempts: attemptNumber, result: await run() };
      } catch (thrown) {
        const error = functionError(thrown);
        const retryDelay = retryDelaysMs[attemptNumber - 1];
        if (retryDelay === undefined) return { attempts: attemptNumber, error };
        log(`${name} failed (attempt ${attemptNumber}), retrying in ${retryDelay} ms: ${error.errorType}: ${error.errorMessage}`);
        if (!(await pause(retryDelay))) return 'closed';
      }
    }
  }

  /**
   * Hands a dead letter's invocation record to the on-failure destination, as
   * Lambda does, and keeps what reaches the queue; false when closed meanwhile.
   */
  async function keepDeadLetter(deadLetter: DeadLetter): Promise<boolean> {
    const record = failedInvocationRecord(deadLetter.function, deadLetter.event, deadLetter.error, deadLetter.attempts, deadLetter.failed_at);
    const notifier = options.deadLetterNotifier;
    let message: object = record;
    if (notifier) {
      const outcome = await withRetries(notifier.name, async () => {
        const handler = await options.loadHandler(notifier.name);
        return handler(structuredClone(record), createLambdaContext(notifier.name, notifier.timeoutSeconds * 1000));
      });
      if (outcome === 'closed') return false;
      // Its own failure does not hold the record back: the stack sends it to the queue on failure too.
      if ('error' in outcome) {
        log(`${notifier.name} failed on ${deadLetter.function}'s dead letter: ${outcome.error.errorType}: ${outcome.error.errorMessage}`);
      }
      message = notifierInvocationRecord(notifier.name, record, outcome);
    }
    deadLetters.set(deadLetterQueue.send(JSON.stringify(message)), deadLetter);
    return true;
  }

  /** Resolves with the outcome, or undefined when closed before one. */
  async function deliver(consumer: ConsumerFunctionDefinition, event: DeliveredEvent): Promise<DeliveryOutcome | undefined> {
    const described = `${event.source} ${event['detail-type']} ${event.id}`;
    const attempts = retryDelaysMs.length + 1;
    for (let attemptNumber = 1; ; attemptNumber += 1) {
      try {
        const result = await attempt(consumer, event);
        log(`${consumer.name} handled ${described}`);
        return { status: 'succeeded', consumer: consumer.name, event, attempts: attemptNumber, result };
      } catch (thrown) {
        const error = functionError(thrown);
        const retryDelay = retryDelaysMs[attemptNumber - 1];
        if (retryDelay === undefined) {
          const deadLetter: DeadLetter = {
            function: consumer.name,
            event,
            error,
            attempts,
            failed_at: new Date().toISOString(),
          };
          if (!(await keepDeadLetter(deadLetter))) return undefined;
          log(
            `${consumer.name} dead letter: ${described} failed ${attempts} times: ` +
              `${error.errorType}: ${error.errorMessage}`,
          );
          return { status: 'dead-lettered', consumer: consumer.name, event, attempts, deadLetter };
        }
        log(
          `${consumer.name} failed ${described} (attempt ${attemptNumber} of ${attempts}), ` +
            `retrying in ${retryDelay} ms: ${error.errorType}: ${error.errorMessage}`,
        );
        if (!(await pause(retryDelay))) return undefined;
      }
    }
  }

  const unsubscribe = options.bus.subscribe(({ eventBusName, ...event }) => {
    if (eventBusName !== ruleBusName) return;
    for (const consumer of consumersOf(event)) {
      for (const wait of options.handOvers?.() ?? [0]) {
        // Listeners hear of the outcome outside the attempts: their errors are not the consumer's.
        const delivery: Promise<void> = (wait > 0 ? pause(wait) : Promise.resolve(true))
          .then((open) => (open ? deliver(consumer, event) : undefined))
          .then((outcome) => {
            if (outcome) for (const listener of listeners) listener(outcome);
          })
          .catch((error: unknown) => console.error('A delivery listener failed:', error))
          .finally(() => underway.delete(delivery));
        underway.add(delivery);
      }
    }
  });

  return {
    consumersOf: (event) => consumersOf(event).map(({ name }) => name),
    onDelivery: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deadLetters: () => deadLetterQueue.messages().flatMap((message) => deadLetters.get(message.messageId) ?? []),
    idle: async () => {
      while (underway.size > 0) await Promise.allSettled([...underway]);
    },
    close: async () => {
      unsubscribe();
      for (const [timer, abandon] of waitingRetries) {
        clearTimeout(timer);
        abandon();
      }
      waitingRetries.clear();
      await Promise.allSettled([...underway]);
    },
  };
}
