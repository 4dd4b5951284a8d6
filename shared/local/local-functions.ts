import { backgroundFunctions } from '../routes/background-registry';
import { consumerFunctions, deadLetterNotifierFunction, meteredLineFilter, usageMeterAggregatorFunction } from '../routes/consumer-registry';
import { operatorFunctions } from '../routes/operator-registry';
import { httpRoutes } from '../routes/registry';
import { apiBasePath, routeTimeoutSeconds } from '../http/route-definition';
import { eventBridge } from '../bus/outgoing-events';
import { dynamo } from '../db/client';
import { lambda } from '../exports/build-jobs';
import { s3 } from '../s3/client';
import { sqs } from '../sqs/dead-letter-queue';
import { startAwsApiServer, type AwsApiServer } from './aws-api-server';
import { type AwsLike, type AwsLikeOptions, awsLikeMode } from './aws-like';
import { attachAwsLikeDynamo } from './aws-like-dynamodb';
import { defaultAwsLikeOptions } from './aws-like-options';
import { attachAwsLikeS3 } from './aws-like-s3';
import { applyEnvironment, localDeadLetterQueueName } from './environment';
import { type LocalEventBus, localEventBus } from './event-bus-api';
import { type LocalEventConsumers, startEventConsumers } from './event-consumers';
import { entryFileLoader, type HandlerLoader } from './handler-loader';
import { startHttpApi } from './http-api-server';
import { lambdaEnvironments } from './lambda-environments';
import { lambdaInvokeApi } from './lambda-invoke-api';
import { type LocalLogSubscription, startLogSubscription } from './log-subscription';
import { startScheduleTimers } from './schedule-timers';
import type { RunningServer } from './server-lifecycle';
import { type LocalQueue, localQueue } from './sqs-queue-api';

export interface LocalFunctionsOptions {
  /** 0 picks a free port. */
  apiPort: number;
  /** 0 picks a free port. */
  operatorPort: number;
  /** Run scheduled functions on timers (`npm start`); tests invoke them when they choose. */
  runSchedules?: boolean;
  /** How often the log subscription hands the metered request lines to the aggregator; 0: only when flushed (the bench). */
  logDeliveryIntervalMs?: number;
  /** Behave like AWS (shared/local/aws-like.ts): these options over the defaults; off when not given. */
  awsLike?: Partial<AwsLikeOptions>;
  log?: (line: string) => void;
}

/** The two local front doors: the HTTP API and the loopback AWS API port. */
export interface LocalFunctions {
  api: RunningServer;
  /** Lambda Invoke API (operator, background and consumer functions), EventBridge PutEvents and SQS. */
  aws: AwsApiServer;
  bus: LocalEventBus;
  /** The consumers the bus's events are routed to, their deliveries and dead letters. */
  consumers: LocalEventConsumers;
  /** The route functions' metered request lines, handed to the usage meter aggregator. */
  logSubscription: LocalLogSubscription;
  /** Where the consumers' and the aggregator's dead letters are kept, served with the SQS API at `deadLetterQueueUrl`. */
  deadLetterQueue: LocalQueue;
  deadLetterQueueUrl: string;
  /** The AWS-like mode, when on: its options and what it injected. */
  awsLike?: AwsLike;
  close(): Promise<void>;
}

/**
 * Serves every registry route, operator and background function from the entry
 * files the Lambdas are built from, and the local event bus with the consumers
 * its events are routed to and their dead-letter queue. The environment
 * (shared/config.ts and the SDK's endpoint variables) must be set before the
 * first request arrives; this process's Lambda and EventBridge clients are
 * pointed at the local AWS API port here, so a route that starts the export
 * worker or publishes an event reaches the local ones.
 */
export async function startLocalFunctions(options: LocalFunctionsOptions): Promise<LocalFunctions> {
  const awsLike = options.awsLike ? awsLikeMode(options.awsLike) : undefined;
  // Lambda's size limits are AWS's contract, not a fault: every mode holds to them, the AWS-like one with its own figures.
  const { lambdaResponseLimitBytes, asyncInvokePayloadLimitBytes } = awsLike?.options ?? defaultAwsLikeOptions;
  const environments = lambdaEnvironments(awsLike && { freezeMs: awsLike.options.lambdaFreezeMs, counts: awsLike.counts });
  const api = await startHttpApi({
    routes: httpRoutes.map((route) => ({ path: route.path, name: route.name, timeoutSeconds: routeTimeoutSeconds(route) })),
    loadHandler: entryFileLoader('http', environments),
    basePath: apiBasePath,
    port: options.apiPort,
    log: options.log,
    responseLimitBytes: lambdaResponseLimitBytes,
  });
  // The handlers of this process share dynamo() and s3(); the faults are attached here, never by an import.
  const detachDynamo = awsLike ? attachAwsLikeDynamo(dynamo(), awsLike) : () => undefined;
  let detachS3: () => void = () => undefined;
  let detachWatch: () => void = () => undefined;
  try {
    const bus = localEventBus({ log: options.log });
    const deadLetterQueue = localQueue(localDeadLetterQueueName);
    const background = entryFileLoader('background', environments);
    const operators = entryFileLoader('operator', environments);
    const consumerHandlers = entryFileLoader('consumer', environments);
    const backgroundNames = new Set(backgroundFunctions.map((fn) => fn.name));
    const consumerNames = new Set([...consumerFunctions, usageMeterAggregatorFunction].map((fn) => fn.name));
    const loadDirect: HandlerLoader = (name) => {
      if (backgroundNames.has(name)) return background(name);
      return consumerNames.has(name) ? consumerHandlers(name) : operators(name);
    };
    // Consumers and the aggregator are invocable too, as in AWS: a dead letter's redrive runs its function again, synchronously.
    const invocable = [...operatorFunctions, ...backgroundFunctions, ...consumerFunctions, usageMeterAggregatorFunction];
    const invokeApi = lambdaInvokeApi({
      functions: invocable,
      loadHandler: loadDirect,
      deferAsync: awsLike?.deferInvocation,
      responseLimitBytes: lambdaResponseLimitBytes,
      asyncPayloadLimitBytes: asyncInvokePayloadLimitBytes,
    });
    const aws = await startAwsApiServer({
      port: options.operatorPort,
      apis: [
        invokeApi,
        bus.api,
        deadLetterQueue.api,
      ],
    });
    applyEnvironment({
      AWS_ENDPOINT_URL_LAMBDA: aws.url,
      AWS_ENDPOINT_URL_EVENTBRIDGE: aws.url,
      AWS_ENDPOINT_URL_SQS: aws.url,
      DEAD_LETTER_QUEUE_URL: `${aws.url}${deadLetterQueue.path}`,
      ...(awsLike && { EXPORT_SETTLE_MS: String(awsLike.options.exportSettleMs) }),
    });
    // s3() reads the service's configuration, which is whole only now.
    if (awsLike) detachS3 = attachAwsLikeS3(s3(), awsLike);
    detachWatch = environments.watchClients([dynamo(), s3(), eventBridge(), lambda(), sqs()]);
    const consumers = startEventConsumers({
      bus,
      consumers: consumerFunctions,
      loadHandler: consumerHandlers,
      deadLetterNotifier: deadLetterNotifierFunction,
      deadLetterQueue,
      handOvers: awsLike && (() => awsLike.handOvers('busDelivery')),
      log: options.log,
    });
    const logSubscription = startLogSubscription({
      routes: httpRoutes,
      filter: meteredLineFilter,
      destination: usageMeterAggregatorFunction,
      loadHandler: consumerHandlers,
      intervalMs: options.logDeliveryIntervalMs,
      deadLetterQueue,
      controlMessage: awsLike?.sendsControlMessage,
      handOvers: awsLike && (() => awsLike.handOvers('asyncInvocation')),
      log: options.log,
    });
    const stopTimers = options.runSchedules
      ? startScheduleTimers(
          backgroundFunctions,
          background,
          options.log ?? (() => undefined),
          awsLike && { overlap: awsLike.overlapsSchedule },
        )
      : () => undefined;
    return {
      api,
      aws,
      bus,
      consumers,
      logSubscription,
      deadLetterQueue,
      deadLetterQueueUrl: `${aws.url}${deadLetterQueue.path}`,
      awsLike,
      close: async () => {
        stopTimers();
        environments.close();
        // Deliveries and asynchronous invocations under way (an export's build) still reach the table; the servers go
        // once they are done, so none outlives the stack and meets a table that is gone.
        await Promise.all([consumers.close(), logSubscription.close(), awsLike?.close(), invokeApi.idle()]);
        detachDynamo();
        detachS3();
        detachWatch();
        await Promise.all([api.close(), aws.close()]);
      },
    };
  } catch (error) {
    detachDynamo();
    detachS3();
    detachWatch();
    await api.close();
    throw error;
  }
}
