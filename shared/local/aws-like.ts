/**
 * The local stack's AWS-like mode: the emulators answer like AWS but do not
 * time like it, so this mode injects what AWS does at rates and delays one can
 * set. Every rate is a probability per occasion (0 never, 1 always); every
 * delay is the most a delay draws, uniformly from 0. The randomness is seeded,
 * one stream per kind of fault, so a run draws the same sequence every time.
 *
 * What AWS documents and the defaults resemble:
 * - GSI reads are eventually consistent; a change "typically" reaches an index
 *   "within a fraction of a second" (DynamoDB developer guide, "Global secondary
 *   indexes: read consistency").
 * - TransactWriteItems is cancelled when another transaction holds an item
 *   (reason `TransactionConflict`) or capacity is short (`ThrottlingError`,
 *   `ProvisionedThroughputExceeded`) (API reference, TransactionCanceledException).
 * - A single write is refused with ProvisionedThroughputExceededException or
 *   ThrottlingException on a hot partition; the SDK retries those. One that
 *   meets an item a transaction holds is refused with
 *   TransactionConflictException (API reference, PutItem/UpdateItem errors),
 *   which the SDK does not retry.
 * - Asynchronous invocations and EventBridge deliveries are at least once and
 *   can wait (Lambda: "your function may receive the same event multiple
 *   times"; up to 6 hours in the queue).
 * - A schedule fires whether or not the last run ended, and EventBridge may
 *   deliver one scheduled event twice.
 * - A CloudWatch Logs subscription sends CONTROL_MESSAGEs to check its
 *   destination.
 */
export interface AwsLikeOptions {
  /** Seed of every stream of randomness. */
  seed: number;
  /** A Query of a global secondary index does not see an item written less than this many ms ago. */
  indexLagMs: number;
  /** Share of TransactWriteItems calls cancelled (TransactionCanceledException), before anything is written. */
  transactionCancelRate: number;
  /** Of those, the share cancelled for throttling (`ThrottlingError`); the rest for a conflict (`TransactionConflict`). */
  transactionThrottleShare: number;
  /** Share of single-write attempts (Put, Update, Delete, BatchWrite) refused as throttled, below the SDK's retries. */
  writeThrottleRate: number;
  /**
   * Share of single-write attempts (Put, Update, Delete) refused with
   * TransactionConflictException: the item is held by a transaction in flight.
   * The SDK does not retry it.
   */
  writeConflictRate: number;
  /** Most an asynchronous invocation (Lambda Invoke, `Event`) waits before it runs. */
  asyncInvokeDelayMs: number;
  /** Share of asynchronous invocations run a second time. */
  asyncInvokeRepeatRate: number;
  /** Most a bus event waits before a consumer gets it. */
  busDeliveryDelayMs: number;
  /** Share of a consumer's bus deliveries made a second time (the same event, the same id). */
  busDeliveryRepeatRate: number;
  /** Share of a schedule's runs started a second time while the first still runs. */
  scheduleOverlapRate: number;
  /** Share of log subscription deliveries preceded by a CONTROL_MESSAGE. */
  controlMessageRate: number;
}

export const defaultAwsLikeOptions: Readonly<AwsLikeOptions> = {
  seed: 24,
  indexLagMs: 500,
  transactionCancelRate: 0.05,
  transactionThrottleShare: 0.5,
  writeThrottleRate: 0.02,
  writeConflictRate: 0.01,
  asyncInvokeDelayMs: 1_000,
  asyncInvokeRepeatRate: 0.05,
  busDeliveryDelayMs: 500,
  busDeliveryRepeatRate: 0.05,
  scheduleOverlapRate: 0.1,
  controlMessageRate: 0.05,
};

/** What the mode injected so far, by kind: the figures a test or a report can quote. */
export interface AwsLikeCounts {
  indexReadsHidingItems: number;
  itemsHiddenByIndexLag: number;
  transactionsCancelledForConflict: number;
  transactionsCancelledForThrottling: number;
  writesThrottled: number;
  writesConflicted: number;
  asyncInvocationsDelayed: number;
  asyncInvocationsRepeated: number;
  busDeliveriesDelayed: number;
  busDeliveriesRepeated: number;
  scheduleRunsOverlapped: number;
  controlMessagesSent: number;
}

type Stream = 'transactions' | 'writes' | 'writeConflicts' | 'asyncInvocations' | 'busDeliveries' | 'schedules' | 'controlMessages';

/** The mode of one local stack: its options, its seeded draws and what it injected. */
export interface AwsLike {
  readonly options: Readonly<AwsLikeOptions>;
  readonly counts: AwsLikeCounts;
  /**
   * Sets rates and delays from now on (a test raises throttling around one
   * flow, as a hot partition would); the seed and the index lag stay as started.
   */
  setRates(rates: Partial<Omit<AwsLikeOptions, 'seed' | 'indexLagMs'>>): void;
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

/** mulberry32: a small, fast, seedable generator; statistical quality is plenty for fault injection. */
function seededStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const streamSalt = (stream: Stream) => [...stream].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 2_166_136_261);

/** The mode with `overrides` over the defaults; each kind of fault draws from its own stream, so one kind's traffic never shifts another's. */
export function awsLikeMode(overrides: Partial<AwsLikeOptions> = {}): AwsLike {
  const options = { ...defaultAwsLikeOptions, ...overrides };
  const streams = new Map<Stream, () => number>();
  const counts: AwsLikeCounts = {
    indexReadsHidingItems: 0,
    itemsHiddenByIndexLag: 0,
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
  };
  const draw = (stream: Stream) => {
    let next = streams.get(stream);
    if (!next) {
      next = seededStream(options.seed ^ streamSalt(stream));
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
    setRates: (rates) => Object.assign(options, rates),
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

/**
 * How long an export waits after its cutoff in this mode (EXPORT_SETTLE_MS;
 * on AWS the longest recording deadline plus index propagation, 45 s): the
 * deadline of the local recording routes (10 s; their SDK throttle backoff and
 * transientWriteRetry's pauses end inside it), then the index lag. A shorter
 * guess (4 s) was outlived at raised throttle rates: aws-like-transient.test.ts
 * saw an event committed 5.7 s after its recorded_at, missed by its export.
 * Locally nothing ends a call at its deadline as Lambda does, so a call slower
 * than 10 s would still be missed here.
 */
export const awsLikeExportSettleMs = (options: Pick<AwsLikeOptions, 'indexLagMs'>) => options.indexLagMs + 10_000;

/** The variable that turns the mode on for a whole run (`npm start`, a jest run): `1`, or `name=value,…` over the defaults. */
export const awsLikeVariable = 'ACCOUNTING_AWS_LIKE';

/**
 * The options `ACCOUNTING_AWS_LIKE` asks for, undefined when it is unset, empty
 * or `0`. `1` (or `on`) takes the defaults; `indexLagMs=2000,seed=7` sets those
 * two over them. An unknown name or a value that is not a number throws, so a
 * typo never runs a suite without the fault it meant to inject.
 */
export function awsLikeFromVariable(value = process.env[awsLikeVariable]): Partial<AwsLikeOptions> | undefined {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'off') return undefined;
  if (text === '1' || text === 'on') return {};
  const overrides: Partial<AwsLikeOptions> = {};
  for (const pair of text.split(',')) {
    const [name = '', raw = ''] = pair.split('=').map((part) => part.trim());
    const number = Number(raw);
    if (!(name in defaultAwsLikeOptions) || raw === '' || !Number.isFinite(number) || number < 0) {
      throw new Error(`${awsLikeVariable}: "${pair}" is not name=number with a name of ${Object.keys(defaultAwsLikeOptions).join(', ')}`);
    }
    overrides[name as keyof AwsLikeOptions] = number;
  }
  return overrides;
}
