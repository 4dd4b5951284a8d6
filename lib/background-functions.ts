import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { NagSuppressions } from 'cdk-nag';
import { Construct, type IConstruct } from 'constructs';
import {
  type BackgroundFunctionDefinition,
  exportWorkerFunctionName,
} from '../shared/routes/background-registry';
import { maxBuildAttempts } from '../shared/exports/build-faults';
import { AccountingFunction, type ServiceBindings } from './accounting-function';
import { constructId } from './construct-id';

export interface BackgroundFunctionsProps {
  /** The background function registry (shared/routes/background-registry.ts). */
  definitions: readonly BackgroundFunctionDefinition[];
  /** Without `exportWorker`: this construct builds the worker and hands it on. */
  bindings: ServiceBindings;
}

/** Background functions share one role family; within it, functions with equal `stores` share a role. */
export const backgroundFamily = 'background';

/**
 * Lambda retries a failed asynchronous run of the worker twice; an event still
 * queued after an hour (throttling, an outage) is dropped. No dead-letter queue:
 * every build is first written to the work queue in the table, and the
 * scheduler's sweep restarts work that no run finished, so a dropped or
 * exhausted invocation costs time, never an export.
 */
const workerAsyncInvoke = { retryAttempts: 2, maxEventAge: Duration.hours(1) };

/** Lambda's limit on how long an asynchronous event may wait. */
const maxEventAgeMinutes = 6 * 60;

/**
 * Functions that run in the background, one per registry entry: the export
 * worker, started asynchronously by the routes and the scheduler that start
 * builds, and the scheduled functions, each on an EventBridge schedule. Like
 * operator functions they are not behind the API.
 *
 * The worker is built first, so that every other function, here and in the
 * rest of the stack, can be given its name and the right to invoke it
 * (`exportWorker` of the bindings this construct returns).
 */
export class BackgroundFunctions extends Construct {
  readonly functions: ReadonlyMap<string, AccountingFunction>;
  readonly exportWorker: AccountingFunction;
  /** The stack's bindings, now with the export worker. */
  readonly bindings: ServiceBindings;
  /** EventBridge schedules by function name, for the functions that run every n minutes or daily. */
  readonly schedules: ReadonlyMap<string, events.Rule>;

  constructor(scope: Construct, id: string, props: BackgroundFunctionsProps) {
    super(scope, id);
    const workerDefinition = props.definitions.find((definition) => definition.name === exportWorkerFunctionName);
    if (!workerDefinition) throw new Error(`The background registry has no ${exportWorkerFunctionName}`);

    const functions = new Map<string, AccountingFunction>();
    const schedules = new Map<string, events.Rule>();
    const build = (definition: BackgroundFunctionDefinition, bindings: ServiceBindings) => {
      if (functions.has(definition.name)) throw new Error(`Duplicate background function: ${definition.name}`);
      const handler = new AccountingFunction(
        this,
        constructId(definition.name),
        {
          entry: join(bindings.projectRoot, 'functions', 'background', `${definition.name}.ts`),
          description: definition.description,
          family: backgroundFamily,
          stores: definition.stores,
          timeout: Duration.seconds(definition.timeoutSeconds),
          memorySize: definition.memoryMb,
        },
        bindings,
      );
      functions.set(definition.name, handler);
      if (definition.everyMinutes !== undefined) {
        schedules.set(definition.name, this.schedule(definition.name, handler, definition.everyMinutes));
      } else if (definition.dailyAtUtc !== undefined) {
        schedules.set(definition.name, this.scheduleDaily(definition.name, handler, definition.dailyAtUtc));
      }
      return handler;
    };

    this.exportWorker = build(workerDefinition, props.bindings);
    this.exportWorker.function.configureAsyncInvoke(workerAsyncInvoke);
    withoutFailureDestination(
      this.exportWorker,
      'A failed or dropped run of the export worker loses no export: every build is first written to the work queue in ' +
        'the table, and the scheduler\'s sweep restarts work no run finished (after attempt ' + maxBuildAttempts + ' the build fails as ' +
        'build_abandoned). A destination would keep a copy of work the table already holds.',
    );
    this.bindings = { ...props.bindings, exportWorker: this.exportWorker.function };
    for (const definition of props.definitions) {
      if (definition !== workerDefinition) build(definition, this.bindings);
    }
    // Registry order, whatever the build order.
    this.functions = new Map(props.definitions.map((definition) => [definition.name, functions.get(definition.name)!]));
    this.schedules = schedules;
  }

  /**
   * Runs `handler` every `minutes`, with no retry at either level (EventBridge
   * delivering, Lambda running): the next run is the retry, and a retried run
   * would only overlap it. An invocation still queued when the next one is due
   * is dropped for the same reason (Lambda keeps an event at most 6 hours).
   */
  private schedule(name: string, handler: AccountingFunction, minutes: number): events.Rule {
    const interval = Duration.minutes(minutes);
    handler.function.configureAsyncInvoke({
      retryAttempts: 0,
      maxEventAge: Duration.minutes(Math.min(minutes, maxEventAgeMinutes)),
    });
    const nextRunRetries =
      'The next run, minutes later, is the retry: it does the same work, and a kept schedule event would be replayed ' +
      'by nobody. Failed runs raise the function-errors alarm.';
    withoutFailureDestination(handler, nextRunRetries);
    const rule = new events.Rule(handler, 'Schedule', {
      description: `Runs the ${name} function every ${minutes} minute(s)`,
      schedule: events.Schedule.rate(interval),
      targets: [new targets.LambdaFunction(handler.function, { retryAttempts: 0 })],
    });
    NagSuppressions.addResourceSuppressions(rule, [{ id: 'Serverless-EventBusDLQ', reason: nextRunRetries }]);
    return rule;
  }

  /**
   * Runs `handler` once a day at `at` UTC (EventBridge cron runs in UTC).
   * Unlike a job every minute, the next run does another day's work, so a
   * failed run is retried, twice at each level: a daily job must be idempotent.
   */
  private scheduleDaily(name: string, handler: AccountingFunction, at: { hour: number; minute: number }): events.Rule {
    handler.function.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.minutes(maxEventAgeMinutes) });
    const dayRerunRecovers =
      'A daily run that still fails after its retries raises the function-errors alarm; the remedy is re-running that ' +
      'day through the job\'s operator function (idempotent, it overwrites the same keys), not replaying a schedule ' +
      'event that carries nothing but its time.';
    withoutFailureDestination(handler, dayRerunRecovers);
    const time = `${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`;
    const rule = new events.Rule(handler, 'Schedule', {
      description: `Runs the ${name} function daily at ${time} UTC`,
      schedule: events.Schedule.cron({ minute: String(at.minute), hour: String(at.hour) }),
      targets: [new targets.LambdaFunction(handler.function, { retryAttempts: 2 })],
    });
    NagSuppressions.addResourceSuppressions(rule, [{ id: 'Serverless-EventBusDLQ', reason: dayRerunRecovers }]);
    return rule;
  }
}

/** Records, on the function's async invoke config, why its failed events are not kept. */
function withoutFailureDestination(handler: AccountingFunction, reason: string): void {
  const invokeConfig: IConstruct = handler.function.node.findChild('EventInvokeConfig');
  NagSuppressions.addResourceSuppressions(invokeConfig, [{ id: 'Serverless-LambdaAsyncFailureDestination', reason }], true);
}
