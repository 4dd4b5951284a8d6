/**
 * The options of the local stack's AWS-like mode (shared/local/aws-like.ts):
 * the emulators answer like AWS but do not time like it, so the mode injects
 * what AWS does at rates and delays one can set. Every rate is a probability per occasion (0 never, 1 always); every
 * delay is the most a delay draws, uniformly from 0. The randomness is seeded,
 * one stream per kind of fault, so a run draws the same sequence every time.
 *
 * What AWS documents and the defaults resemble:
 * - GSI reads are eventually consistent; a change "typically" reaches an index
 *   "within a fraction of a second" (DynamoDB developer guide, "Global secondary
 *   indexes: read consistency"), and until then a read "may not reflect the
 *   results of a recently completed write" (developer guide, "DynamoDB read
 *   consistency"): it sees no item yet, or the item as it was before.
 * - Reads are served by replicas: each partition of a table and of each
 *   index is kept by a replication group of 3 replicas; only the leader
 *   serves strongly consistent reads, while "any replica of the replication
 *   group can serve eventually consistent reads" (Elhemali et al., "Amazon
 *   DynamoDB: A Scalable, Predictably Performant, and Fully Managed NoSQL
 *   Database Service", USENIX ATC 2022, section 3). "All reads from global
 *   secondary indexes are eventually consistent", and so are a table's reads
 *   that do not ask for ConsistentRead (developer guide, "DynamoDB read
 *   consistency"). Nothing ties a caller to one replica, so reads are not
 *   monotonic: an item one read saw may be missing from the next.
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
 * - Lambda freezes an execution environment once the runtime has completed
 *   its invocation and no events are pending, and thaws it for the next
 *   invocation: a promise the handler left running resumes then, minutes
 *   later (Lambda developer guide, "Understanding the Lambda execution
 *   environment lifecycle").
 * - A CloudWatch Logs subscription sends CONTROL_MESSAGEs to check its
 *   destination.
 * - S3 answers 503 SlowDown to a spike of requests on a prefix while it scales
 *   (3,500 PUT/COPY/POST/DELETE a second per partitioned prefix); the SDK
 *   retries it with backoff ("Best practices design patterns: optimizing Amazon
 *   S3 performance"; knowledge center, "503 Slow Down within request rate").
 * - A synchronous invocation's response may be at most 6 MB (6,291,556 bytes):
 *   beyond it the invocation fails with `Function.ResponseSizeTooLarge` and an
 *   HTTP API answers 500 without the function's body. An asynchronous
 *   invocation's payload may be at most 1 MB (Lambda API reference, Invoke:
 *   "For asynchronous invocations, the maximum payload size is 1 MB"; 256 KB
 *   until late 2025). These two are limits, not faults: the local runner holds
 *   every mode to them, with these figures unless the mode sets others.
 * - Each partition of a table or of a global secondary index serves at most
 *   1,000 write units and 3,000 read units a second, on-demand or not, and
 *   adaptive capacity cannot lift that for one partition key ("each individual
 *   partition is limited to 1,000 write units per second and 3,000 read units
 *   per second": developer guide, "Understanding DynamoDB warm throughput",
 *   and "Best practices for designing and using partition keys effectively");
 *   beyond it requests are throttled (throttling reason
 *   `KeyRangeThroughputExceeded`: developer guide, "Key range throughput
 *   exceeded"). A write unit is 1 KB of the item, rounded up; a read unit 4 KB
 *   read consistently, or twice that eventually consistently; a transaction
 *   costs each item twice; a Query is charged on the sum of what it read; a
 *   write whose condition fails still consumes its units ("Read/write
 *   operations"). The mode meters every request per partition key
 *   (aws-like-partition-throughput.ts) with a bucket that holds one second of
 *   units: a partition idle for a while takes one second's worth at once,
 *   never more.
 */
export interface AwsLikeOptions {
  /** Seed of every stream of randomness. */
  seed: number;
  /**
   * The most a replica lags behind a write: each replica of the table and of
   * each index applies each write after a lag of its own, drawn (seeded)
   * uniformly below this; from this many ms after the write every replica has it.
   */
  indexLagMs: number;
  /**
   * Replicas of each partition of the table and of each index (an integer, at
   * least 1; DynamoDB keeps 3). Each eventually consistent read (every Query
   * or Scan of an index; a GetItem, Query, Scan or BatchGetItem of the table
   * without `ConsistentRead: true`) is served whole by one replica drawn at
   * random for it, and sees the writes that replica has applied; one with
   * `ConsistentRead: true` sees every acknowledged write, as the leader does.
   * 1: one lag per write and partition, and reads that never go back.
   */
  indexReplicas: number;
  /**
   * Of the items an index replica lags behind that existed before the first
   * write it lacks (updated or deleted ones), the share a read of the index
   * sees as they were before that write instead of not at all; drawn per item
   * and read (a Scan, or a Query with a filter, never sees one). A table
   * replica always shows such an item as it was: it holds that version. A new
   * item is never seen early.
   */
  indexStaleImageRate: number;
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
  /**
   * Share of S3 object-write attempts (PutObject, and the multipart upload's
   * create, parts and complete) answered 503 SlowDown, below the SDK's retries.
   */
  objectWriteSlowDownRate: number;
  /**
   * How long an AWS call that an invocation left running stays frozen at most:
   * a call sent after its handler returned waits for the function's next
   * invocation, or this long, whichever comes first, as Lambda freezes an
   * environment when its handler returns and thaws it for the next call.
   * 0: until the next invocation only.
   */
  lambdaFreezeMs: number;
  /** Write units a second one partition key of the table or of an index serves before it is throttled; 0 turns the limit off. */
  partitionWriteUnitsPerSecond: number;
  /** Read units a second one partition key of the table or of an index serves before it is throttled; 0 turns the limit off. */
  partitionReadUnitsPerSecond: number;
  /** Most bytes of a synchronous invocation's response (the handler's result as JSON); a larger one fails the invocation. */
  lambdaResponseLimitBytes: number;
  /** Most bytes of an asynchronous invocation's payload (Invoke, `Event`); a larger one is refused with 413. */
  asyncInvokePayloadLimitBytes: number;
  /**
   * How long an export waits after its cutoff (EXPORT_SETTLE_MS; on AWS the
   * longest recording deadline plus clock difference, 35 s). The default is
   * the deadline of the local recording routes (10 s; their SDK throttle
   * backoff and transientWriteRetry's pauses end inside it). The ledger is read
   * consistently, so the replica lag does not add to it. A shorter guess (4 s)
   * was outlived at raised throttle rates: aws-like-transient.test.ts saw an
   * event committed 5.7 s after its recorded_at, missed by its export. A run
   * that injects no throttling and records nothing while an export builds may
   * set less (`npm run test:aws-like`). Locally nothing ends a call at its
   * deadline as Lambda does, so a call slower than this would still be missed.
   */
  exportSettleMs: number;
}

export const defaultAwsLikeOptions: Readonly<AwsLikeOptions> = {
  seed: 24,
  indexLagMs: 500,
  indexReplicas: 3,
  indexStaleImageRate: 0.5,
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
  objectWriteSlowDownRate: 0.02,
  lambdaFreezeMs: 60_000,
  partitionWriteUnitsPerSecond: 1_000,
  partitionReadUnitsPerSecond: 3_000,
  lambdaResponseLimitBytes: 6_291_556,
  asyncInvokePayloadLimitBytes: 1_048_576,
  exportSettleMs: 10_000,
};

/** What the mode injected so far, by kind: the figures a test or a report can quote. */
export interface AwsLikeCounts {
  indexReadsHidingItems: number;
  itemsHiddenByIndexLag: number;
  /** Eventually consistent reads of the table (GetItem, Query, Scan, BatchGetItem) whose replica lacked a write of an item they found. */
  tableReadsHidingItems: number;
  itemsHiddenByTableLag: number;
  staleImagesRead: number;
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
  objectWritesSlowedDown: number;
  /** AWS calls sent by an invocation that had already returned, held until its function was invoked again (or lambdaFreezeMs). */
  callsFrozen: number;
  /** Request attempts refused because a partition key they reach was out of units (AwsLike.partitions says what each consumed). */
  requestsThrottledByPartition: number;
}

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
  checkedReplicas(overrides);
  return overrides;
}

/** Options whose `indexReplicas`, when set, is a whole number of replicas, at least 1 (else throws): the mode draws one of them per read. */
export function checkedReplicas<Options extends Partial<Pick<AwsLikeOptions, 'indexReplicas'>>>(options: Options): Options {
  const replicas = options.indexReplicas;
  if (replicas !== undefined && !(Number.isInteger(replicas) && replicas >= 1)) {
    throw new Error(`${awsLikeVariable}: indexReplicas=${replicas} is not a whole number of replicas, at least 1`);
  }
  return options;
}
