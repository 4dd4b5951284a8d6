import { seededRandom } from '../seeded-random';
import { type AwsLikeCounts, type AwsLikeOptions, checkedReplicas, defaultAwsLikeOptions } from './aws-like-options';
import { type PartitionMeter, partitionMeter } from './aws-like-partition-throughput';

// The mode's entry point: what the local stack, npm start and the suites import of its options.
export { type AwsLikeCounts, type AwsLikeOptions, awsLikeFromVariable } from './aws-like-options';

type Stream =
  | 'transactions'
  | 'writes'
  | 'writeConflicts'
  | 'staleImages'
  | 'replicas'
  | 'asyncInvocations'
  | 'busDeliveries'
  | 'schedules'
  | 'controlMessages'
  | 'objectWrites';

/**
 * The AWS-like mode of one local stack: its options (aws-like-options.ts says
 * what each injects and AWS's word for it), its seeded draws and what it
 * injected. The local stack attaches the client faults (aws-like-dynamodb.ts,
 * aws-like-s3.ts); the hand-overs are drawn here.
 */
export interface AwsLike {
  readonly options: Readonly<AwsLikeOptions>;
  readonly counts: AwsLikeCounts;
  /** Units consumed per partition key (`partitions.consumed('ORG#…#ORG_RATE')`) and what is left of each one's second. */
  readonly partitions: PartitionMeter;
  /**
   * Sets rates, delays, the index lag and the replicas from now on (a test
   * raises throttling around one flow, as a hot partition would); the seed
   * stays, and so does the export settle the stack derived from the lag it
   * started with. A write already made keeps the lag it was made under.
   */
  setRates(rates: Partial<Omit<AwsLikeOptions, 'seed'>>): void;
  /** The next draw of a stream, in [0, 1). */
  draw(stream: Stream): number;
  /** Whether a schedule's due run is started a second time while the first runs; counted. */
  overlapsSchedule(): boolean;
  /** Whether a log subscription delivery is preceded by a CONTROL_MESSAGE; counted. */
  sendsControlMessage(): boolean;
  /** The waits of one asynchronous hand-over: one per time it is made (two when repeated), counted. */
  handOvers(kind: 'asyncInvocation' | 'busDelivery'): number[];
  /** Runs `run` after each of an asynchronous invocation's waits; a failure goes to `onError`, as Lambda logs it. */
  deferInvocation(run: () => Promise<unknown>, onError: (error: unknown) => void): void;
  /** Resolves once every deferred invocation so far (and those they deferred) has run and finished. */
  idle(): Promise<void>;
  /** Drops the deferred invocations still waiting and waits for those under way. */
  close(): Promise<void>;
}

const streamSalt = (stream: Stream) => [...stream].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 2_166_136_261);

/** The mode with `overrides` over the defaults; each kind of fault draws from its own stream, so one kind's traffic never shifts another's. */
export function awsLikeMode(overrides: Partial<AwsLikeOptions> = {}): AwsLike {
  const options = checkedReplicas({ ...defaultAwsLikeOptions, ...overrides });
  const streams = new Map<Stream, () => number>();
  const counts: AwsLikeCounts = {
    indexReadsHidingItems: 0,
    itemsHiddenByIndexLag: 0,
    tableReadsHidingItems: 0,
    itemsHiddenByTableLag: 0,
    staleImagesRead: 0,
    transactionsCancelledForConflict: 0,
    transactionsCancelledForThrottling: 0,
    writesThrottled: 0,
    writesConflicted: 0,
    asyncInvocationsDelayed: 0,
    asyncInvocationsRepeated: 0,
    busDeliveriesDelayed: 0,
    busDeliveriesRepeated: 0,
    scheduleRunsOverlapped: 0,
    controlMessagesSent: 0,
    objectWritesSlowedDown: 0,
    callsFrozen: 0,
    requestsThrottledByPartition: 0,
  };
  const draw = (stream: Stream) => {
    let next = streams.get(stream);
    if (!next) {
      next = seededRandom(options.seed ^ streamSalt(stream));
      streams.set(stream, next);
    }
    return next();
  };
  const counted = (hit: boolean, count: keyof AwsLikeCounts) => {
    if (hit) counts[count] += 1;
    return hit;
  };
  const waiting = new Map<NodeJS.Timeout, () => void>();
  const underway = new Set<Promise<unknown>>();
  function handOvers(kind: 'asyncInvocation' | 'busDelivery'): number[] {
    const [stream, maxDelayMs, repeatRate] =
      kind === 'asyncInvocation'
        ? (['asyncInvocations', options.asyncInvokeDelayMs, options.asyncInvokeRepeatRate] as const)
        : (['busDeliveries', options.busDeliveryDelayMs, options.busDeliveryRepeatRate] as const);
    const times = draw(stream) < repeatRate ? 2 : 1;
    const waits = Array.from({ length: times }, () => Math.floor(draw(stream) * maxDelayMs));
    if (kind === 'asyncInvocation') {
      counts.asyncInvocationsDelayed += waits.filter((wait) => wait > 0).length;
      counts.asyncInvocationsRepeated += times - 1;
    } else {
      counts.busDeliveriesDelayed += waits.filter((wait) => wait > 0).length;
      counts.busDeliveriesRepeated += times - 1;
    }
    return waits;
  }
  return {
    options,
    counts,
    partitions: partitionMeter(options),
    setRates: (rates) => Object.assign(options, checkedReplicas(rates)),
    draw,
    overlapsSchedule: () => counted(draw('schedules') < options.scheduleOverlapRate, 'scheduleRunsOverlapped'),
    sendsControlMessage: () => counted(draw('controlMessages') < options.controlMessageRate, 'controlMessagesSent'),
    handOvers,
    deferInvocation(run, onError) {
      for (const wait of handOvers('asyncInvocation')) {
        const deferred = new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            waiting.delete(timer);
            void run().catch(onError).finally(resolve);
          }, wait);
          waiting.set(timer, resolve);
        });
        underway.add(deferred);
        void deferred.finally(() => underway.delete(deferred));
      }
    },
    async idle() {
      while (underway.size > 0) await Promise.allSettled([...underway]);
    },
    async close() {
      for (const [timer, drop] of waiting) {
        clearTimeout(timer);
        drop();
      }
      waiting.clear();
      while (underway.size > 0) await Promise.allSettled([...underway]);
    },
  };
}
